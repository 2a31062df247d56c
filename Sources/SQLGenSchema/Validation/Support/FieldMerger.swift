import SQLGenLanguage

/// OverlappingFieldsCanBeMergedRule's comparisons, following graphql-js's algorithm: fields
/// collected once per selection set, fragment pairs and (fields, fragment) pairs compared once
/// each (remembering whether the comparison assumed mutually exclusive parents), so documents
/// with many fragments stay polynomial.
final class FieldMerger {
    private let context: ValidationContext
    private var cache: [SourceRange: CollectedFields] = [:]
    private var fragmentCache: [String: CollectedFields] = [:]
    /// (fields, fragment) pairs compared, with whether the comparison assumed exclusive parents.
    private var comparedFieldsAndFragments: [ObjectIdentifier: [String: Bool]] = [:]
    /// Unordered fragment pairs compared, likewise.
    private var comparedFragments: [String: [String: Bool]] = [:]

    init(context: ValidationContext) {
        self.context = context
    }

    func conflictsWithin(_ selectionSet: SelectionSet, parentType: GraphQLNamedType?) -> [FieldConflict] {
        // Most selection sets use each response name once and spread no fragment: nothing to
        // compare, and no need to collect their fields.
        if hasDistinctNamesAndNoSpreads(selectionSet) { return [] }
        var conflicts: [FieldConflict] = []
        let fields = collected(selectionSet, parentType: parentType)
        // (A) Conflicts among the fields of this selection set.
        for group in fields.groups where group.members.count > 1 {
            let members = group.members
            for i in 0..<members.count {
                for j in (i + 1)..<members.count {
                    if let conflict = findConflict(exclusive: false, responseName: group.key, fields, members[i], fields, members[j]) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
        let fragments = fields.fragmentNames
        for i in fragments.indices {
            // (B) Between these fields and each spread fragment.
            collectBetweenFieldsAndFragment(&conflicts, exclusive: false, fields: fields, fragmentName: fragments[i])
            // (C) Between fragments spread together.
            for j in (i + 1)..<fragments.count {
                collectBetweenFragments(&conflicts, exclusive: false, fragments[i], fragments[j])
            }
        }
        return conflicts
    }

    /// Response keys of the selection set being checked (kept to reuse its storage).
    private var responseKeys: [String] = []

    private func hasDistinctNamesAndNoSpreads(_ selectionSet: SelectionSet) -> Bool {
        // Gathered into a local array (moved out of the property and back) so that the appends
        // need no exclusivity checks.
        var keys = responseKeys
        responseKeys = []
        defer { responseKeys = keys }
        keys.removeAll(keepingCapacity: true)
        guard Self.gatherResponseKeys(selectionSet, into: &keys) else { return false }
        // Selection sets are small: comparing pairs costs less than hashing every key.
        if keys.count <= 32 {
            for i in keys.indices {
                for j in (i + 1)..<keys.count where keys[i] == keys[j] { return false }
            }
            return true
        }
        return Set(keys).count == keys.count
    }

    /// Adds the response keys of a selection set (and its inline fragments); false at a spread.
    private static func gatherResponseKeys(_ selectionSet: SelectionSet, into keys: inout [String]) -> Bool {
        let selections = selectionSet.selections
        for index in selections.indices {
            switch selections[index] {
            case .field(let field):
                keys.append(field.alias?.value ?? field.name.value)
            case .fragmentSpread:
                return false
            case .inlineFragment(let inline):
                if !gatherResponseKeys(inline.selectionSet, into: &keys) { return false }
            }
        }
        return true
    }

    // MARK: Collecting fields

    private func collected(_ selectionSet: SelectionSet, parentType: GraphQLNamedType?) -> CollectedFields {
        let key = selectionSet.range
        if key != .none, let cached = cache[key] { return cached }
        let result = CollectedFields()
        collect(selectionSet, parentType: parentType, into: result)
        if key != .none { cache[key] = result }
        return result
    }

    private func collected(fragment: FragmentDefinition) -> CollectedFields {
        if let cached = fragmentCache[fragment.name.value] { return cached }
        let type = context.schema.typeMap[fragment.typeCondition.name.value]
        let result = collected(fragment.selectionSet, parentType: type)
        fragmentCache[fragment.name.value] = result
        return result
    }

    private func collect(_ selectionSet: SelectionSet, parentType: GraphQLNamedType?, into result: CollectedFields) {
        let selections = selectionSet.selections
        for index in selections.indices {
            switch selections[index] {
            case .field(let field):
                result.add(field, parentType: parentType)
            case .fragmentSpread(let spread):
                result.addFragment(named: spread.name.value)
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { context.schema.typeMap[$0.name.value] } ?? parentType
                collect(inline.selectionSet, parentType: type, into: result)
            }
        }
    }

    // MARK: Comparing

    private func collectBetweenFieldsAndFragment(_ conflicts: inout [FieldConflict], exclusive: Bool, fields: CollectedFields, fragmentName: String) {
        let id = ObjectIdentifier(fields)
        if let previous = comparedFieldsAndFragments[id]?[fragmentName], exclusive || previous == exclusive { return }
        comparedFieldsAndFragments[id, default: [:]][fragmentName] = exclusive
        guard let fragment = context.fragment(named: fragmentName) else { return }
        let fragmentFields = collected(fragment: fragment)
        // A fragment's fields are not compared with themselves.
        if fragmentFields === fields { return }
        // (D) The fields against the fragment's fields.
        collectBetween(&conflicts, exclusive: exclusive, fields, fragmentFields)
        // (E) The fields against the fragments the fragment spreads.
        for referenced in fragmentFields.fragmentNames {
            collectBetweenFieldsAndFragment(&conflicts, exclusive: exclusive, fields: fields, fragmentName: referenced)
        }
    }

    private func collectBetweenFragments(_ conflicts: inout [FieldConflict], exclusive: Bool, _ name1: String, _ name2: String) {
        if name1 == name2 { return }
        let (low, high) = name1 < name2 ? (name1, name2) : (name2, name1)
        if let previous = comparedFragments[low]?[high], exclusive || previous == exclusive { return }
        comparedFragments[low, default: [:]][high] = exclusive
        guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2) else { return }
        let fields1 = collected(fragment: fragment1)
        let fields2 = collected(fragment: fragment2)
        // (F) The two fragments' own fields.
        collectBetween(&conflicts, exclusive: exclusive, fields1, fields2)
        // (G) Each fragment against the fragments the other spreads.
        for referenced in fields2.fragmentNames {
            collectBetweenFragments(&conflicts, exclusive: exclusive, name1, referenced)
        }
        for referenced in fields1.fragmentNames {
            collectBetweenFragments(&conflicts, exclusive: exclusive, referenced, name2)
        }
    }

    private func conflictsBetweenSubselections(exclusive: Bool, _ parent1: GraphQLNamedType?, _ selectionSet1: SelectionSet, _ parent2: GraphQLNamedType?, _ selectionSet2: SelectionSet) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let fields1 = collected(selectionSet1, parentType: parent1)
        let fields2 = collected(selectionSet2, parentType: parent2)
        // (H) The two sets of fields.
        collectBetween(&conflicts, exclusive: exclusive, fields1, fields2)
        // (I) Each set of fields against the fragments of the other.
        for name in fields2.fragmentNames {
            collectBetweenFieldsAndFragment(&conflicts, exclusive: exclusive, fields: fields1, fragmentName: name)
        }
        for name in fields1.fragmentNames {
            collectBetweenFieldsAndFragment(&conflicts, exclusive: exclusive, fields: fields2, fragmentName: name)
        }
        // (J) The fragments of one against the fragments of the other.
        for name1 in fields1.fragmentNames {
            for name2 in fields2.fragmentNames {
                collectBetweenFragments(&conflicts, exclusive: exclusive, name1, name2)
            }
        }
        return conflicts
    }

    private func collectBetween(_ conflicts: inout [FieldConflict], exclusive: Bool, _ fields1: CollectedFields, _ fields2: CollectedFields) {
        for group in fields1.groups {
            guard let members2 = fields2.members(withKey: group.key) else { continue }
            for index1 in group.members {
                for index2 in members2 {
                    if let conflict = findConflict(exclusive: exclusive, responseName: group.key, fields1, index1, fields2, index2) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    private func findConflict(exclusive parentsExclusive: Bool, responseName: String, _ fields1: CollectedFields, _ index1: Int, _ fields2: CollectedFields, _ index2: Int) -> FieldConflict? {
        let node1 = fields1.entries[index1].node, node2 = fields2.entries[index2].node
        // Fields on different object types never both apply, so only their shapes must agree.
        var exclusive = parentsExclusive
        if !exclusive, let parent1 = fields1.entries[index1].parentType, let parent2 = fields2.entries[index2].parentType, parent1.name != parent2.name,
           case .object = parent1, case .object = parent2 {
            exclusive = true
        }
        func conflict(_ text: String) -> FieldConflict {
            FieldConflict(reason: ConflictReason(responseName: responseName, text: text, subreasons: []), fields1: [node1.range], fields2: [node2.range])
        }
        if !exclusive {
            if node1.name.value != node2.name.value {
                return conflict("\"\(node1.name.value)\" and \"\(node2.name.value)\" are different fields")
            }
            if !sameArguments(node1.arguments, node2.arguments) {
                return conflict("they have differing arguments")
            }
        }
        let stream1 = node1.directives.first { $0.name.value == "stream" }
        let stream2 = node2.directives.first { $0.name.value == "stream" }
        if (stream1 == nil) != (stream2 == nil) || (stream1 != nil && !sameArguments(stream1?.arguments ?? [], stream2?.arguments ?? [])) {
            return conflict("they have overlapping stream directives")
        }
        let type1 = fields1.definition(at: index1)?.type, type2 = fields2.definition(at: index2)?.type
        if let type1, let type2, typesConflict(type1, type2) {
            return conflict("they return conflicting types \"\(type1)\" and \"\(type2)\"")
        }
        if let selectionSet1 = node1.selectionSet, let selectionSet2 = node2.selectionSet {
            let named1 = type1.flatMap { context.schema.typeMap[$0.namedTypeName] }
            let named2 = type2.flatMap { context.schema.typeMap[$0.namedTypeName] }
            let subconflicts = conflictsBetweenSubselections(exclusive: exclusive, named1, selectionSet1, named2, selectionSet2)
            if !subconflicts.isEmpty {
                return FieldConflict(
                    reason: ConflictReason(responseName: responseName, text: nil, subreasons: subconflicts.map(\.reason)),
                    fields1: [node1.range] + subconflicts.flatMap(\.fields1),
                    fields2: [node2.range] + subconflicts.flatMap(\.fields2))
            }
        }
        return nil
    }

    private func typesConflict(_ type1: GraphQLTypeRef, _ type2: GraphQLTypeRef) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1), .list(let inner2)): return typesConflict(inner1, inner2)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return typesConflict(inner1, inner2)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)):
            let isLeaf1 = context.schema.typeMap[name1]?.isLeaf ?? false
            let isLeaf2 = context.schema.typeMap[name2]?.isLeaf ?? false
            return (isLeaf1 || isLeaf2) && name1 != name2
        }
    }

    private func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        if arguments1.count != arguments2.count { return false }
        if arguments1.isEmpty { return true }
        for argument1 in arguments1 {
            guard let argument2 = arguments2.first(where: { $0.name.value == argument1.name.value }) else { return false }
            if !sameValue(argument1.value, argument2.value) { return false }
        }
        return true
    }

    /// Values are equal when they print the same with object fields sorted by name.
    private func sameValue(_ value1: Value, _ value2: Value) -> Bool {
        switch (value1, value2) {
        case (.variable(let a), .variable(let b)): return a.name.value == b.name.value
        case (.int(let a, _), .int(let b, _)), (.float(let a, _), .float(let b, _)), (.enumValue(let a, _), .enumValue(let b, _)):
            return a == b
        case (.string(let a), .string(let b)): return a.value == b.value
        case (.boolean(let a, _), .boolean(let b, _)): return a == b
        case (.null, .null): return true
        case (.list(let a, _), .list(let b, _)):
            return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
        case (.object(let a, _), .object(let b, _)):
            guard a.count == b.count else { return false }
            let sortedA = a.sorted { Suggestions.naturalCompare($0.name.value, $1.name.value) < 0 }
            let sortedB = b.sorted { Suggestions.naturalCompare($0.name.value, $1.name.value) < 0 }
            return zip(sortedA, sortedB).allSatisfy { $0.name.value == $1.name.value && sameValue($0.value, $1.value) }
        default:
            return false
        }
    }
}
