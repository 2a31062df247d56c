import SQLGenLanguage

/// The schema types at the current point of a document walk: the parent type of a selection set,
/// the field being visited, the expected input type of a value, the directive and argument.
///
/// The walker updates it on entering and leaving each node (before rules enter, after they
/// leave), so every rule reads the same answers without recomputing them.
final class TypeInfo {
    let schema: Schema
    /// Output types (a field's type, an operation's root type, a fragment's type condition).
    private(set) var typeStack: [GraphQLTypeRef?] = []
    /// The named type of each entry of `typeStack` (looked up once, read by many rules).
    private var namedTypeStack: [GraphQLNamedType?] = []
    /// Composite types of the enclosing selection sets.
    private(set) var parentTypeStack: [GraphQLNamedType?] = []
    /// Expected input types of arguments, variables and values.
    private(set) var inputTypeStack: [GraphQLTypeRef?] = []
    private var namedInputTypeStack: [GraphQLNamedType?] = []
    /// The default value of the argument or input field being visited (`.some(nil)`: none).
    private var defaultValueStack: [Value?] = []
    private var fieldDefinitionStack: [GraphQLField?] = []
    private(set) var directive: GraphQLDirective?
    private(set) var argument: GraphQLInputValue?
    /// The fragment whose spread is being visited, for fragment arguments (experimental).
    private(set) var spreadFragment: FragmentDefinition?

    init(schema: Schema) {
        self.schema = schema
        typeStack.reserveCapacity(32)
        namedTypeStack.reserveCapacity(32)
        namedInputTypeStack.reserveCapacity(16)
        parentTypeStack.reserveCapacity(32)
        inputTypeStack.reserveCapacity(16)
        defaultValueStack.reserveCapacity(16)
        fieldDefinitionStack.reserveCapacity(32)
    }

    // MARK: Reading

    /// The output type of the current field, operation or fragment.
    var type: GraphQLTypeRef? { typeStack.last ?? nil }
    /// The named type of `type`.
    var namedType: GraphQLNamedType? { namedTypeStack.last ?? nil }
    /// The named type of `inputType`.
    var namedInputType: GraphQLNamedType? { namedInputTypeStack.last ?? nil }
    /// The named type of `parentInputType`.
    var namedParentInputType: GraphQLNamedType? {
        namedInputTypeStack.count >= 2 ? namedInputTypeStack[namedInputTypeStack.count - 2] : nil
    }
    /// The composite type whose selection set is being visited.
    var parentType: GraphQLNamedType? { parentTypeStack.last ?? nil }
    /// The expected type of the current input value.
    var inputType: GraphQLTypeRef? { inputTypeStack.last ?? nil }
    /// The expected type of the value enclosing the current one (a list, an input object).
    var parentInputType: GraphQLTypeRef? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    var fieldDefinition: GraphQLField? { fieldDefinitionStack.last ?? nil }
    /// The default value of the current argument or input field position.
    var defaultValue: Value? { defaultValueStack.last ?? nil }

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
        typeStack.append(ref)
        namedTypeStack.append(named)
    }

    private func popType() {
        typeStack.removeLast()
        namedTypeStack.removeLast()
    }

    /// Pushes `ref` as the expected input type if it names an input type, else nil.
    private func pushInputType(_ ref: GraphQLTypeRef?) {
        if let ref, let named = schema.typeMap[ref.namedTypeName], named.isInputType {
            inputTypeStack.append(ref)
            namedInputTypeStack.append(named)
        } else {
            inputTypeStack.append(nil)
            namedInputTypeStack.append(nil)
        }
    }

    private func popInputType() {
        inputTypeStack.removeLast()
        namedInputTypeStack.removeLast()
    }

    func enterSelectionSet() {
        let named = namedType
        parentTypeStack.append(named?.isComposite == true ? named : nil)
    }

    func leaveSelectionSet() { parentTypeStack.removeLast() }

    func enterField(_ field: Field) {
        var definition: GraphQLField?
        if let parent = parentType {
            definition = schema.field(named: field.name.value, on: parent)
        }
        fieldDefinitionStack.append(definition)
        if let definition, let named = schema.typeMap[definition.type.namedTypeName], named.isOutputType {
            pushType(definition.type, named)
        } else {
            pushType(nil, nil)
        }
    }

    func leaveField() {
        fieldDefinitionStack.removeLast()
        popType()
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
        pushInputType(type(of: definition.type))
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
        defaultValueStack.append(definition?.defaultValue)
        pushInputType(definition?.type)
    }

    func leaveArgument() {
        argument = nil
        defaultValueStack.removeLast()
        popInputType()
    }

    func enterListValue() {
        let nullable = inputType?.nullable
        defaultValueStack.append(nil)
        pushInputType(nullable?.listElement ?? nullable)
    }

    func leaveListValue() {
        defaultValueStack.removeLast()
        popInputType()
    }

    func enterObjectField(_ node: ObjectField) {
        var fieldType: GraphQLTypeRef?
        var defaultValue: Value?
        if case .inputObject(let object)? = namedInputType, let field = object.field(named: node.name.value) {
            fieldType = field.type
            defaultValue = field.defaultValue
        }
        defaultValueStack.append(defaultValue)
        pushInputType(fieldType)
    }

    func leaveObjectField() {
        defaultValueStack.removeLast()
        popInputType()
    }
}
