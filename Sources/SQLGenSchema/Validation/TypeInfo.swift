import SQLGenLanguage

/// The schema types at the current point of a document walk: the parent type of a selection set,
/// the field being visited, the expected input type of a value, the directive and argument.
///
/// The walker updates it on entering and leaving each node (before rules enter, after they
/// leave), so every rule reads the same answers without recomputing them.
public final class TypeInfo {
    public let schema: Schema

    /// The output type of a field (with its definition), operation or fragment.
    private struct OutputFrame {
        var type: GraphQLTypeRef?
        /// The named type of `type` (looked up once, read by many rules).
        var named: GraphQLNamedType?
        var field: GraphQLField?
    }

    /// The expected type of an argument, variable or value.
    private struct InputFrame {
        var type: GraphQLTypeRef?
        var named: GraphQLNamedType?
        /// The default value of the argument or input field at this position.
        var defaultValue: Value?
    }

    private let outputStack = FrameStack<OutputFrame>()
    /// Composite types of the enclosing selection sets.
    private let parentTypeStack = FrameStack<GraphQLNamedType?>()
    private let inputStack = FrameStack<InputFrame>()
    public private(set) var directive: GraphQLDirective?
    public private(set) var argument: GraphQLInputValue?
    /// The fragment whose spread is being visited, for fragment arguments (experimental).
    private(set) var spreadFragment: FragmentDefinition?

    init(schema: Schema) {
        self.schema = schema
    }

    // MARK: Reading

    /// The output type of the current field, operation or fragment.
    public var type: GraphQLTypeRef? { outputStack.top?.pointee.type }
    /// The named type of `type`.
    public var namedType: GraphQLNamedType? { outputStack.top?.pointee.named }
    /// The named type of `inputType`.
    public var namedInputType: GraphQLNamedType? { inputStack.top?.pointee.named }
    /// The named type of `parentInputType`.
    public var namedParentInputType: GraphQLNamedType? { inputStack.belowTop?.pointee.named }
    /// The composite type whose selection set is being visited.
    public var parentType: GraphQLNamedType? { parentTypeStack.top?.pointee ?? nil }
    /// The expected type of the current input value.
    public var inputType: GraphQLTypeRef? { inputStack.top?.pointee.type }
    /// The expected type of the value enclosing the current one (a list, an input object).
    public var parentInputType: GraphQLTypeRef? { inputStack.belowTop?.pointee.type }
    public var fieldDefinition: GraphQLField? { outputStack.top?.pointee.field }
    /// The default value of the current argument or input field position.
    public var defaultValue: Value? { inputStack.top?.pointee.defaultValue }

    /// The named type at the core of `ref`, if the schema has it.
    @inline(__always)
    func named(_ ref: GraphQLTypeRef?) -> GraphQLNamedType? {
        guard let ref else { return nil }
        return schema.typeMap[ref.namedTypeName]
    }

    /// `typeFromAST`: the schema type an AST type reference denotes, nil if its name is unknown.
    func type(of reference: TypeReference) -> GraphQLTypeRef? {
        guard schema.typeMap[reference.namedType.name.value] != nil else { return nil }
        return GraphQLTypeRef(reference)
    }

    // MARK: Walking

    private func pushType(_ ref: GraphQLTypeRef?, _ named: GraphQLNamedType?) {
        outputStack.push(OutputFrame(type: ref, named: named, field: nil))
    }

    private func popType() {
        outputStack.pop()
    }

    /// Pushes `ref` as the expected input type if it names an input type, else nil.
    private func pushInputType(_ ref: GraphQLTypeRef?, defaultValue: Value?) {
        if let ref, let named = schema.typeMap[ref.namedTypeName], named.isInputType {
            inputStack.push(InputFrame(type: ref, named: named, defaultValue: defaultValue))
        } else {
            inputStack.push(InputFrame(type: nil, named: nil, defaultValue: defaultValue))
        }
    }

    private func popInputType() {
        inputStack.pop()
    }

    func enterSelectionSet() {
        let named = namedType
        parentTypeStack.push(named?.isComposite == true ? named : nil)
    }

    func leaveSelectionSet() { parentTypeStack.pop() }

    func enterField(_ field: Field) {
        guard let parent = parentType, let definition = schema.field(named: field.name.value, on: parent) else {
            outputStack.push(OutputFrame(type: nil, named: nil, field: nil))
            return
        }
        if let named = schema.typeMap[definition.type.namedTypeName], named.isOutputType {
            outputStack.push(OutputFrame(type: definition.type, named: named, field: definition))
        } else {
            outputStack.push(OutputFrame(type: nil, named: nil, field: definition))
        }
    }

    func leaveField() {
        outputStack.pop()
    }

    func enterDirective(_ node: Directive) { directive = schema.directive(named: node.name.value) }
    func leaveDirective() { directive = nil }

    func enterOperation(_ operation: OperationDefinition) {
        if let name = schema.rootTypeName(for: operation.operation), let root = schema.typeMap[name], case .object = root {
            pushType(.named(name), root)
        } else {
            pushType(nil, nil)
        }
    }

    func leaveOperation() { popType() }

    /// Inline fragments and fragment definitions: the type condition, or the enclosing type.
    func enterFragment(typeCondition: NamedType?) {
        if let condition = typeCondition {
            let name = condition.name.value
            if let named = schema.typeMap[name], named.isOutputType {
                pushType(.named(name), named)
            } else {
                pushType(nil, nil)
            }
        } else if let named = namedType {
            pushType(.named(named.name), named)
        } else {
            pushType(nil, nil)
        }
    }

    func leaveFragment() { popType() }

    func enterVariableDefinition(_ definition: VariableDefinition) {
        pushInputType(type(of: definition.type), defaultValue: nil)
    }

    func leaveVariableDefinition() { popInputType() }

    func enterFragmentSpread(_ fragment: FragmentDefinition?) { spreadFragment = fragment }
    func leaveFragmentSpread() { spreadFragment = nil }

    /// An argument of the current directive, else of the spread fragment (experimental fragment
    /// arguments), else of the current field.
    func enterArgument(_ node: Argument) {
        var definition: GraphQLInputValue?
        if let directive {
            definition = directive.argument(named: node.name.value)
        } else if let fragment = spreadFragment {
            if let variable = fragment.variableDefinitions.first(where: { $0.variable.name.value == node.name.value }),
               let ref = type(of: variable.type) {
                definition = GraphQLInputValue(name: node.name.value, type: ref, defaultValue: variable.defaultValue)
            }
        } else if let field = fieldDefinition {
            definition = field.argument(named: node.name.value)
        }
        argument = definition
        pushInputType(definition?.type, defaultValue: definition?.defaultValue)
    }

    func leaveArgument() {
        argument = nil
        popInputType()
    }

    func enterListValue() {
        let nullable = inputType?.nullable
        pushInputType(nullable?.listElement ?? nullable, defaultValue: nil)
    }

    func leaveListValue() {
        popInputType()
    }

    func enterObjectField(_ node: ObjectField) {
        var fieldType: GraphQLTypeRef?
        var defaultValue: Value?
        if case .inputObject(let object)? = namedInputType, let field = object.field(named: node.name.value) {
            fieldType = field.type
            defaultValue = field.defaultValue
        }
        pushInputType(fieldType, defaultValue: defaultValue)
    }

    func leaveObjectField() {
        popInputType()
    }
}
