import SQLGenLanguage

/// The fields a selection set selects (its own and its inline fragments'), in order, and the
/// fragments it spreads: what OverlappingFieldsCanBeMergedRule compares. A class so that the
/// rule's caches can share it and compare sets by identity.
///
/// Most fields are never compared with another, so their definitions are looked up on first
/// comparison, and the grouping by response key is made only when asked for.
final class CollectedFields {
    struct Entry {
        var parentType: GraphQLNamedType?
        var node: Field
        var key: String
        /// nil until looked up; then the definition, or nil when the parent type has none.
        var definition: GraphQLField??
    }

    private(set) var entries: [Entry] = []
    private(set) var fragmentNames: [String] = []
    private var groupCache: [(key: String, members: [Int])]?
    private var groupIndexByKey: [String: Int]?

    func add(_ field: Field, parentType: GraphQLNamedType?) {
        entries.append(Entry(parentType: parentType, node: field, key: field.alias?.value ?? field.name.value, definition: nil))
        groupCache = nil
    }

    func addFragment(named name: String) {
        if !fragmentNames.contains(name) { fragmentNames.append(name) }
    }

    /// The field definition of entry `index`, looked up once (no meta fields, as in graphql-js).
    func definition(at index: Int) -> GraphQLField? {
        if let known = entries[index].definition { return known }
        let definition = entries[index].parentType?.field(named: entries[index].node.name.value)
        entries[index].definition = .some(definition)
        return definition
    }

    /// The entries grouped by response key, keys in first-seen order.
    var groups: [(key: String, members: [Int])] {
        if let groupCache { return groupCache }
        var groups: [(key: String, members: [Int])] = []
        var indexByKey: [String: Int] = [:]
        let hashed = entries.count > 16
        for (index, entry) in entries.enumerated() {
            let existing = hashed ? indexByKey[entry.key] : groups.firstIndex { $0.key == entry.key }
            if let existing {
                groups[existing].members.append(index)
            } else {
                if hashed { indexByKey[entry.key] = groups.count }
                groups.append((entry.key, [index]))
            }
        }
        groupCache = groups
        groupIndexByKey = hashed ? indexByKey : nil
        return groups
    }

    /// The entries with response key `key`, nil when there are none.
    func members(withKey key: String) -> [Int]? {
        let groups = self.groups
        if let groupIndexByKey { return groupIndexByKey[key].map { groups[$0].members } }
        return groups.first { $0.key == key }?.members
    }
}
