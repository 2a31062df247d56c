import SQLGenLanguage

/// Collects the variables used in an operation or fragment, with their expected input types,
/// by walking it with its own `TypeInfo` (as graphql-js's `getVariableUsages` does).
///
/// A definition without any variable is recognised by a plain scan of its AST first, which
/// saves the typed walk for most fragments.
final class VariableUsageCollector: RuleVisitor {
    override class var hooks: RuleHooks { .values }

    private var typeInfo: TypeInfo?
    private var fragmentVariables: [VariableDefinition] = []
    private var usages: [VariableUsage] = []

    static func collect(in definition: Definition, context: ValidationContext) -> [VariableUsage] {
        let selectionSet: SelectionSet
        let directives: [Directive]
        switch definition {
        case .operation(let operation):
            selectionSet = operation.selectionSet
            directives = operation.directives
        case .fragment(let fragment):
            selectionSet = fragment.selectionSet
            directives = fragment.directives
        default:
            return []
        }
        if !directives.contains(where: { containsVariable($0.arguments) }) && !containsVariable(selectionSet) {
            return []
        }
        let typeInfo = TypeInfo(schema: context.schema)
        let collector = VariableUsageCollector(context: context, ruleName: "")
        collector.typeInfo = typeInfo
        if case .fragment(let fragment) = definition { collector.fragmentVariables = fragment.variableDefinitions }
        let walker = DocumentWalker(typeInfo: typeInfo, rules: [collector], context: context)
        walker.visitsVariableDefinitions = false
        walker.walk(definition)
        return collector.usages
    }

    override func enterVariable(_ variable: Variable) {
        let fragmentVariable = fragmentVariables.isEmpty ? nil : fragmentVariables.first { $0.variable.name.value == variable.name.value }
        usages.append(VariableUsage(variable: variable, type: typeInfo?.inputType, defaultValue: typeInfo?.defaultValue, parentType: typeInfo?.parentInputType, fragmentVariable: fragmentVariable))
    }

    // MARK: Untyped scan

    private static func containsVariable(_ selectionSet: SelectionSet) -> Bool {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if containsVariable(field.arguments) || field.directives.contains(where: { containsVariable($0.arguments) }) { return true }
                if let nested = field.selectionSet, containsVariable(nested) { return true }
            case .fragmentSpread(let spread):
                if containsVariable(spread.arguments) || spread.directives.contains(where: { containsVariable($0.arguments) }) { return true }
            case .inlineFragment(let inline):
                if inline.directives.contains(where: { containsVariable($0.arguments) }) || containsVariable(inline.selectionSet) { return true }
            }
        }
        return false
    }

    private static func containsVariable(_ arguments: [Argument]) -> Bool {
        arguments.contains { containsVariable($0.value) }
    }

    private static func containsVariable(_ value: Value) -> Bool {
        switch value {
        case .variable: return true
        case .list(let items, _): return items.contains(where: containsVariable)
        case .object(let fields, _): return fields.contains { containsVariable($0.value) }
        default: return false
        }
    }
}
