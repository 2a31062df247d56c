// Conveniences over `SQLConnection` and `SQLStatement` that any backend gets: running SQL with
// parameters, collecting rows as values, comparing a row's cells with values in place.

extension SQLConnection {
    /// A transaction that takes the write lock at once (`TransactionMode.immediate`).
    @discardableResult
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try transaction(.immediate, body)
    }

    /// Runs a statement with `parameters` and returns its rows (a cached statement).
    @discardableResult
    func query(_ sql: String, _ parameters: [SQLValue] = []) throws(DatabaseError) -> [[SQLValue]] {
        let statement = try cachedStatement(sql)
        try statement.bind(parameters)
        return try statement.rows()
    }

    /// Runs a statement with `parameters`, ignoring rows; returns the number of rows changed.
    @discardableResult
    func run(_ sql: String, _ parameters: [SQLValue] = []) throws(DatabaseError) -> Int {
        let statement = try cachedStatement(sql)
        try statement.bind(parameters)
        try statement.run()
        return changes
    }

    /// The first column of each row that holds text (catalog queries: names).
    func texts(_ sql: String, _ parameters: [SQLValue] = []) throws(DatabaseError) -> [String] {
        try query(sql, parameters).compactMap { if case .text(let text)? = $0.first { text } else { nil } }
    }

    /// The first two columns of each row that holds text in both (catalog queries: names and SQL).
    func textPairs(_ sql: String, _ parameters: [SQLValue] = []) throws(DatabaseError) -> [(String, String)] {
        try query(sql, parameters).compactMap { row in
            guard row.count >= 2, case .text(let first) = row[0], case .text(let second) = row[1] else { return nil }
            return (first, second)
        }
    }

    /// The cached statement for `sql` with `parameters` bound, ready to `step()` through its rows
    /// without collecting them; `reset()` it when done (before asking for the same SQL again).
    func boundStatement(_ sql: String, _ parameters: [SQLValue]) throws(DatabaseError) -> Statement {
        let statement = try cachedStatement(sql)
        try statement.bind(parameters)
        return statement
    }
}

extension SQLStatement {
    /// Runs to completion, ignoring any rows.
    func run() throws(DatabaseError) {
        defer { reset() }
        while try step() {}
    }

    /// Runs and collects every row.
    func rows() throws(DatabaseError) -> [[SQLValue]] {
        defer { reset() }
        var rows: [[SQLValue]] = []
        let count = columnCount
        while try step() {
            rows.append(values(0..<count))
        }
        return rows
    }

    /// The current row's cells in `columns` as values.
    func values(_ columns: Range<Int32>) -> [SQLValue] {
        var values: [SQLValue] = []
        values.reserveCapacity(columns.count)
        for index in columns { values.append(cell(at: index).value) }
        return values
    }

    /// The current row's cell at `index` as a value.
    func value(at index: Int32) -> SQLValue { cell(at: index).value }

    /// Whether the current row's columns from `start` on equal `values` (as `values(_:)` would
    /// read them), compared in place: no `SQLValue` or `String` is made.
    func matches(_ values: [SQLValue], from start: Int32) -> Bool {
        for (offset, value) in values.enumerated() {
            let cell = cell(at: start + Int32(offset))
            switch value {
            case .null:
                guard cell.kind == .null else { return false }
            case .integer(let integer):
                guard cell.kind == .integer, cell.int64 == integer else { return false }
            case .real(let real):
                guard cell.kind == .real, cell.double == real else { return false }
            case .text(let text):
                guard cell.kind == .text, Self.equal(text, cell.text ?? UnsafeBufferPointer(start: nil, count: 0)) else { return false }
            case .blob(let blob):
                guard cell.kind == .blob, blob.elementsEqual(cell.blob) else { return false }
            }
        }
        return true
    }

    /// Equal bytes are equal strings; different bytes are different strings when both are ASCII,
    /// and otherwise they compare as `String`s compare (canonical equivalence).
    private static func equal(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        let same = text.withUTF8 { own -> Bool? in
            if own.count == bytes.count, own.elementsEqual(bytes) { return true }
            guard own.allSatisfy({ $0 < 0x80 }), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return false
        }
        return same ?? (String(decoding: bytes, as: UTF8.self) == text)
    }
}
