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
    /// Composite types of the enclosing selection sets.
    private(set) var parentTypeStack: [GraphQLNamedType?] = []
    /// Expected input types of arguments, variables and values.
    private(set) var inputTypeStack: [GraphQLTypeRef?] = []
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
        parentTypeStack.reserveCapacity(32)
        inputTypeStack.reserveCapacity(16)
        defaultValueStack.reserveCapacity(16)
        fieldDefinitionStack.reserveCapacity(32)
    }

    // MARK: Reading

    /// The output type of the current field, operation or fragment.
    var type: GraphQLTypeRef? { typeStack.last ?? nil }
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

    func enterSelectionSet() {
        let named = named(type)
        parentTypeStack.append(named?.isComposite == true ? named : nil)
    }

    func leaveSelectionSet() { parentTypeStack.removeLast() }

    func enterField(_ field: Field) {
        var definition: GraphQLField?
        if let parent = parentType {
            definition = schema.field(named: field.name.value, on: parent)
        }
        fieldDefinitionStack.append(definition)
        if let definition, named(definition.type)?.isOutputType == true {
            typeStack.append(definition.type)
        } else {
            typeStack.append(nil)
        }
    }

    func leaveField() {
        fieldDefinitionStack.removeLast()
        typeStack.removeLast()
    }

    func enterDirective(_ node: Directive) { directive = schema.directive(named: node.name.value) }
    func leaveDirective() { directive = nil }

    func enterOperation(_ operation: OperationDefinition) {
        if let name = schema.rootTypeName(for: operation.operation), case .object? = schema.typeMap[name] {
            typeStack.append(.named(name))
        } else {
            typeStack.append(nil)
        }
    }

    func leaveOperation() { typeStack.removeLast() }

    /// Inline fragments and fragment definitions: the type condition, or the enclosing type.
    func enterFragment(typeCondition: NamedType?) {
        if let condition = typeCondition {
            let name = condition.name.value
            typeStack.append(schema.typeMap[name]?.isOutputType == true ? .named(name) : nil)
        } else if let named = named(type) {
            typeStack.append(.named(named.name))
        } else {
            typeStack.append(nil)
        }
    }

    func leaveFragment() { typeStack.removeLast() }

    func enterVariableDefinition(_ definition: VariableDefinition) {
        let ref = type(of: definition.type)
        inputTypeStack.append(named(ref)?.isInputType == true ? ref : nil)
    }

    func leaveVariableDefinition() { inputTypeStack.removeLast() }

    func enterFragmentSpread(_ fragment: FragmentDefinition?) { spreadFragment = fragment }
    func leaveFragmentSpread() { spreadFragment = nil }

    /// An argument of the current directive, else of the current field, else of the spread fragment.
    func enterArgument(_ node: Argument) {
        var definition: GraphQLInputValue?
        if let directive {
            definition = directive.argument(named: node.name.value)
        } else if let field = fieldDefinition {
            definition = field.argument(named: node.name.value)
        } else if let fragment = spreadFragment,
                  let variable = fragment.variableDefinitions.first(where: { $0.variable.name.value == node.name.value }),
                  let ref = type(of: variable.type) {
            definition = GraphQLInputValue(name: node.name.value, type: ref, defaultValue: variable.defaultValue)
        }
        argument = definition
        defaultValueStack.append(definition?.defaultValue)
        if let definition, named(definition.type)?.isInputType == true {
            inputTypeStack.append(definition.type)
        } else {
            inputTypeStack.append(nil)
        }
    }

    func leaveArgument() {
        argument = nil
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    func enterListValue() {
        let nullable = inputType?.nullable
        let item = nullable?.listElement ?? nullable
        defaultValueStack.append(nil)
        inputTypeStack.append(named(item)?.isInputType == true ? item : nil)
    }

    func leaveListValue() {
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    func enterObjectField(_ node: ObjectField) {
        var fieldType: GraphQLTypeRef?
        var defaultValue: Value?
        if case .inputObject(let object)? = named(inputType), let field = object.field(named: node.name.value) {
            fieldType = field.type
            defaultValue = field.defaultValue
        }
        defaultValueStack.append(defaultValue)
        inputTypeStack.append(named(fieldType)?.isInputType == true ? fieldType : nil)
    }

    func leaveObjectField() {
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }
}
