import SQLGenLanguage

// Unique variable names
//
// A GraphQL operation is only valid if all its variables are uniquely named.
// https://spec.graphql.org/September2025/#sec-Variable-Uniqueness
final class UniqueVariableNamesRule: RuleVisitor {
    override class var hooks: RuleHooks { [.operation, .fragment] }

    override func enterOperation(_ operation: OperationDefinition) {
        check(operation.variableDefinitions)
    }

    override func enterFragment(_ fragment: FragmentDefinition) {
        check(fragment.variableDefinitions)
    }

    private func check(_ definitions: [VariableDefinition]) {
        guard hasRepeatedName(definitions, name: { $0.variable.name.value }) else { return }
        for group in groupedByName(definitions, name: { $0.variable.name.value }) where group.count > 1 {
            report("There can be only one variable named \"$\(group[0].variable.name.value)\".", ranges: group.map(\.variable.name.range))
        }
    }
}
