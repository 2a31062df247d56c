import SQLGenLanguage

// Known operation types
//
// A GraphQL document is only valid if every operation's type (query, mutation, subscription) has
// a root operation type in the schema.
// https://spec.graphql.org/September2025/#sec-Operation-Type-Existence
final class KnownOperationTypesRule: RuleVisitor {
    override func enterOperation(_ operation: OperationDefinition) {
        if context.schema.rootType(for: operation.operation) == nil {
            report("The \(operation.operation.rawValue) operation is not supported by the schema.", operation.range)
        }
    }
}
