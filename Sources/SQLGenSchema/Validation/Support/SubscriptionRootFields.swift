import SQLGenLanguage

/// The spec's CollectSubscriptionFields, for SingleFieldSubscriptionsRule: the fields a
/// subscription's root selection set selects, grouped by response key in first-seen order,
/// following fragments whose type condition applies, and every `@skip`/`@include` met on the
/// way (the spec forbids them there, so none of them leaves a selection out).
struct SubscriptionRootFields {
    private(set) var groups: [(key: String, fields: [Field])] = []
    private(set) var conditionalDirectives: [Directive] = []
    private var indexByKey: [String: Int] = [:]

    init(schema: Schema, fragments: [String: FragmentDefinition], rootType: GraphQLObjectType, selectionSet: SelectionSet) {
        var visitedFragments: Set<String> = []
        // Selection lists with the position reached in each: long fragment chains cost heap,
        // not call stack, and the order stays the spec's depth-first one.
        var stack: [(selections: [Selection], next: Int)] = [(selectionSet.selections, 0)]
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].selections.count else {
                stack.removeLast()
                continue
            }
            let selection = stack[top].selections[stack[top].next]
            stack[top].next += 1
            conditionalDirectives += selection.directives.filter { $0.name.value == "skip" || $0.name.value == "include" }
            switch selection {
            case .field(let field):
                add(field)
            case .inlineFragment(let inline):
                if Self.applies(inline.typeCondition, to: rootType, in: schema) { stack.append((inline.selectionSet.selections, 0)) }
            case .fragmentSpread(let spread):
                guard visitedFragments.insert(spread.name.value).inserted, let fragment = fragments[spread.name.value],
                      Self.applies(fragment.typeCondition, to: rootType, in: schema) else { continue }
                stack.append((fragment.selectionSet.selections, 0))
            }
        }
    }

    private mutating func add(_ field: Field) {
        let key = field.responseKey
        if let index = indexByKey[key] {
            groups[index].fields.append(field)
        } else {
            indexByKey[key] = groups.count
            groups.append((key, [field]))
        }
    }

    /// DoesFragmentTypeApply; no type condition applies everywhere.
    private static func applies(_ condition: NamedType?, to objectType: GraphQLObjectType, in schema: Schema) -> Bool {
        guard let condition else { return true }
        let name = condition.name.value
        if name == objectType.name { return true }
        guard let conditionType = schema.typeMap[name], conditionType.isAbstract else { return false }
        return schema.isSubType(abstract: conditionType, maybeSub: .object(objectType))
    }
}
