import SQLGenLanguage

// No unused fragments
//
// A GraphQL document is only valid if all fragment definitions are spread within operations, or
// spread within other fragments spread within operations.
// https://spec.graphql.org/September2025/#sec-Fragments-Must-Be-Used
final class NoUnusedFragmentsRule: RuleVisitor {
    override class var hooks: RuleHooks { [.operation, .document] }

    private var used: Set<String> = []

    // The fragments each operation uses are gathered as the walk enters it (the context has
    // worked them out for other rules already), rather than by a second pass at the end.
    override func enterOperation(_ operation: OperationDefinition) {
        guard !context.fragments.isEmpty else { return }
        for fragment in context.referencedFragmentsOfCurrentOperation(operation) {
            used.insert(fragment.name.value)
        }
    }

    override func leaveDocument(_ document: Document) {
        guard !context.fragments.isEmpty else { return }
        for definition in document.definitions {
            guard case .fragment(let fragment) = definition else { continue }
            if !used.contains(fragment.name.value) {
                report("Fragment \"\(fragment.name.value)\" is never used.", fragment.range)
            }
        }
    }
}
