import CSQLite

/// A prepared SQLite statement: bind parameters (1-based, or by `:name`), step through rows, read
/// cells (0-based). Finalized when released.
///
/// Not `Sendable`: it belongs to its connection's actor or serial queue, like the connection.
public final class SQLiteStatement: SQLStatement {
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

    private func check(_ code: Int32) throws(DatabaseError) {
        guard code == SQLITE_OK else { throw DatabaseError(sqlite: code, handle: connection, sql: sql) }
    }

    // MARK: Binding

    /// The number of `?`, `?NNN`, `:name`, `@name` and `$name` parameters.
    public var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

    /// Binds `value` to the 1-based parameter `index`. Text and blobs are copied.
    public func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError) {
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

    public func bind(_ value: Int64, at index: Int32) throws(DatabaseError) { try bind(.integer(value), at: index) }
    public func bind(_ value: Int, at index: Int32) throws(DatabaseError) { try bind(.integer(Int64(value)), at: index) }
    public func bind(_ value: Double, at index: Int32) throws(DatabaseError) { try bind(.real(value), at: index) }
    public func bind(_ value: String, at index: Int32) throws(DatabaseError) { try bind(.text(value), at: index) }
    public func bind(_ value: [UInt8], at index: Int32) throws(DatabaseError) { try bind(.blob(value), at: index) }
    public func bindNull(at index: Int32) throws(DatabaseError) { try bind(.null, at: index) }

    /// Binds `values` to parameters 1, 2, ... in order; the count must match.
    public func bind(_ values: [SQLValue]) throws(DatabaseError) {
        guard values.count == Int(parameterCount) else {
            throw DatabaseError(sqlite: SQLITE_RANGE, message: "statement has \(parameterCount) parameters but \(values.count) values were given", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds a named parameter, written with its prefix (`:id`, `@id` or `$id`).
    public func bind(_ value: SQLValue, named name: String) throws(DatabaseError) {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw DatabaseError(sqlite: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
        }
        try bind(value, at: index)
    }

    private func bindText(_ text: String, at index: Int32) throws(DatabaseError) {
        // Bound with an explicit length so text containing NUL characters is kept whole; native
        // strings are bound from their own storage, without a copy.
        var text = text
        let code = text.withUTF8 { buffer -> Int32 in
            guard let base = buffer.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, SQLiteStatement.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                sqlite3_bind_text64(handle, index, pointer, sqlite3_uint64(buffer.count), SQLiteStatement.transient, UInt8(SQLITE_UTF8))
            }
        }
        try check(code)
    }

    private func bindBlob(_ bytes: [UInt8], at index: Int32) throws(DatabaseError) {
        let code = bytes.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                // An empty blob, not NULL.
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(buffer.count), SQLiteStatement.transient)
        }
        try check(code)
    }

    /// Binds UTF-8 text or a blob from `bytes` to the 1-based parameter `index`. Copied unless
    /// `borrowed`: then the caller keeps `bytes` alive and unchanged until the statement is reset
    /// and its bindings cleared (SQLite reads them in place, sparing a copy and a free).
    func bind(bytes: UnsafeRawBufferPointer, isText: Bool, at index: Int32, borrowed: Bool = false) throws(DatabaseError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            // Empty text or an empty blob, not NULL.
            try check(isText ? sqlite3_bind_text(handle, index, "", 0, SQLiteStatement.transient) : sqlite3_bind_zeroblob(handle, index, 0))
            return
        }
        let destructor = borrowed ? SQLiteStatement.borrowed : SQLiteStatement.transient
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
    public func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = DatabaseError(sqlite: code, handle: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Rewinds so the statement can run again (bindings are kept).
    public func reset() {
        // The result repeats the last step's error, already reported by `step()`.
        sqlite3_reset(handle)
    }

    // MARK: Columns (valid after `step()` returned true)

    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The cell at `index` of the current row, read through one `sqlite3_value` (its type, then
    /// its value: the order SQLite documents for no conversion), which matters on paths that read
    /// every cell of hundreds of rows. SQLite calls such values unprotected: reading them is safe
    /// only while no other thread uses the connection, which the confinement guarantees.
    @inline(__always)
    func cell(at index: Int32) -> Cell {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let text = sqlite3_value_text(value)
            return .text(UnsafeRawPointer(text), count: text == nil ? 0 : Int(sqlite3_value_bytes(value)))
        case SQLITE_BLOB:
            let blob = sqlite3_value_blob(value)
            return .blob(blob, count: blob == nil ? 0 : Int(sqlite3_value_bytes(value)))
        default:
            return .null
        }
    }

    /// Whether the statement leaves the database unchanged (SQLite's own judgement of the SQL).
    var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }
}

@available(*, unavailable, message: "a SQLiteStatement belongs to its connection's actor or serial queue")
extension SQLiteStatement: Sendable {}
