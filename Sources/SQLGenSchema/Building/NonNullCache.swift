/// Shares the boxes of `T!` type references during one schema build.
///
/// `GraphQLTypeRef.nonNull` is an indirect case: each `.nonNull(.named(T))` is a heap box, and
/// `T!` is the most common field and argument type. The same few names recur (`ID!`, `String!`,
/// `Boolean!`, ...), so a direct-mapped cache keyed by the name's length and first and last
/// bytes hands out one shared box per name for most of them. A miss only costs the allocation
/// it would have cost anyway; the values are immutable, so sharing is invisible to users of the
/// model.
struct NonNullCache {
    private struct Entry {
        var name: String
        var ref: GraphQLTypeRef
    }

    private static let size = 256
    private var entries: [Entry]

    init() {
        entries = [Entry](repeating: Entry(name: "", ref: .named("")), count: Self.size)
    }

    /// `.nonNull(.named(name))`, shared with earlier requests for the same name when still cached.
    mutating func nonNull(_ name: String) -> GraphQLTypeRef {
        // The bytes in place (`utf8.first` / `.last` are calls that walk String's index model).
        let key = name.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            guard let first = bytes.first else { return -1 }
            let middle = bytes[bytes.count >> 1]
            return (Int(first) &* 0x9E37 ^ Int(middle) &* 0x85EB ^ Int(bytes[bytes.count - 1]) &* 0x27D4 ^ bytes.count &* 0x1657) >> 3
        } ?? -1
        guard key >= 0 else { return .nonNull(.named(name)) }
        return entries.withUnsafeMutableBufferPointer { buffer in
            let slot = key & (Self.size - 1)
            if buffer[slot].name == name { return buffer[slot].ref }
            let ref = GraphQLTypeRef.nonNull(.named(name))
            buffer[slot] = Entry(name: name, ref: ref)
            return ref
        }
    }
}
