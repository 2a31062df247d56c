/// Shares the boxes of `T!` type references during one schema build.
///
/// `GraphQLTypeRef.nonNull` is an indirect case: each `.nonNull(.named(T))` is a heap box, and
/// `T!` is the most common field and argument type. Neighbouring fields repeat the same few
/// (`ID!`, `String!`, `Boolean!`, ...), so a small direct-mapped cache, keyed by cheap facts of the
/// name (length, first and last byte), hands out one shared box per name for most of them. A
/// miss only costs the allocation it would have cost anyway; the values are immutable, so
/// sharing is invisible to users of the model.
struct NonNullCache {
    private static let size = 64
    private var names: [String]
    private var refs: [GraphQLTypeRef]

    init() {
        names = [String](repeating: "", count: Self.size)
        refs = [GraphQLTypeRef](repeating: .named(""), count: Self.size)
    }

    /// `.nonNull(.named(name))`, shared with earlier requests for the same name when still cached.
    mutating func nonNull(_ name: String) -> GraphQLTypeRef {
        // The bytes in place (`utf8.first` / `.last` are calls that walk String's index model).
        let key = name.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            guard let first = bytes.first, let last = bytes.last else { return -1 }
            return Int(first) &* 31 &+ Int(last) &* 7 &+ bytes.count
        } ?? -1
        guard key >= 0 else { return .nonNull(.named(name)) }
        let slot = key & (Self.size - 1)
        if names[slot] == name { return refs[slot] }
        let ref = GraphQLTypeRef.nonNull(.named(name))
        names[slot] = name
        refs[slot] = ref
        return ref
    }
}
