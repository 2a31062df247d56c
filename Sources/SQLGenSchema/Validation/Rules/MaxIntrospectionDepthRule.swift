import SQLGenLanguage

// Max introspection depth
//
// An introspection query must not nest the list fields `fields`, `interfaces`, `possibleTypes`
// and `inputFields` three deep, which would let a small query produce a huge response.
// https://github.com/graphql/graphql-js/pull/4118
final class MaxIntrospectionDepthRule: RuleVisitor {
    override class var hooks: RuleHooks { .field }

    private static let maxListsDepth = 3
    /// Field nesting depth, and the depth of a reported `__schema`/`__type` field (its inside is
    /// not checked again).
    private var fieldDepth = 0
    private var reportedAtDepth = 0
    /// Per fragment: the greatest entry depth at which its check finished under the limit, and
    /// the smallest at which it reached the limit (shared by all checks of the document).
    private var checkedFragments: [String: Int] = [:]
    private var exceededFragments: [String: Int] = [:]

    override func enterField(_ field: Field) {
        fieldDepth += 1
        guard reportedAtDepth == 0 else { return }
        let name = field.name.value
        guard name == "__schema" || name == "__type" else { return }
        var visited: [String: Int] = [:]
        var entered: [(name: String, depth: Int)] = []
        if exceedsDepth([.field(field)], depth: 0, visited: &visited, entered: &entered) {
            report("Maximum introspection depth exceeded", field.range)
            reportedAtDepth = fieldDepth
        }
    }

    override func leaveField(_ field: Field) {
        if reportedAtDepth == fieldDepth { reportedAtDepth = 0 }
        fieldDepth -= 1
    }

    /// Whether the introspection list fields nest `maxListsDepth` deep below `selections`.
    /// A fragment is entered again only at a greater list depth, so cycles end.
    private func exceedsDepth(_ selections: [Selection], depth: Int, visited: inout [String: Int], entered: inout [(name: String, depth: Int)]) -> Bool {
        for selection in selections {
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if let exceeded = exceededFragments[name], exceeded <= depth {
                    markExceeded(entered)
                    return true
                }
                if (visited[name] ?? -1) >= depth || (checkedFragments[name] ?? -1) >= depth { continue }
                guard let fragment = context.fragment(named: name) else { continue }
                visited[name] = depth
                entered.append((name, depth))
                if exceedsDepth(fragment.selectionSet.selections, depth: depth, visited: &visited, entered: &entered) { return true }
                entered.removeLast()
                checkedFragments[name] = depth
            case .field(let field):
                var depth = depth
                switch field.name.value {
                case "fields", "interfaces", "possibleTypes", "inputFields":
                    depth += 1
                    if depth >= Self.maxListsDepth {
                        markExceeded(entered)
                        return true
                    }
                default:
                    break
                }
                if let nested = field.selectionSet, exceedsDepth(nested.selections, depth: depth, visited: &visited, entered: &entered) {
                    return true
                }
            case .inlineFragment(let inline):
                if exceedsDepth(inline.selectionSet.selections, depth: depth, visited: &visited, entered: &entered) { return true }
            }
        }
        return false
    }

    /// Every fragment being checked reached the limit; the outermost entry depth wins.
    private func markExceeded(_ entered: [(name: String, depth: Int)]) {
        for fragment in entered.reversed() { exceededFragments[fragment.name] = fragment.depth }
    }
}
