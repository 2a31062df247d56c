import SQLGenLanguage

// Defer and stream directives are used on valid root field
//
// A GraphQL document is only valid if defer and stream directives are not used on the root
// fields of mutation or subscription operations.
// https://github.com/graphql/graphql-spec/pull/742
final class DeferStreamDirectiveOnRootFieldRule: RuleVisitor {
    override class var hooks: RuleHooks { .operation }

    /// Fragments an earlier operation checked without finding an error (graphql-core's
    /// `checked_fragments`): not entered again.
    private var checkedFragments: Set<String> = []

    override func enterOperation(_ operation: OperationDefinition) {
        guard operation.operation != .query, let rootType = context.schema.rootType(for: operation.operation) else { return }
        var visited: Set<String> = []
        if forbid(in: operation.selectionSet, operation: operation.operation.rawValue, rootType: rootType.name, visited: &visited) {
            checkedFragments.formUnion(visited)
        }
    }

    /// Reports the directives used on the root type; whether none was found. A fragment is
    /// marked visited before it is entered, so a cycle of spreads ends.
    private func forbid(in selectionSet: SelectionSet, operation: String, rootType: String, visited: inout Set<String>) -> Bool {
        var valid = true
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let stream = field.directives.first(where: { $0.name.value == "stream" }) {
                    valid = false
                    report("Stream directive cannot be used on root \(operation) type \"\(rootType)\".", stream.range)
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visited.insert(name).inserted, let fragment = context.fragment(named: name) else { continue }
                if let deferDirective = spread.directives.first(where: { $0.name.value == "defer" }) {
                    valid = false
                    report("Defer directive cannot be used on root \(operation) type \"\(rootType)\".", deferDirective.range)
                }
                if !checkedFragments.contains(name) {
                    valid = forbid(in: fragment.selectionSet, operation: operation, rootType: rootType, visited: &visited) && valid
                }
            case .inlineFragment(let inline):
                if let deferDirective = inline.directives.first(where: { $0.name.value == "defer" }) {
                    valid = false
                    report("Defer directive cannot be used on root \(operation) type \"\(rootType)\".", deferDirective.range)
                }
                valid = forbid(in: inline.selectionSet, operation: operation, rootType: rootType, visited: &visited) && valid
            }
        }
        return valid
    }
}
