import SQLGenLanguage

// Lone anonymous operation
//
// A GraphQL document that contains an anonymous operation (the query short-hand) is only valid if
// it contains only that one operation definition.
// https://spec.graphql.org/September2025/#sec-Lone-Anonymous-Operation
final class LoneAnonymousOperationRule: RuleVisitor {
    private var operationCount = 0

    override func enterDocument(_ document: Document) {
        operationCount = document.definitions.reduce(0) { count, definition in
            if case .operation = definition { return count + 1 }
            return count
        }
    }

    override func enterOperation(_ operation: OperationDefinition) {
        if operation.name == nil && operationCount > 1 {
            report("This anonymous operation must be the only defined operation.", operation.range)
        }
    }
}
