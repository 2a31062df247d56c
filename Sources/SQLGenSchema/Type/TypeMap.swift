/// A schema's named types by name (`Schema.typeMap`): read it like a dictionary,
/// `schema.typeMap["User"]`. Backed by a `NameTable`, which is cheaper to build and to query than
/// a `[String: GraphQLNamedType]`.
public struct TypeMap: Sendable {
    private var table: NameTable<GraphQLNamedType>

    init(capacity: Int) {
        table = NameTable(capacity: capacity)
    }

    /// The types of `table`, whose names are distinct, with room for `capacity` types in all.
    init(_ table: NameTable<GraphQLNamedType>, capacity: Int) {
        self.table = table
        self.table.reserveCapacity(capacity)
    }

    /// The types in the order they were added (not the schema's `typeNames` order).
    public var types: [GraphQLNamedType] { table.elements }

    /// Adds a type unless one of that name is there already; returns whether it was added.
    @discardableResult
    mutating func add(_ type: GraphQLNamedType) -> Bool {
        table.insert(type) == nil
    }

    /// The type of that name, nil when the schema has none.
    public subscript(name: String) -> GraphQLNamedType? { table[name] }

    public var count: Int { table.count }
}
