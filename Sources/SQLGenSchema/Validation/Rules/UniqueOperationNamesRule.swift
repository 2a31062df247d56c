import SQLGenLanguage

// Unique operation names
//
// A GraphQL document is only valid if all defined operations have unique names.
// https://spec.graphql.org/September2025/#sec-Operation-Name-Uniqueness
final class UniqueOperationNamesRule: RuleVisitor {
    override class var hooks: RuleHooks { .operation }

    private var known = FirstByName<Name>()

    override func enterOperation(_ operation: OperationDefinition) {
        guard let name = operation.name else { return }
        if let previous = known.first(name.value, else: name) {
            report("There can be only one operation named \"\(name.value)\".", previous.range, name.range)
        }
    }
}
