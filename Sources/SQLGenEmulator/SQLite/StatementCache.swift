/// Prepared statements by SQL text, keeping the most recently used ones up to a capacity.
///
/// A hit costs one dictionary lookup: each entry carries the tick of its last use, and only an
/// insert into a full cache searches for the least recently used entry (statements are prepared
/// rarely, looked up on every query).
struct StatementCache {
    private struct Entry {
        var statement: SQLiteStatement
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var tick: UInt64 = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    var count: Int { entries.count }

    mutating func statement(for sql: String) -> SQLiteStatement? {
        tick &+= 1
        let now = tick
        guard let index = entries.index(forKey: sql) else { return nil }
        entries.values[index].lastUse = now
        return entries.values[index].statement
    }

    mutating func insert(_ statement: SQLiteStatement, for sql: String) {
        guard capacity > 0 else { return }
        tick &+= 1
        if entries[sql] == nil, entries.count >= capacity,
           let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
        entries[sql] = Entry(statement: statement, lastUse: tick)
    }

    mutating func removeAll() {
        entries.removeAll()
    }
}
