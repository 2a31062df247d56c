import SQLGenLanguage

// No unused fragments
//
// A GraphQL document is only valid if all fragment definitions are spread within operations, or
// spread within other fragments spread within operations.
// https://spec.graphql.org/September2025/#sec-Fragments-Must-Be-Used
final class NoUnusedFragmentsRule: RuleVisitor {
    override func leaveDocument(_ document: Document) {
        var used: Set<String> = []
        for definition in document.definitions {
            guard case .operation(let operation) = definition else { continue }
            for fragment in context.recursivelyReferencedFragments(of: operation) {
                used.insert(fragment.name.value)
            }
        }
        for definition in document.definitions {
            guard case .fragment(let fragment) = definition else { continue }
            if !used.contains(fragment.name.value) {
                report("Fragment \"\(fragment.name.value)\" is never used.", fragment.range)
            }
        }
    }
}
