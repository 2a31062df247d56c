// PostgreSQL's failures as `DatabaseError`s: the kind the emulator tells apart by SQLSTATE, the
// server's message with its detail, and the statement.

import SQLGenPostgres

extension DatabaseError {
    init(postgres error: PostgresError, sql: String?) {
        var message = error.message
        if let detail = error.detail { message += " (\(detail))" }
        self.init(kind: Self.kind(error.sqlState), code: 0, message: message, sql: sql, database: "PostgreSQL", sqlState: error.sqlState)
    }

    /// A failure of the emulator's own use of a connection (no server involved).
    static func postgresMisuse(_ message: String, sql: String?) -> DatabaseError {
        DatabaseError(kind: .misuse, code: 0, message: message, sql: sql, database: "PostgreSQL")
    }

    private static func kind(_ state: String?) -> Kind {
        guard let state else { return .other }
        switch state {
        case "23505": return .uniqueViolation
        case _ where state.hasPrefix("23"): return .constraintViolation
        case "40001", "40P01", "55P03": return .busy
        case "57014": return .interrupted
        case "08P01", "42P02", "42P08": return .misuse
        default: return .other
        }
    }

    /// A serialization failure or deadlock: running the transaction again may succeed.
    var isRetryableOnPostgres: Bool { sqlState == "40001" || sqlState == "40P01" }
}
