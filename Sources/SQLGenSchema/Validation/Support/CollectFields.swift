import SQLGenLanguage

/// graphql-js's `collectFields` without runtime variables, for SingleFieldSubscriptionsRule: the
/// fields an object type's selection set selects, grouped by response key in first-seen order,
/// following fragments whose type condition applies. `@skip(if: true)` and
/// `@include(if: false)` with literal arguments leave a selection out.
func collectFields(schema: Schema, fragments: [String: FragmentDefinition], objectType: GraphQLObjectType, selectionSet: SelectionSet) -> [(key: String, fields: [Field])] {
    var groups: [(key: String, fields: [Field])] = []
    var indexByKey: [String: Int] = [:]
    var visitedFragments: Set<String> = []

    func isExcluded(_ directives: [Directive]) -> Bool {
        for directive in directives {
            guard directive.name.value == "skip" || directive.name.value == "include",
                  let argument = directive.arguments.first(where: { $0.name.value == "if" }),
                  case .boolean(let condition, _) = argument.value else { continue }
            if directive.name.value == "skip" && condition { return true }
            if directive.name.value == "include" && !condition { return true }
        }
        return false
    }

    func applies(_ condition: NamedType?) -> Bool {
        guard let condition else { return true }
        let name = condition.name.value
        if name == objectType.name { return true }
        guard let conditionType = schema.typeMap[name], conditionType.isAbstract else { return false }
        return schema.isSubType(abstract: conditionType, maybeSub: .object(objectType))
    }

    func collect(_ selectionSet: SelectionSet) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if isExcluded(field.directives) { continue }
                let key = field.responseKey
                if let index = indexByKey[key] {
                    groups[index].fields.append(field)
                } else {
                    indexByKey[key] = groups.count
                    groups.append((key, [field]))
                }
            case .inlineFragment(let inline):
                if isExcluded(inline.directives) || !applies(inline.typeCondition) { continue }
                collect(inline.selectionSet)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if isExcluded(spread.directives) || visitedFragments.contains(name) { continue }
                visitedFragments.insert(name)
                guard let fragment = fragments[name], applies(fragment.typeCondition) else { continue }
                collect(fragment.selectionSet)
            }
        }
    }

    collect(selectionSet)
    return groups
}
