/// The first item seen under each name, for the rules that report a name defined twice.
///
/// Documents define a handful of operations, fragments or variables: a list searched linearly
/// costs less than a dictionary's hashing and allocation; past 16 names it switches to one.
struct FirstByName<Item> {
    private var entries: [(name: String, item: Item)] = []
    private var indexByName: [String: Int]?

    /// The item already seen under `name`; when there is none, records `item` under it and
    /// returns nil.
    mutating func first(_ name: String, else item: Item) -> Item? {
        if let indexByName {
            if let index = indexByName[name] { return entries[index].item }
        } else if let existing = entries.first(where: { $0.name == name }) {
            return existing.item
        }
        append(name, item)
        return nil
    }

    /// The last item recorded under `name` by `record`, nil when there is none.
    func last(_ name: String) -> Item? {
        if let indexByName { return indexByName[name].map { entries[$0].item } }
        return entries.last { $0.name == name }?.item
    }

    /// Records `item` under `name`, replacing an earlier one for `last` (as a dictionary would).
    mutating func record(_ name: String, _ item: Item) {
        append(name, item)
    }

    /// Appends an entry, indexing by name once the list is long enough for a dictionary to pay.
    private mutating func append(_ name: String, _ item: Item) {
        if indexByName != nil {
            indexByName?[name] = entries.count
        } else if entries.count == 16 {
            var index: [String: Int] = [:]
            for (position, entry) in entries.enumerated() { index[entry.name] = position }
            index[name] = entries.count
            indexByName = index
        }
        entries.append((name, item))
    }
}
