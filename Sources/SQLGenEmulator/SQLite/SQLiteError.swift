import CSQLite

/// A failed SQLite call: the result code, the extended code, SQLite's own message and, when a
/// statement was involved, its SQL.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, ...).
    public var code: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_FOREIGNKEY`, ...); equals `code` when there is none.
    public var extendedCode: Int32
    /// SQLite's message (`sqlite3_errmsg`), e.g. `FOREIGN KEY constraint failed`.
    public var message: String
    /// The statement that failed, if any.
    public var sql: String?

    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code & 0xFF
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// The error the connection `handle` reports for the result `code`.
    init(code: Int32, handle: OpaquePointer?, sql: String? = nil) {
        let message: String
        if let handle, let text = sqlite3_errmsg(handle) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "SQLite error \(code)"
        }
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        self.init(code: code, extendedCode: extended == 0 ? code : extended, message: message, sql: sql)
    }

    /// A constraint (unique, not null, foreign key, check) was violated.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    /// Another connection holds a lock longer than the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// `SQLite error 19 (2067): UNIQUE constraint failed: t.x [in: INSERT ...]`.
    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += " (\(extendedCode))" }
        text += ": \(message)"
        if let sql { text += " [in: \(sql)]" }
        return text
    }
}
