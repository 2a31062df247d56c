import CLibPQ
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One connection to a PostgreSQL server through libpq. Not thread-safe: use it from one thread
/// at a time (a pool hands connections out); `canceller` may be used from any thread.
public final class PostgresConnection {
    let connection: OpaquePointer
    /// Statements prepared on this connection, by their SQL text.
    private var prepared: [String: String] = [:]
    /// Statements without parameters sent around others (BEGIN, COMMIT), prepared once so the
    /// server does not parse them each time, by their SQL text (`sendSimple`).
    var preparedSimple: [String: String] = [:]
    /// Statements queued in pipeline mode and not yet run (`queue(prepared:_:before:after:)`).
    var queuedStatements: [QueuedStatement] = []
    public private(set) var canceller: PostgresCanceller

    /// Connects to `url`: a libpq connection URI (`postgresql://user:password@host:5432/dbname`)
    /// or keyword/value string. The error names the host, never the password.
    public init(url: String, applicationName: String = "sqlgen") throws(PostgresError) {
        let keywords = ["dbname", "client_encoding", "application_name"]
        let values = [url, "UTF8", applicationName]
        guard let connection = Self.connect(keywords: keywords, values: values) else {
            throw PostgresError(message: "out of memory connecting to PostgreSQL")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.errorMessage(connection)
            PQfinish(connection)
            throw PostgresError(message: "cannot connect to PostgreSQL: \(message)")
        }
        // Notices (`... does not exist, skipping`) are not errors: keep them off standard error.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        self.connection = connection
        canceller = PostgresCanceller(PQgetCancel(connection))
    }

    deinit {
        PQfinish(connection)
    }

    /// Runs `sql` (one or more statements, no parameters) and returns the last result.
    @discardableResult
    public func execute(_ sql: String) throws(PostgresError) -> PostgresResult {
        try checked(PQexec(connection, sql))
    }

    /// Runs one statement with `$1`, `$2`... bound to `parameters` (text forms; nil is NULL).
    /// With `prepare`, the statement is parsed and planned once per connection and reused.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?], prepare: Bool = false) throws(PostgresError) -> PostgresResult {
        guard prepare else {
            return try checked(withCStrings(parameters) { PQexecParams(connection, sql, Int32(parameters.count), nil, $0, nil, nil, 0) })
        }
        let name = try preparedName(sql, parameterCount: parameters.count)
        return try checked(withCStrings(parameters) { PQexecPrepared(connection, name, Int32(parameters.count), $0, nil, nil, 0) })
    }

    /// Whether a transaction is open (`BEGIN` without its `COMMIT`/`ROLLBACK` yet).
    public var isInTransaction: Bool {
        PQtransactionStatus(connection) != PQTRANS_IDLE
    }

    /// Whether the connection still works (a server restart or a network failure breaks it).
    public var isHealthy: Bool {
        PQstatus(connection) == CONNECTION_OK
    }

    /// Connects again with the same parameters, as a new session: its settings and prepared
    /// statements are gone. Whether it worked.
    public func reconnect() -> Bool {
        if !queuedStatements.isEmpty {
            queuedStatements = []
            _ = PQexitPipelineMode(connection)
        }
        PQreset(connection)
        prepared.removeAll()
        preparedSimple.removeAll()
        canceller = PostgresCanceller(PQgetCancel(connection))
        return isHealthy
    }

    private func preparedName(_ sql: String, parameterCount: Int) throws(PostgresError) -> String {
        if let name = prepared[sql] { return name }
        let name = "sqlgen_\(prepared.count + 1)"
        _ = try checked(PQprepare(connection, name, sql, Int32(parameterCount), nil))
        prepared[sql] = name
        return name
    }

    /// The result, or the error it carries.
    func checked(_ result: OpaquePointer?) throws(PostgresError) -> PostgresResult {
        guard let result else { throw PostgresError(message: Self.errorMessage(connection)) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresResult(result)
        default:
            let error = Self.error(of: result, connection: connection)
            PQclear(result)
            throw error
        }
    }

    private static func connect(keywords: [String], values: [String]) -> OpaquePointer? {
        withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in PQconnectdbParams(keywordPointers, valuePointers, 1) }
        }
    }

    private static func error(of result: OpaquePointer, connection: OpaquePointer) -> PostgresError {
        func field(_ code: UInt8) -> String? { PQresultErrorField(result, Int32(code)).map { String(cString: $0) } }
        let message = field(UInt8(ascii: "M")) ?? errorMessage(connection)
        return PostgresError(sqlState: field(UInt8(ascii: "C")), message: message, detail: field(UInt8(ascii: "D")),
                             hint: field(UInt8(ascii: "H")), position: field(UInt8(ascii: "P")).flatMap { Int($0) })
    }

    static func errorMessage(_ connection: OpaquePointer) -> String {
        PQerrorMessage(connection).map { String(cString: $0) }?.trimmingTrailingNewlines() ?? "unknown error"
    }
}

/// Asks the server to stop the statement a connection is running (a request's time limit); safe
/// from any thread while the connection's own thread waits for the statement.
public final class PostgresCanceller: @unchecked Sendable {
    private let cancel: OpaquePointer?

    init(_ cancel: OpaquePointer?) {
        self.cancel = cancel
    }

    deinit {
        if let cancel { PQfreeCancel(cancel) }
    }

    public func cancelRunningStatement() {
        guard let cancel else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &buffer, Int32(buffer.count))
    }
}

/// Calls `body` with NUL-terminated copies of `strings` (nil entries as null pointers), followed
/// by a null pointer (libpq's keyword and value lists end with one).
func withCStrings<Result>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies: [UnsafePointer<CChar>?] = strings.map { $0.flatMap { strdup($0) }.map { UnsafePointer($0) } } + [nil]
    defer { for copy in copies { free(UnsafeMutablePointer(mutating: copy)) } }
    return copies.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { preconditionFailure("the list holds at least its terminator") }
        return body(base)
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
