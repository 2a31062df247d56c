// SQLite's result codes as `DatabaseError`s: the kind the emulator tells apart, the primary and
// extended codes, SQLite's message and the statement.

import CSQLite

extension DatabaseError {
    /// A SQLite failure with result `code` (primary or extended) and `message`.
    init(sqlite code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        let extended = extendedCode ?? code
        self.init(kind: Self.kind(code & 0xFF, extended: extended), code: code & 0xFF, extendedCode: extended, message: message, sql: sql,
                  database: "SQLite")
    }

    /// The error the connection `handle` reports for the result `code`.
    init(sqlite code: Int32, handle: OpaquePointer?, sql: String? = nil) {
        let message: String
        if let handle, let text = sqlite3_errmsg(handle) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "SQLite error \(code)"
        }
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        self.init(sqlite: code, extendedCode: extended == 0 ? code : extended, message: message, sql: sql)
    }

    /// `SQLITE_CONSTRAINT_UNIQUE` and `SQLITE_CONSTRAINT_PRIMARYKEY` (macros Swift does not import).
    private static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
    private static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)

    private static func kind(_ code: Int32, extended: Int32) -> Kind {
        switch code {
        case SQLITE_CONSTRAINT:
            return extended == constraintUnique || extended == constraintPrimaryKey ? .uniqueViolation : .constraintViolation
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_INTERRUPT: return .interrupted
        case SQLITE_MISUSE, SQLITE_RANGE, SQLITE_TOOBIG: return .misuse
        default: return .other
        }
    }
}
