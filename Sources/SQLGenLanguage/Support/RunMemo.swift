/// Values kept from one run to the next by key (a file path), for work that repeats run after run
/// over nearly the same keys in the same order. Each key is looked for first just after the
/// previous key's place in the last run's order (one comparison of strings that usually share
/// storage), and by hashing only when that misses, so a run that meets the keys as the last one
/// did hashes none. A run keeps one value per key; the caller checks that a found value holds.
public struct RunMemo<Value> {
    @usableFromInline var previousKeys: [String] = []
    @usableFromInline var previousValues: [Value?] = []
    /// Previous key → its position, built on the first miss.
    @usableFromInline var previousPositions: [String: Int]?
    @usableFromInline var cursor = 0
    /// Whether the last lookup found its key at the cursor and nothing was recorded since.
    @usableFromInline var hitAwaitsRecord = false
    @usableFromInline var keys: [String] = []
    /// Nil where a value was forgotten.
    @usableFromInline var values: [Value?] = []
    /// This run's key → position, kept from the run's first miss on (or a record or `forget` not
    /// right after its key's lookup): until then, each key kept was found at the cursor, which
    /// follows the last run's (unique) keys, so none can have come twice.
    @usableFromInline var positions: [String: Int]?
    @usableFromInline var storedCount = 0
    @usableFromInline var storedPreviousCount = 0

    @inlinable public init() {}

    /// How many values this run keeps.
    @inlinable public var count: Int { storedCount }
    /// How many values the last run kept.
    @inlinable public var previousCount: Int { storedPreviousCount }

    /// Starts a run: what the last run kept is what this one finds. With `keepingIfEmpty`, a run
    /// that kept nothing (it stopped early) leaves the earlier values to be found.
    @inlinable public mutating func beginRun(keepingIfEmpty: Bool = false) {
        if !keepingIfEmpty || storedCount > 0 {
            (previousKeys, previousValues, previousPositions, storedPreviousCount) = (keys, values, positions, storedCount)
        }
        (keys, values, positions, cursor, storedCount, hitAwaitsRecord) = ([], [], nil, 0, 0, false)
        keys.reserveCapacity(previousKeys.count)
        values.reserveCapacity(previousKeys.count)
    }

    /// What the previous run kept for `key`.
    @inlinable public mutating func previous(_ key: String) -> Value? {
        if cursor < previousKeys.count, previousKeys[cursor] == key {
            cursor += 1
            hitAwaitsRecord = true
            return previousValues[cursor - 1]
        }
        startHashing()
        guard !previousKeys.isEmpty else { return nil }
        if previousPositions == nil {
            previousPositions = Dictionary(zip(previousKeys, previousKeys.indices), uniquingKeysWith: { _, last in last })
        }
        guard let position = previousPositions?[key] else { return nil }
        cursor = position + 1
        return previousValues[position]
    }

    /// Keeps `value` for the next run to find (replacing what this run kept for `key`).
    @inlinable public mutating func record(_ key: String, _ value: Value) {
        // Without hashing only right after its key was found at the cursor.
        if positions == nil, !hitAwaitsRecord || previousKeys[cursor - 1] != key { startHashing() }
        hitAwaitsRecord = false
        if let existing = positions?[key] {
            if values[existing] == nil { storedCount += 1 }
            values[existing] = value
            return
        }
        positions?[key] = keys.count
        keys.append(key)
        values.append(value)
        storedCount += 1
    }

    /// Whether this run met exactly the last run's keys, in its order (so the n-th value recorded
    /// is for the key the last run recorded n-th).
    @inlinable public var followsPreviousOrder: Bool { positions == nil && storedCount == storedPreviousCount && cursor == previousKeys.count }

    /// Drops what this run kept for `key`, if anything. Right after its lookup found it at the
    /// cursor, the key keeps its place (with no value), so the next run still meets the keys in order.
    @inlinable public mutating func forget(_ key: String) {
        if positions == nil, hitAwaitsRecord, previousKeys[cursor - 1] == key {
            hitAwaitsRecord = false
            keys.append(key)
            values.append(nil)
            return
        }
        startHashing()
        guard let existing = positions?[key], values[existing] != nil else { return }
        values[existing] = nil
        storedCount -= 1
    }

    /// From now on in this run, keys are found and kept by hashing.
    @inlinable mutating func startHashing() {
        if positions == nil { positions = Dictionary(zip(keys, keys.indices), uniquingKeysWith: { _, last in last }) }
    }
}
