import SQLGenLanguage

/// The single traversal behind validation: walks a document in graphql-js's visiting order,
/// keeps `TypeInfo` up to date and calls every rule for every node.
///
/// A rule may skip the inside of a list or object value (returning false on entering it); the
/// walker then stops calling that rule until it leaves that value, as graphql-js's
/// `visitInParallel` does.
final class DocumentWalker {
    private let typeInfo: TypeInfo
    private let context: ValidationContext
    // The rules that implement each kind of callback, in rule order. Nodes with directives also
    // call the rules that look at directive lists.
    private let documentRules: [RuleVisitor]
    private let operationRules: [RuleVisitor]
    private let fragmentRules: [RuleVisitor]
    private let typeSystemRules: [RuleVisitor]
    private let directiveListRules: [RuleVisitor]
    private let variableDefinitionRules: [RuleVisitor]
    private let selectionSetRules: [RuleVisitor]
    private let fieldRules: [RuleVisitor]
    private let fragmentSpreadRules: [RuleVisitor]
    private let inlineFragmentRules: [RuleVisitor]
    private let directiveRules: [RuleVisitor]
    private let argumentRules: [RuleVisitor]
    private let namedTypeRules: [RuleVisitor]
    private let valueRules: [RuleVisitor]
    /// Per value rule: the value depth at which it asked to skip, 0 when it is not skipping.
    private var skipDepth: [Int]
    private var valueDepth = 0
    /// The variables used in the operation or fragment being walked (not in its variable
    /// definitions), with their expected types: graphql-js's `getVariableUsages`, gathered by
    /// this walk instead of a second one.
    private(set) var recordedUsages: [VariableUsage] = []
    private var recordsUsages = false
    /// The variables the fragment being walked defines (experimental fragment arguments).
    private var fragmentVariables: [VariableDefinition] = []

    /// `hooks[i]` are the node kinds `rules[i]` handles (`.all` calls it for every node, which
    /// tests use to check that the declared hooks are complete).
    init(typeInfo: TypeInfo, rules: [RuleVisitor], hooks: [RuleHooks], context: ValidationContext) {
        self.typeInfo = typeInfo
        self.context = context
        func using(_ kinds: RuleHooks) -> [RuleVisitor] {
            var using: [RuleVisitor] = []
            for (index, rule) in rules.enumerated() where !hooks[index].isDisjoint(with: kinds) { using.append(rule) }
            return using
        }
        documentRules = using(.document)
        operationRules = using([.operation, .directives])
        fragmentRules = using([.fragment, .directives])
        typeSystemRules = using(.typeSystem)
        directiveListRules = using(.directives)
        variableDefinitionRules = using([.variableDefinition, .directives])
        selectionSetRules = using(.selectionSet)
        fieldRules = using([.field, .directives])
        fragmentSpreadRules = using([.fragmentSpread, .directives])
        inlineFragmentRules = using([.inlineFragment, .directives])
        directiveRules = using(.directive)
        argumentRules = using(.argument)
        namedTypeRules = using(.namedType)
        valueRules = using(.values)
        skipDepth = Array(repeating: 0, count: valueRules.count)
    }

    func walk(_ document: Document) {
        for rule in documentRules { rule.enterDocument(document) }
        for definition in document.definitions {
            if context.isAborted { return }
            walk(definition)
        }
        if context.isAborted { return }
        for rule in documentRules { rule.leaveDocument(document) }
    }

    func walk(_ definition: Definition) {
        switch definition {
        case .operation(let operation): walk(operation)
        case .fragment(let fragment): walk(fragment)
        default: walkTypeSystem(definition)
        }
    }

    // MARK: Executable definitions

    private func walk(_ operation: OperationDefinition) {
        context.operationOrdinal += 1
        typeInfo.enterOperation(operation)
        let location: DirectiveLocation
        switch operation.operation {
        case .query: location = .query
        case .mutation: location = .mutation
        case .subscription: location = .subscription
        }
        for rule in operationRules {
            rule.enterOperation(operation)
            rule.enterDirectives(operation.directives, location: location, owner: .executable)
        }
        for definition in operation.variableDefinitions { walk(definition) }
        recordedUsages.removeAll(keepingCapacity: true)
        recordsUsages = true
        walk(operation.directives, location: location)
        walk(operation.selectionSet)
        recordsUsages = false
        context.walkedOperationUsages = recordedUsages
        for rule in operationRules { rule.leaveOperation(operation) }
        typeInfo.leaveOperation()
    }

    private func walk(_ fragment: FragmentDefinition) {
        typeInfo.enterFragment(typeCondition: fragment.typeCondition)
        for rule in fragmentRules {
            rule.enterFragment(fragment)
            rule.enterDirectives(fragment.directives, location: .fragmentDefinition, owner: .executable)
        }
        for definition in fragment.variableDefinitions { walk(definition) }
        walkNamedType(fragment.typeCondition, inTypeSystem: false)
        recordedUsages.removeAll(keepingCapacity: true)
        recordsUsages = true
        fragmentVariables = fragment.variableDefinitions
        walk(fragment.directives, location: .fragmentDefinition)
        walk(fragment.selectionSet)
        recordsUsages = false
        fragmentVariables = []
        if !context.isAborted { context.recordWalkedUsages(recordedUsages, of: fragment) }
        for rule in fragmentRules { rule.leaveFragment(fragment) }
        typeInfo.leaveFragment()
    }

    private func walk(_ definition: VariableDefinition) {
        typeInfo.enterVariableDefinition(definition)
        for rule in variableDefinitionRules {
            rule.enterVariableDefinition(definition)
            rule.enterDirectives(definition.directives, location: .variableDefinition, owner: .executable)
        }
        walk(definition.type, inTypeSystem: false)
        if let value = definition.defaultValue { walk(value) }
        walk(definition.directives, location: .variableDefinition)
        for rule in variableDefinitionRules { rule.leaveVariableDefinition(definition) }
        typeInfo.leaveVariableDefinition()
    }

    private func walk(_ selectionSet: SelectionSet) {
        typeInfo.enterSelectionSet()
        for rule in selectionSetRules { rule.enterSelectionSet(selectionSet) }
        for selection in selectionSet.selections {
            if context.isAborted { break }
            switch selection {
            case .field(let field): walk(field)
            case .fragmentSpread(let spread): walk(spread)
            case .inlineFragment(let inline): walk(inline)
            }
        }
        for rule in selectionSetRules { rule.leaveSelectionSet(selectionSet) }
        typeInfo.leaveSelectionSet()
    }

    private func walk(_ field: Field) {
        typeInfo.enterField(field)
        for rule in fieldRules {
            rule.enterField(field)
            rule.enterDirectives(field.directives, location: .field, owner: .executable)
        }
        for argument in field.arguments { walk(argument) }
        walk(field.directives, location: .field)
        if let selectionSet = field.selectionSet { walk(selectionSet) }
        for rule in fieldRules { rule.leaveField(field) }
        typeInfo.leaveField()
    }

    private func walk(_ spread: FragmentSpread) {
        for rule in fragmentSpreadRules {
            rule.enterFragmentSpread(spread)
            rule.enterDirectives(spread.directives, location: .fragmentSpread, owner: .executable)
        }
        if !spread.arguments.isEmpty {
            typeInfo.enterFragmentSpread(context.fragment(named: spread.name.value))
            for argument in spread.arguments { walk(argument) }
            typeInfo.leaveFragmentSpread()
        }
        walk(spread.directives, location: .fragmentSpread)
        for rule in fragmentSpreadRules { rule.leaveFragmentSpread(spread) }
    }

    private func walk(_ inline: InlineFragment) {
        typeInfo.enterFragment(typeCondition: inline.typeCondition)
        for rule in inlineFragmentRules {
            rule.enterInlineFragment(inline)
            rule.enterDirectives(inline.directives, location: .inlineFragment, owner: .executable)
        }
        if let condition = inline.typeCondition { walkNamedType(condition, inTypeSystem: false) }
        walk(inline.directives, location: .inlineFragment)
        walk(inline.selectionSet)
        for rule in inlineFragmentRules { rule.leaveInlineFragment(inline) }
        typeInfo.leaveFragment()
    }

    // MARK: Directives, arguments, values, types

    private func walk(_ directives: [Directive], location: DirectiveLocation) {
        for directive in directives {
            typeInfo.enterDirective(directive)
            for rule in directiveRules { rule.enterDirective(directive, location: location) }
            for argument in directive.arguments { walk(argument) }
            for rule in directiveRules { rule.leaveDirective(directive) }
            typeInfo.leaveDirective()
        }
    }

    private func walk(_ argument: Argument) {
        typeInfo.enterArgument(argument)
        for rule in argumentRules { rule.enterArgument(argument) }
        walk(argument.value)
        for rule in argumentRules { rule.leaveArgument(argument) }
        typeInfo.leaveArgument()
    }

    private func walk(_ value: Value) {
        valueDepth += 1
        defer { valueDepth -= 1 }
        switch value {
        case .variable(let variable):
            if recordsUsages { record(variable) }
            for (index, rule) in valueRules.enumerated() where skipDepth[index] == 0 { rule.enterVariable(variable) }
        case .list(let items, _):
            typeInfo.enterListValue()
            for (index, rule) in valueRules.enumerated() where skipDepth[index] == 0 {
                if !rule.enterListValue(value) { skipDepth[index] = valueDepth }
            }
            for item in items { walk(item) }
            for index in valueRules.indices where skipDepth[index] == valueDepth { skipDepth[index] = 0 }
            typeInfo.leaveListValue()
        case .object(let fields, _):
            for (index, rule) in valueRules.enumerated() where skipDepth[index] == 0 {
                if !rule.enterObjectValue(fields, value: value) { skipDepth[index] = valueDepth }
            }
            for field in fields {
                typeInfo.enterObjectField(field)
                for (index, rule) in valueRules.enumerated() where skipDepth[index] == 0 { rule.enterObjectField(field) }
                walk(field.value)
                typeInfo.leaveObjectField()
            }
            for (index, rule) in valueRules.enumerated() {
                if skipDepth[index] == valueDepth {
                    skipDepth[index] = 0
                } else if skipDepth[index] == 0 {
                    rule.leaveObjectValue(fields, value: value)
                }
            }
        case .null:
            for (index, rule) in valueRules.enumerated() where skipDepth[index] == 0 { rule.enterNullValue(value) }
        case .int, .float, .string, .boolean, .enumValue:
            for (index, rule) in valueRules.enumerated() where skipDepth[index] == 0 { rule.enterScalarValue(value) }
        }
    }

    private func record(_ variable: Variable) {
        let fragmentVariable = fragmentVariables.isEmpty ? nil : fragmentVariables.first { $0.variable.name.value == variable.name.value }
        recordedUsages.append(VariableUsage(variable: variable, type: typeInfo.inputType, defaultValue: typeInfo.defaultValue, parentType: typeInfo.parentInputType, fragmentVariable: fragmentVariable))
    }

    private func walk(_ type: TypeReference, inTypeSystem: Bool) {
        switch type {
        case .named(let named): walkNamedType(named, inTypeSystem: inTypeSystem)
        case .list(let inner, _), .nonNull(let inner, _): walk(inner, inTypeSystem: inTypeSystem)
        }
    }

    private func walkNamedType(_ type: NamedType, inTypeSystem: Bool) {
        for rule in namedTypeRules { rule.enterNamedType(type, inTypeSystem: inTypeSystem) }
    }

    // MARK: Type-system definitions (only to report them, and their directives and types)

    private func walkTypeSystem(_ definition: Definition) {
        for rule in typeSystemRules { rule.enterTypeSystemDefinition(definition) }
        switch definition {
        case .schema(let schema), .schemaExtension(let schema):
            enterDirectives(schema.directives, location: .schema, owner: .schema)
            walk(schema.directives, location: .schema)
            for operationType in schema.operationTypes { walkNamedType(operationType.type, inTypeSystem: true) }
        case .type(let type), .typeExtension(let type):
            walkTypeDefinition(type)
        case .directive(let directive), .directiveExtension(let directive):
            for argument in directive.arguments { walkInputValue(argument, location: .argumentDefinition) }
        case .operation, .fragment:
            break
        }
    }

    private func walkTypeDefinition(_ type: TypeDefinition) {
        let owner = DirectiveOwner.type(type.name.value)
        switch type {
        case .scalar(let scalar):
            enterDirectives(scalar.directives, location: .scalar, owner: owner)
            walk(scalar.directives, location: .scalar)
        case .object(let object):
            walkObjectLike(object, location: .object, owner: owner)
        case .interface(let interface):
            walkObjectLike(interface, location: .interface, owner: owner)
        case .union(let union):
            enterDirectives(union.directives, location: .union, owner: owner)
            walk(union.directives, location: .union)
            for member in union.types { walkNamedType(member, inTypeSystem: true) }
        case .enumType(let enumType):
            enterDirectives(enumType.directives, location: .enumType, owner: owner)
            walk(enumType.directives, location: .enumType)
            for value in enumType.values {
                enterDirectives(value.directives, location: .enumValue, owner: .other)
                walk(value.directives, location: .enumValue)
            }
        case .inputObject(let input):
            enterDirectives(input.directives, location: .inputObject, owner: owner)
            walk(input.directives, location: .inputObject)
            for field in input.fields { walkInputValue(field, location: .inputFieldDefinition) }
        }
    }

    private func walkObjectLike(_ object: ObjectTypeDefinition, location: DirectiveLocation, owner: DirectiveOwner) {
        enterDirectives(object.directives, location: location, owner: owner)
        for interface in object.interfaces { walkNamedType(interface, inTypeSystem: true) }
        walk(object.directives, location: location)
        for field in object.fields {
            enterDirectives(field.directives, location: .fieldDefinition, owner: .other)
            for argument in field.arguments { walkInputValue(argument, location: .argumentDefinition) }
            walk(field.type, inTypeSystem: true)
            walk(field.directives, location: .fieldDefinition)
        }
    }

    private func walkInputValue(_ value: InputValueDefinition, location: DirectiveLocation) {
        enterDirectives(value.directives, location: location, owner: .other)
        walk(value.type, inTypeSystem: true)
        if let defaultValue = value.defaultValue { walk(defaultValue) }
        walk(value.directives, location: location)
    }

    private func enterDirectives(_ directives: [Directive], location: DirectiveLocation, owner: DirectiveOwner) {
        for rule in directiveListRules { rule.enterDirectives(directives, location: location, owner: owner) }
    }
}
