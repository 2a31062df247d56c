import SQLGenLanguage

// Max introspection depth
//
// An introspection query must not nest the list fields `fields`, `interfaces`, `possibleTypes`
// and `inputFields` three deep, which would let a small query produce a huge response.
// https://github.com/graphql/graphql-js/pull/4118
final class MaxIntrospectionDepthRule: RuleVisitor {
    private static let maxListsDepth = 3
    /// Field nesting depth, and the depth of a reported `__schema`/`__type` field (its inside is
    /// not checked again).
    private var fieldDepth = 0
    private var reportedAtDepth = 0

    override func enterField(_ field: Field) {
        fieldDepth += 1
        guard reportedAtDepth == 0 else { return }
        let name = field.name.value
        guard name == "__schema" || name == "__type" else { return }
        var visited: Set<String> = []
        if exceedsDepth(.field(field), visited: &visited, depth: 0) {
            report("Maximum introspection depth exceeded", field.range)
            reportedAtDepth = fieldDepth
        }
    }

    override func leaveField(_ field: Field) {
        if reportedAtDepth == fieldDepth { reportedAtDepth = 0 }
        fieldDepth -= 1
    }

    private func exceedsDepth(_ selection: Selection, visited: inout Set<String>, depth: Int) -> Bool {
        var depth = depth
        let selectionSet: SelectionSet?
        switch selection {
        case .fragmentSpread(let spread):
            let name = spread.name.value
            guard !visited.contains(name), let fragment = context.fragment(named: name) else { return false }
            visited.insert(name)
            defer { visited.remove(name) }
            return fragment.selectionSet.selections.contains { exceedsDepth($0, visited: &visited, depth: depth) }
        case .field(let field):
            switch field.name.value {
            case "fields", "interfaces", "possibleTypes", "inputFields":
                depth += 1
                if depth >= Self.maxListsDepth { return true }
            default:
                break
            }
            selectionSet = field.selectionSet
        case .inlineFragment(let inline):
            selectionSet = inline.selectionSet
        }
        guard let selectionSet else { return false }
        for child in selectionSet.selections where exceedsDepth(child, visited: &visited, depth: depth) {
            return true
        }
        return false
    }
}
