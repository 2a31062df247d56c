import Synchronization

/// Where the elements of a `LazyNameTable` built from SDL come from: the storage of a type's
/// definitions (`FieldStorage`, `InputValueStorage`, `EnumValueStorage`).
protocol ElementSource: AnyObject {
    associatedtype Element
    /// The model values of every record, in order.
    func makeElements() -> [Element]
}

/// The named parts of a schema type (fields of an object, interface or input object, values of
/// an enum): in declaration order, found by name.
///
/// Built from SDL, a table keeps the storage of its definitions and makes the list of model
/// values (one retain of the storage each) on first use, and the hash index on the first lookup
/// by name: most types of a large schema are never used (an app's operations touch a small part
/// of it). The records themselves, with their types and arguments, are made with the type; only
/// these views of them wait. Making the type checks the names for repetition
/// (`NameRepetition`), which graphql-js's keying resolves. The list and the index are published
/// through atomic compare-exchanges, so concurrent first uses are safe: each may make one, one is
/// kept, and all of them answer the same. Tables of up to `linearLimit` elements never get an
/// index. `@unchecked Sendable`: the source is never changed once made.
struct LazyNameTable<Source: ElementSource>: ~Copyable, @unchecked Sendable where Source.Element: NameKeyed & Sendable {
    typealias Element = Source.Element

    /// Elements given as they are (types made through a public initializer or with extensions).
    private let given: [Element]
    /// The storage of the elements when built from SDL (their names are known to be distinct).
    private let source: Source?
    /// The elements made from `source`: the address of a retained `MadeElements`, 0 before.
    private let made = Atomic<UInt>(0)
    /// The index once built: the address of a retained `NameIndex`, 0 before. (Not
    /// `AtomicLazyReference`, whose `load` looks up `Unmanaged`'s generic metadata on every call.)
    private let index = Atomic<UInt>(0)

    /// Up to this many elements, lookups scan the names (comparing lengths first) instead of hashing.
    private static var linearLimit: Int { 8 }

    /// `items` keyed by name as graphql-js keys them: a repeated name keeps its first position and
    /// its last element.
    init(keying items: [Element]) {
        given = NameRepetition.hasRepeatedName(items) ? NameTable(keying: items).elements : items
        source = nil
    }

    /// The elements of `source`, whose names are known to be distinct (schema building checked
    /// their definitions).
    init(distinct source: Source) {
        given = []
        self.source = source
    }

    /// Elements in declaration order, each name once.
    var elements: [Element] {
        guard let source else { return given }
        let current = made.load(ordering: .acquiring)
        if current != 0, let pointer = UnsafeRawPointer(bitPattern: current) {
            // Read in place: the table keeps the box alive, so no retain of it is needed.
            return Unmanaged<MadeElements<Element>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.elements }
        }
        return published(made, make: { MadeElements(source.makeElements()) }).elements
    }

    /// The element named `name`, nil when there is none.
    subscript(name: String) -> Element? {
        guard source != nil else { return element(named: name, in: given) }
        if let pointer = UnsafeRawPointer(bitPattern: made.load(ordering: .acquiring)) {
            // The elements read in place, as in `elements` (no retain of the box or the array).
            return Unmanaged<MadeElements<Element>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { element(named: name, in: $0.elements) }
        }
        return element(named: name, in: elements)
    }

    private func element(named name: String, in elements: [Element]) -> Element? {
        let position: Int?
        if elements.count <= Self.linearLimit {
            position = linearNamePosition(of: name, in: elements, before: elements.count)
        } else if let pointer = UnsafeRawPointer(bitPattern: index.load(ordering: .acquiring)) {
            // Read in place, as in `elements`.
            position = Unmanaged<NameIndex>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.position(of: name, in: elements) }
        } else {
            position = published(index, make: { NameIndex(elements) }).position(of: name, in: elements)
        }
        guard let position else { return nil }
        return elements[position]
    }

    /// The object published in `slot`, made by the first caller. Concurrent first callers may
    /// each make one: the first to publish it wins (acquire/release ordering), the others
    /// release theirs.
    private func published<Object: AnyObject>(_ slot: borrowing Atomic<UInt>, make: () -> Object) -> Object {
        let current = slot.load(ordering: .acquiring)
        if current != 0, let pointer = UnsafeRawPointer(bitPattern: current) {
            return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
        }
        let built = Unmanaged.passRetained(make())
        let address = UInt(bitPattern: built.toOpaque())
        let (stored, winner) = slot.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing)
        if stored { return built.takeUnretainedValue() }
        let object = built.takeRetainedValue()
        guard let pointer = UnsafeRawPointer(bitPattern: winner) else { return object }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: made.load(ordering: .acquiring)) {
            Unmanaged<MadeElements<Element>>.fromOpaque(pointer).release()
        }
        if let pointer = UnsafeRawPointer(bitPattern: index.load(ordering: .acquiring)) {
            Unmanaged<NameIndex>.fromOpaque(pointer).release()
        }
    }
}

/// The elements a `LazyNameTable` made from its source.
final class MadeElements<Element: Sendable>: Sendable {
    let elements: [Element]

    init(_ elements: [Element]) {
        self.elements = elements
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
    /// Whether two of `items` have the same name.
    static func hasRepeatedName<Element: NameKeyed>(_ items: [Element]) -> Bool {
        hasRepeatedName(items.count) { items[$0].name }
    }

    /// Whether two of the `count` names `name(0)`, `name(1)`, ... are equal.
    static func hasRepeatedName(_ count: Int, _ name: (Int) -> String) -> Bool {
        hasRepeatedName(count, key: { nameFingerprint(name($0)) }, equal: { name($0) == name($1) })
            ?? hasRepeatedName(hashedKeysOf: count, name)
    }

    /// The slow path of a check whose cheap keys (`nameFingerprint`) too many different names
    /// shared: keys from the seeded hash of every byte, which crafted names cannot make collide;
    /// failing that, a hash table.
    static func hasRepeatedName(hashedKeysOf count: Int, _ name: (Int) -> String) -> Bool {
        let seed = nameHashSeed
        if let repeated = hasRepeatedName(count, key: { nameHash(name($0), seed: seed) }, equal: { name($0) == name($1) }) {
            return repeated
        }
        var seen = NameTable<Named<Int>>(capacity: count)
        for index in 0..<count where seen.insert(Named(name: name(index), value: index)) != nil { return true }
        return false
    }

    /// Whether two of `count` names are equal, given a `key` of each name that equal names share
    /// (`nameFingerprint`, or the seeded `nameHash`) and whether two are `equal`: the keys are
    /// taken once each, then checked as `hasRepeatedName(keys:equal:)` does.
    static func hasRepeatedName(_ count: Int, key: (Int) -> UInt32, equal: (Int, Int) -> Bool) -> Bool? {
        if count < 2 { return false }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { keys -> Bool? in
            for index in 0..<count { keys.initializeElement(at: index, to: key(index)) }
            return hasRepeatedName(keys: UnsafeBufferPointer(keys), equal: equal)
        }
    }

    /// Whether two of the names whose `keys` are given (equal names have equal keys) are equal
    /// by `equal`, which is asked only about names whose keys are equal. A short list compares
    /// each key with the earlier ones; a longer one first sets a bit per key and looks through
    /// the earlier keys only when the bit was set already. Nil when more than `keys.count` pairs
    /// of different names shared a key (names crafted to share fingerprints would make the check
    /// quadratic): the caller asks again with hashed keys.
    static func hasRepeatedName(keys: UnsafeBufferPointer<UInt32>, equal: (Int, Int) -> Bool) -> Bool? {
        let count = keys.count
        if count < 2 { return false }
        if count <= 16 {
            // At most 120 pairs: never worth giving up.
            for index in 1..<count {
                let current = keys[index]
                for earlier in 0..<index where keys[earlier] == current && equal(earlier, index) { return true }
            }
            return false
        }
        var words = 4
        while words < count, words < 1024 { words <<= 1 }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { bits -> Bool? in
            bits.initialize(repeating: 0)
            let mask = words * 64 - 1
            var sharedKeys = 0
            for index in 0..<count {
                let current = keys[index]
                let bit = Int(truncatingIfNeeded: current) & mask
                let flag: UInt64 = 1 << UInt64(bit & 63)
                if bits[bit >> 6] & flag != 0 {
                    for earlier in 0..<index where keys[earlier] == current {
                        if equal(earlier, index) { return true }
                        sharedKeys += 1
                        if sharedKeys > count { return nil }
                    }
                }
                bits[bit >> 6] |= flag
            }
            return false
        }
    }
}
