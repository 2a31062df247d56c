/// Something found by its name in a `NameTable`.
protocol NameKeyed {
    var name: String { get }
}

extension GraphQLField: NameKeyed {}
extension GraphQLInputValue: NameKeyed {}
extension GraphQLEnumValue: NameKeyed {}
extension GraphQLNamedType: NameKeyed {}

/// A value kept under a name in a `NameTable`.
struct Named<Value>: NameKeyed {
    let name: String
    var value: Value
}

extension Named: Sendable where Value: Sendable {}

/// Elements in insertion order, found by name: the lookup tables of the schema model (fields of
/// a type, values of an enum, types of a schema) and of schema building.
///
/// Cheaper to build and to query than a `[String: Int]` beside an array, which spends most of its
/// time in SipHash: up to `linearLimit` elements there is no hash table at all (a scan of a few
/// names that compares lengths first is as fast as hashing one), and beyond that the names' UTF-8
/// bytes are hashed with a cheap multiply-xor hash into packed (hash, position) slots probed
/// linearly, comparing strings only when the stored hash matches. The seed is random per
/// process, so crafted names cannot force collisions across runs.
struct NameTable<Element: NameKeyed> {
    private(set) var elements: [Element] = []
    /// Empty while the table is small; otherwise per slot: the high 32 bits hold the name's hash,
    /// the low 32 bits its position + 1 (0: empty).
    private var slots: [UInt64] = []
    /// The process's hash seed, read once per table (reading the global costs a `swift_once`).
    private var seed = nameHashSeed

    static var linearLimit: Int { 8 }

    /// An empty table with room for `capacity` elements (sized up front: no rehashing while it fills).
    init(capacity: Int = 0) {
        elements.reserveCapacity(capacity)
        if capacity > Self.linearLimit { slots = Self.emptySlots(for: capacity) }
    }

    /// `items` keyed by name as graphql-js keys them: a repeated name keeps its first position and
    /// its last element.
    init(keying items: [Element]) {
        elements = items
        if items.count <= Self.linearLimit {
            // Few names: find repetitions by comparing each with the earlier ones.
            for index in items.indices.dropFirst() where linearNamePosition(of: items[index].name, in: items, before: index) != nil {
                self = Self.rebuilt(items)
                return
            }
            return
        }
        slots = Self.emptySlots(for: items.count)
        for index in items.indices where insertSlot(items[index].name, position: index) != nil {
            self = Self.rebuilt(items)
            return
        }
    }

    /// The slow path of `init(keying:)`, for lists with a repeated name.
    private static func rebuilt(_ items: [Element]) -> NameTable {
        var table = NameTable(capacity: items.count)
        for item in items {
            if let position = table.insert(item) { table.elements[position] = item }
        }
        return table
    }

    var count: Int { elements.count }

    /// A table of `elements`, which have this table's names in this table's order, reusing its
    /// hash slots instead of hashing every name again.
    func reindexed<Other: NameKeyed>(_ elements: [Other]) -> NameTable<Other> {
        NameTable<Other>(elements: elements, slots: slots, seed: seed)
    }

    private init(elements: [Element], slots: [UInt64], seed: UInt64) {
        self.elements = elements
        self.slots = slots
        self.seed = seed
    }

    /// Makes room for `capacity` elements, so that filling the table up to it rehashes nothing.
    mutating func reserveCapacity(_ capacity: Int) {
        elements.reserveCapacity(capacity)
        if capacity > Self.linearLimit, slots.count < capacity * 2 { rebuildSlots(minimumCount: capacity) }
    }

    /// The position of the element named `name`, nil when absent.
    func position(of name: String) -> Int? {
        if slots.isEmpty { return linearNamePosition(of: name, in: elements, before: elements.count) }
        let hash = nameHash(name, seed: seed)
        return slots.withUnsafeBufferPointer { probeNameSlots($0, hash: hash, name: name, in: elements) }
    }

    subscript(name: String) -> Element? {
        guard let position = position(of: name) else { return nil }
        return elements[position]
    }

    func contains(_ name: String) -> Bool { position(of: name) != nil }

    /// Appends `element` and returns nil; when an element of that name is there already, changes
    /// nothing and returns its position.
    @discardableResult
    mutating func insert(_ element: Element) -> Int? {
        let name = element.name
        if slots.isEmpty {
            if let position = linearNamePosition(of: name, in: elements, before: elements.count) { return position }
            elements.append(element)
            if elements.count > Self.linearLimit { rebuildSlots() }
            return nil
        }
        if (elements.count + 1) * 2 > slots.count { rebuildSlots(minimumCount: elements.count + 1) }
        if let position = insertSlot(name, position: elements.count) { return position }
        elements.append(element)
        return nil
    }

    /// Replaces the element at `position` (which must keep its name).
    mutating func replace(at position: Int, with element: Element) {
        elements[position] = element
    }

    /// Changes the element at `position` in place (its name must stay the same).
    mutating func update(at position: Int, _ change: (inout Element) -> Void) {
        change(&elements[position])
    }

    // MARK: Internals


    private static func emptySlots(for count: Int) -> [UInt64] {
        var size = 16
        while size < count * 2 { size <<= 1 }
        return [UInt64](repeating: 0, count: size)
    }

    private mutating func rebuildSlots(minimumCount: Int = 0) {
        slots = Self.emptySlots(for: max(minimumCount, elements.count))
        for index in elements.indices { _ = insertSlot(elements[index].name, position: index) }
    }

    /// Records `name` at `position`, or returns the position already recorded for it.
    private mutating func insertSlot(_ name: String, position: Int) -> Int? {
        let hash = nameHash(name, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let existing = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if elements[existing].name == name { return existing }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = UInt64(hash) << 32 | UInt64(position + 1)
        return nil
    }
}

extension NameTable: Sendable where Element: Sendable {}

/// A cheap summary of a name (its length and three of its bytes, mixed) that equal names share:
/// enough to tell most names of one list apart without hashing every byte.
@inline(__always)
func nameFingerprint(_ name: String) -> UInt32 {
    let packed = name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64 in
        guard let first = bytes.first, let last = bytes.last else { return 0 }
        return UInt64(bytes.count) | UInt64(first) << 16 | UInt64(bytes[bytes.count >> 1]) << 24 | UInt64(last) << 32
    } ?? UInt64(name.utf8.count)
    return UInt32(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> 32)
}

/// The hash of a name's UTF-8 bytes for `NameTable` and `NameIndex`, eight bytes at a time: a
/// multiply-xor per word, then a final mix.
@inline(__always)
func nameHash(_ name: String, seed: UInt64) -> UInt32 {
    if let hashed = name.utf8.withContiguousStorageIfAvailable({ nameHash(UnsafeRawBufferPointer($0), seed: seed) }) {
        return hashed
    }
    return Array(name.utf8).withUnsafeBytes { nameHash($0, seed: seed) }
}

@inline(__always)
private func nameHash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt32 {
    let count = bytes.count
    var state = seed ^ UInt64(count)
    if count >= 8 {
        var offset = 0
        while offset + 8 <= count {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            state ^= state >> 31
            offset += 8
        }
        // The last eight bytes, overlapping the words already mixed (the length is in the seed).
        if offset < count {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        }
    } else if count >= 4 {
        let low = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        let high = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        state = (state ^ (low | high << 32)) &* 0x9E37_79B9_7F4A_7C15
    } else if count > 0 {
        let word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
    }
    state ^= state >> 29
    state &*= 0xBF58_476D_1CE4_E5B9
    state ^= state >> 32
    return UInt32(truncatingIfNeeded: state)
}

/// The per-process seed of `nameHash` (a generic type cannot have a stored static).
let nameHashSeed = UInt64.random(in: UInt64.min...UInt64.max) | 1

/// The position of `name` in `elements` found through hash slots (per slot: the name's hash in
/// the high 32 bits, its position + 1 in the low 32 bits, 0 when empty; probed linearly), nil
/// when absent. Shared by `NameTable` and `NameIndex`.
func probeNameSlots<Element: NameKeyed>(_ slots: UnsafeBufferPointer<UInt64>, hash: UInt32, name: String, in elements: [Element]) -> Int? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
        let entry = slots[slot]
        if entry == 0 { return nil }
        if UInt32(truncatingIfNeeded: entry >> 32) == hash {
            let position = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
            if elements[position].name == name { return position }
        }
        slot = (slot + 1) & mask
    }
}

/// The position of `name` among `elements[..<end]` by a scan that compares lengths first (cheaper
/// than hashing for a few names), nil when absent. Shared by `NameTable`, `LazyNameTable` and
/// `NameRepetition`.
func linearNamePosition<Element: NameKeyed>(of name: String, in elements: [Element], before end: Int) -> Int? {
    let length = name.utf8.count
    for position in 0..<end {
        let candidate = elements[position].name
        if candidate.utf8.count == length && candidate == name { return position }
    }
    return nil
}
