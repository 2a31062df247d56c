import CLibPQ

/// The rows a statement returned, in PostgreSQL's text format: every value is its text form
/// (`t`/`f` for booleans, ISO dates, `{a,b}` arrays), or nil for SQL NULL.
public final class PostgresResult {
    private let result: OpaquePointer
    var handle: OpaquePointer { result }
    public let rowCount: Int
    public let columnCount: Int

    init(_ result: OpaquePointer) {
        self.result = result
        rowCount = Int(PQntuples(result))
        columnCount = Int(PQnfields(result))
    }

    deinit {
        PQclear(result)
    }

    /// The value at `row`, `column` as text, or nil for NULL.
    public func text(_ row: Int, _ column: Int) -> String? {
        guard row < rowCount, column < columnCount, PQgetisnull(result, Int32(row), Int32(column)) == 0,
              let value = PQgetvalue(result, Int32(row), Int32(column)) else { return nil }
        return String(cString: value)
    }

    /// The value's bytes without making a `String` (for numbers and booleans read per cell).
    public func withBytes<T>(_ row: Int, _ column: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        guard row < rowCount, column < columnCount, PQgetisnull(result, Int32(row), Int32(column)) == 0,
              let value = PQgetvalue(result, Int32(row), Int32(column)) else { return try body(nil) }
        let length = Int(PQgetlength(result, Int32(row), Int32(column)))
        return try value.withMemoryRebound(to: UInt8.self, capacity: length) { try body(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// The value's bytes in place (valid while the result lives), nil for NULL. No bounds check:
    /// `row` and `column` must be in range.
    @inline(__always)
    public func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8>? {
        let (row, column) = (Int32(truncatingIfNeeded: row), Int32(truncatingIfNeeded: column))
        guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column) else { return nil }
        let length = Int(PQgetlength(result, row, column))
        return UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: length)
    }

    public func columnName(_ column: Int) -> String {
        PQfname(result, Int32(column)).map { String(cString: $0) } ?? ""
    }

    /// The column's type (`pg_type.oid`: 16 bool, 20 int8, 23 int4, 25 text, 2950 uuid, ...).
    public func columnType(_ column: Int) -> UInt32 {
        UInt32(PQftype(result, Int32(column)))
    }

    /// The command's tag (`INSERT 0 1`, `SELECT 5`, `UPDATE 2`).
    public var commandTag: String {
        PQcmdStatus(handle).map { String(cString: $0) } ?? ""
    }

    /// The rows a command inserted, updated or deleted (0 for other commands).
    public var affectedRows: Int {
        PQcmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
    }
}
