import SQLGenLanguage

// Defer and stream directives are used on valid root field
//
// A GraphQL document is only valid if defer and stream directives are not used on the root
// fields of mutation or subscription operations.
// https://github.com/graphql/graphql-spec/pull/742
final class DeferStreamDirectiveOnRootFieldRule: RuleVisitor {
    override func enterOperation(_ operation: OperationDefinition) {
        guard operation.operation != .query, let rootType = context.schema.rootType(for: operation.operation) else { return }
        var visited: Set<String> = []
        forbid(in: operation.selectionSet, operation: operation.operation.rawValue, rootType: rootType.name, visited: &visited)
    }

    private func forbid(in selectionSet: SelectionSet, operation: String, rootType: String, visited: inout Set<String>) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let stream = field.directives.first(where: { $0.name.value == "stream" }) {
                    report("Stream directive cannot be used on root \(operation) type \"\(rootType)\".", stream.range)
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if visited.contains(name) { continue }
                if let fragment = context.fragment(named: name) {
                    if let deferDirective = spread.directives.first(where: { $0.name.value == "defer" }) {
                        report("Defer directive cannot be used on root \(operation) type \"\(rootType)\".", deferDirective.range)
                    }
                    forbid(in: fragment.selectionSet, operation: operation, rootType: rootType, visited: &visited)
                }
                visited.insert(name)
            case .inlineFragment(let inline):
                if let deferDirective = inline.directives.first(where: { $0.name.value == "defer" }) {
                    report("Defer directive cannot be used on root \(operation) type \"\(rootType)\".", deferDirective.range)
                }
                forbid(in: inline.selectionSet, operation: operation, rootType: rootType, visited: &visited)
            }
        }
    }
}
