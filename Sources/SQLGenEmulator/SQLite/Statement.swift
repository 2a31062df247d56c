import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A prepared statement: bind parameters (1-based, or by `:name`), step through rows, read
/// columns (0-based). Finalized when released.
///
/// Not `Sendable`: it belongs to its `Database`'s actor or serial queue, like the connection.
public final class Statement {
    /// The SQL text it was prepared from.
    public let sql: String
    let handle: OpaquePointer
    /// The connection, for error messages. Stays valid while this statement lives, because the
    /// database closes with `sqlite3_close_v2`, which waits for its statements to be finalized.
    private let connection: OpaquePointer

    init(sql: String, handle: OpaquePointer, connection: OpaquePointer) {
        self.sql = sql
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: connection, sql: sql) }
    }

    // MARK: Binding

    /// The number of `?`, `?NNN`, `:name`, `@name` and `$name` parameters.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Binds `value` to the 1-based parameter `index`. Text and blobs are copied.
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null:
            try check(sqlite3_bind_null(handle, index))
        case .integer(let integer):
            try check(sqlite3_bind_int64(handle, index, integer))
        case .real(let real):
            try check(sqlite3_bind_double(handle, index, real))
        case .text(let text):
            try bindText(text, at: index)
        case .blob(let bytes):
            try bindBlob(bytes, at: index)
        }
    }

    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) { try bind(.integer(value), at: index) }
    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) { try bind(.integer(Int64(value)), at: index) }
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) { try bind(.real(value), at: index) }
    public func bind(_ value: String, at index: Int32) throws(SQLiteError) { try bind(.text(value), at: index) }
    public func bind(_ value: [UInt8], at index: Int32) throws(SQLiteError) { try bind(.blob(value), at: index) }
    public func bindNull(at index: Int32) throws(SQLiteError) { try bind(.null, at: index) }

    /// Binds `values` to parameters 1, 2, ... in order; the count must match.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        guard values.count == Int(parameterCount) else {
            throw SQLiteError(code: SQLITE_RANGE, message: "statement has \(parameterCount) parameters but \(values.count) values were given", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds a named parameter, written with its prefix (`:id`, `@id` or `$id`).
    public func bind(_ value: SQLiteValue, named name: String) throws(SQLiteError) {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw SQLiteError(code: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
        }
        try bind(value, at: index)
    }

    private func bindText(_ text: String, at index: Int32) throws(SQLiteError) {
        // Bound with an explicit length so text containing NUL characters is kept whole; native
        // strings are bound from their own storage, without a copy.
        var text = text
        let code = text.withUTF8 { buffer -> Int32 in
            guard let base = buffer.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, Statement.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                sqlite3_bind_text64(handle, index, pointer, sqlite3_uint64(buffer.count), Statement.transient, UInt8(SQLITE_UTF8))
            }
        }
        try check(code)
    }

    private func bindBlob(_ bytes: [UInt8], at index: Int32) throws(SQLiteError) {
        let code = bytes.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                // An empty blob, not NULL.
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(buffer.count), Statement.transient)
        }
        try check(code)
    }

    /// Binds UTF-8 text or a blob from `bytes` to the 1-based parameter `index`. Copied unless
    /// `borrowed`: then the caller keeps `bytes` alive and unchanged until the statement is reset
    /// and its bindings cleared (SQLite reads them in place, sparing a copy and a free).
    func bind(bytes: UnsafeRawBufferPointer, isText: Bool, at index: Int32, borrowed: Bool = false) throws(SQLiteError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            // Empty text or an empty blob, not NULL.
            try check(isText ? sqlite3_bind_text(handle, index, "", 0, Statement.transient) : sqlite3_bind_zeroblob(handle, index, 0))
            return
        }
        let destructor = borrowed ? Statement.borrowed : Statement.transient
        if isText {
            try check(sqlite3_bind_text64(handle, index, base.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count), destructor, UInt8(SQLITE_UTF8)))
        } else {
            try check(sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(bytes.count), destructor))
        }
    }

    /// `SQLITE_STATIC`: SQLite uses bound bytes in place.
    private static var borrowed: sqlite3_destructor_type? { nil }

    /// SQLite copies bound text and blobs before the call returns.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
    }

    /// Sets every parameter back to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
    }

    // MARK: Running

    /// Advances to the next row: true when a row is available, false when the statement is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError(code: code, handle: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Rewinds so the statement can run again (bindings are kept).
    public func reset() {
        // The result repeats the last step's error, already reported by `step()`.
        sqlite3_reset(handle)
    }

    /// Runs to completion, ignoring any rows.
    public func run() throws(SQLiteError) {
        defer { reset() }
        while try step() {}
    }

    /// Runs and collects every row.
    public func rows() throws(SQLiteError) -> [[SQLiteValue]] {
        defer { reset() }
        var rows: [[SQLiteValue]] = []
        let count = columnCount
        while try step() {
            rows.append(values(0..<count))
        }
        return rows
    }

    /// The current row's columns in `columns` (valid after `step()` returned true).
    public func values(_ columns: Range<Int32>) -> [SQLiteValue] {
        var values: [SQLiteValue] = []
        values.reserveCapacity(columns.count)
        for index in columns { values.append(value(at: index)) }
        return values
    }

    // MARK: Columns (valid after `step()` returned true)

    /// Whether the current row's columns from `start` on equal `values` (as `values(_:)` would
    /// read them), compared in place: no `SQLiteValue` or `String` is made.
    public func matches(_ values: [SQLiteValue], from start: Int32) -> Bool {
        for (offset, value) in values.enumerated() {
            let index = start + Int32(offset)
            let type = sqlite3_column_type(handle, index)
            switch value {
            case .null:
                guard type == SQLITE_NULL else { return false }
            case .integer(let integer):
                guard type == SQLITE_INTEGER, sqlite3_column_int64(handle, index) == integer else { return false }
            case .real(let real):
                guard type == SQLITE_FLOAT, sqlite3_column_double(handle, index) == real else { return false }
            case .text(let text):
                guard type == SQLITE_TEXT else { return false }
                let pointer = sqlite3_column_text(handle, index)
                let count = pointer == nil ? 0 : Int(sqlite3_column_bytes(handle, index))
                let bytes = UnsafeBufferPointer(start: pointer, count: count)
                // Equal bytes are equal strings; different bytes are different strings when both
                // are ASCII, and otherwise compared as `String`s compare (canonical equivalence).
                var text = text
                let same = text.withUTF8 { own -> Bool? in
                    if own.count == count {
                        guard count > 0 else { return true }
                        if let mine = own.baseAddress, let theirs = bytes.baseAddress, memcmp(mine, theirs, count) == 0 { return true }
                    }
                    guard own.allSatisfy({ $0 < 0x80 }), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                    return false
                }
                guard same ?? (String(decoding: bytes, as: UTF8.self) == text) else { return false }
            case .blob(let blob):
                guard type == SQLITE_BLOB else { return false }
                let count = Int(sqlite3_column_bytes(handle, index))
                guard count == blob.count else { return false }
                if count > 0, let pointer = sqlite3_column_blob(handle, index),
                   !blob.elementsEqual(UnsafeRawBufferPointer(start: pointer, count: count)) { return false }
            }
        }
        return true
    }


    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The cell at `index` of the current row: one API call per cell instead of one per read
    /// (its type, then its text and length), which matters on paths that read every cell of
    /// hundreds of rows.
    @inline(__always)
    func cell(at index: Int32) -> Cell {
        Cell(sqlite3_column_value(handle, index))
    }

    /// Whether the statement leaves the database unchanged (SQLite's own judgement of the SQL).
    var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column as an integer, nil when NULL (other types convert as SQLite converts them).
    public func int64(at index: Int32) -> Int64? {
        isNull(at: index) ? nil : sqlite3_column_int64(handle, index)
    }

    public func double(at index: Int32) -> Double? {
        isNull(at: index) ? nil : sqlite3_column_double(handle, index)
    }

    public func string(at index: Int32) -> String? {
        guard !isNull(at: index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public func blob(at index: Int32) -> [UInt8]? {
        guard !isNull(at: index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// The column with its storage class.
    public func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(string(at: index) ?? "")
        case SQLITE_BLOB: return .blob(blob(at: index) ?? [])
        default: return .null
        }
    }
}

@available(*, unavailable, message: "a Statement belongs to its Database's actor or serial queue")
extension Statement: Sendable {}
