/// A failed database call: what kind of failure, the database's own codes and message, and the
/// statement involved.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the emulator tells apart; everything else is `.other`.
    public enum Kind: Sendable, Hashable {
        /// A unique or primary-key constraint was violated.
        case uniqueViolation
        /// Another constraint (not null, foreign key, check) was violated.
        case constraintViolation
        /// Another connection held a lock past the busy timeout.
        case busy
        /// A work limit stopped the statement.
        case interrupted
        /// The call was wrong (a parameter count, two statements where one was expected).
        case misuse
        case other
    }

    public var kind: Kind
    /// The database's own result code and its extended form (SQLite's `SQLITE_CONSTRAINT` and
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`, ...); they are equal when there is no extended form.
    public var code: Int32
    public var extendedCode: Int32
    /// The database's message, e.g. `FOREIGN KEY constraint failed`.
    public var message: String
    /// The statement that failed, if any.
    public var sql: String?
    /// Which database said so (`SQLite`), for `description`.
    public var database: String
    /// The SQLSTATE of a database that reports one (PostgreSQL's `23505`), shown instead of `code`.
    public var sqlState: String?

    public init(kind: Kind, code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil, database: String,
                sqlState: String? = nil) {
        self.sqlState = sqlState
        self.kind = kind
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.database = database
    }

    /// A constraint (unique, not null, foreign key, check) was violated.
    public var isConstraintViolation: Bool { kind == .uniqueViolation || kind == .constraintViolation }

    /// Another connection holds a lock longer than the busy timeout.
    public var isBusy: Bool { kind == .busy }

    /// `SQLite error 19 (2067): UNIQUE constraint failed: t.x [in: INSERT ...]`.
    public var description: String {
        var text = "\(database) error \(sqlState ?? String(code))"
        if sqlState == nil, extendedCode != code { text += " (\(extendedCode))" }
        text += ": \(message)"
        if let sql { text += " [in: \(sql)]" }
        return text
    }
}
