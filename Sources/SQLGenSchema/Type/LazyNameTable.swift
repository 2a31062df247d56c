import Synchronization

/// The named parts of a schema type (fields of an object, interface or input object, values of
/// an enum): in declaration order, found by name.
///
/// Unlike `NameTable`, the hash index is built on the first lookup by name rather than with the
/// type: most types of a large schema are never looked up by name (an app's operations touch a
/// small part of it; graphql-core builds the dictionaries either way). Making the type only
/// checks the names for repetition (`NameRepetition`), which graphql-js's keying resolves. The
/// index is published through an atomic compare-exchange, so concurrent first lookups are safe:
/// each may build an index, one is kept, and all of them answer the same. Tables of up to
/// `linearLimit` elements never get an index.
struct LazyNameTable<Element: NameKeyed & Sendable>: ~Copyable, Sendable {
    /// Elements in declaration order, each name once.
    let elements: [Element]
    /// The index once built: the address of a retained `NameIndex`, 0 before. (Not
    /// `AtomicLazyReference`, whose `load` looks up `Unmanaged`'s generic metadata on every call.)
    private let index = Atomic<UInt>(0)

    /// Up to this many elements, lookups scan the names (comparing lengths first) instead of hashing.
    private static var linearLimit: Int { 8 }

    /// `items` keyed by name as graphql-js keys them: a repeated name keeps its first position and
    /// its last element.
    init(keying items: [Element]) {
        elements = NameRepetition.hasRepeatedName(items) ? NameTable(keying: items).elements : items
    }

    /// The element named `name`, nil when there is none.
    subscript(name: String) -> Element? {
        let position = elements.count <= Self.linearLimit
            ? linearNamePosition(of: name, in: elements, before: elements.count)
            : loadIndex().position(of: name, in: elements)
        guard let position else { return nil }
        return elements[position]
    }

    /// The index, built by the first caller. Concurrent first callers may each build one: the
    /// first to publish it wins (acquire/release ordering), the others release theirs.
    private func loadIndex() -> NameIndex {
        let published = index.load(ordering: .acquiring)
        if published != 0, let pointer = UnsafeRawPointer(bitPattern: published) {
            return Unmanaged<NameIndex>.fromOpaque(pointer).takeUnretainedValue()
        }
        let built = Unmanaged.passRetained(NameIndex(elements))
        let address = UInt(bitPattern: built.toOpaque())
        let (stored, current) = index.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing)
        if stored { return built.takeUnretainedValue() }
        built.release()
        guard let pointer = UnsafeRawPointer(bitPattern: current) else { return NameIndex(elements) }
        return Unmanaged<NameIndex>.fromOpaque(pointer).takeUnretainedValue()
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: index.load(ordering: .acquiring)) {
            Unmanaged<NameIndex>.fromOpaque(pointer).release()
        }
    }
}

/// The hash index of a `LazyNameTable`: per slot, the name's hash in the high 32 bits and its
/// position + 1 in the low 32 bits (0: empty), probed linearly.
final class NameIndex: Sendable {
    private let slots: [UInt64]
    private let seed: UInt64

    /// Indexes names known to be distinct.
    init<Element: NameKeyed>(_ elements: [Element]) {
        let seed = nameHashSeed
        var size = 16
        while size < elements.count * 2 { size <<= 1 }
        let mask = size - 1
        slots = [UInt64](unsafeUninitializedCapacity: size) { buffer, initialized in
            buffer.initialize(repeating: 0)
            for position in elements.indices {
                let hash = nameHash(elements[position].name, seed: seed)
                var slot = Int(truncatingIfNeeded: hash) & mask
                while buffer[slot] != 0 { slot = (slot + 1) & mask }
                buffer[slot] = UInt64(hash) << 32 | UInt64(position + 1)
            }
            initialized = size
        }
        self.seed = seed
    }

    func position<Element: NameKeyed>(of name: String, in elements: [Element]) -> Int? {
        let hash = nameHash(name, seed: seed)
        return slots.withUnsafeBufferPointer { probeNameSlots($0, hash: hash, name: name, in: elements) }
    }
}

/// Finds a repeated name in a list without building a hash table.
enum NameRepetition {
    /// Whether two of `items` have the same name. A short list compares lengths, then names; a
    /// longer one sets a bit per name's hash and compares only a name whose bit is set already
    /// with the earlier names (about 64 bits per name, so that is rare).
    static func hasRepeatedName<Element: NameKeyed>(_ items: [Element]) -> Bool {
        let count = items.count
        if count < 2 { return false }
        if count <= 8 {
            for index in 1..<count where linearNamePosition(of: items[index].name, in: items, before: index) != nil {
                return true
            }
            return false
        }
        var words = 4
        while words < count, words < 1024 { words <<= 1 }
        let seed = nameHashSeed
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { bits -> Bool in
            bits.initialize(repeating: 0)
            let mask = words * 64 - 1
            for index in 0..<count {
                let name = items[index].name
                let bit = Int(truncatingIfNeeded: nameHash(name, seed: seed)) & mask
                let flag: UInt64 = 1 << UInt64(bit & 63)
                if bits[bit >> 6] & flag != 0, linearNamePosition(of: name, in: items, before: index) != nil { return true }
                bits[bit >> 6] |= flag
            }
            return false
        }
    }
}
