/// Whether a name is among a list's names: a linear search when the list is short (the usual
/// handful of variables, with no allocation), a hash set when it is long (so that hostile
/// documents with thousands of variables stay linear).
struct NameMembership<Item> {
    private let items: [Item]
    private let name: (Item) -> String
    private let set: Set<String>?

    init(_ items: [Item], name: @escaping (Item) -> String) {
        self.items = items
        self.name = name
        set = items.count > 16 ? Set(items.map(name)) : nil
    }

    func contains(_ candidate: String) -> Bool {
        if let set { return set.contains(candidate) }
        return items.contains { name($0) == candidate }
    }
}
