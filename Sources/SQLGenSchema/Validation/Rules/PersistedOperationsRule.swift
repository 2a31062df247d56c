import SQLGenLanguage

// Persisted operations are named
//
// An operation stored as a persisted operation is looked up by name, so every operation must
// have one (operation names are unique across a connector's files by UniqueOperationNamesRule
// when the files are validated together). Not part of the spec; opt in.
// https://spec.graphql.org/September2025/#sec-Named-Operation-Definitions
final class PersistedOperationsNamedRule: RuleVisitor {
    override func enterOperation(_ operation: OperationDefinition) {
        if operation.name == nil {
            let kind = operation.operation.rawValue
            report("Persisted operations must be named: give this \(kind) a name, e.g. \"\(kind) GetItems { ... }\".", operation.range)
        }
    }
}
