/// A failure reported by PostgreSQL or by its client library, with the server's SQLSTATE code
/// when it sent one.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505` unique violation, `40001` serialization failure, ...);
    /// nil for errors of the client library itself (no connection, bad URI).
    public var sqlState: String?
    public var message: String
    public var detail: String?
    public var hint: String?
    /// The 1-based character offset in the statement that the server pointed at.
    public var position: Int?

    public init(sqlState: String? = nil, message: String, detail: String? = nil, hint: String? = nil, position: Int? = nil) {
        (self.sqlState, self.message, self.detail, self.hint, self.position) = (sqlState, message, detail, hint, position)
    }

    /// The transaction lost a race with another one and may succeed when run again.
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
    /// The statement was cancelled: by its time limit (`statement_timeout`) or by `PostgresCanceller`.
    public var isCancelled: Bool { sqlState == "57014" }
    public var isUniqueViolation: Bool { sqlState == "23505" }
    public var isForeignKeyViolation: Bool { sqlState == "23503" }

    public var description: String {
        var text = message
        if let detail { text += " (\(detail))" }
        if let sqlState { text += " [SQLSTATE \(sqlState)]" }
        return text
    }
}
