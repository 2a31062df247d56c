import Foundation
import Testing
import SQLGenPostgres

/// The database tests run against: `SQLGEN_TEST_DATABASE_URL`, a throwaway cluster that `.ci/run`
/// starts (`scripts/postgres-cluster.sh start DIR`).
enum TestDatabase {
    static let url = ProcessInfo.processInfo.environment["SQLGEN_TEST_DATABASE_URL"]
    static var isConfigured: Bool { url != nil }

    /// A connection whose objects live in a schema of its own, dropped by `drop`.
    static func connect() throws -> (PostgresConnection, schema: String) {
        let connection = try PostgresConnection(url: url ?? "")
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try connection.execute("CREATE SCHEMA \(schema); SET search_path TO \(schema)")
        return (connection, schema)
    }

    static func drop(_ schema: String, on connection: PostgresConnection) {
        _ = try? connection.execute("DROP SCHEMA \(schema) CASCADE")
    }
}

@Suite(.enabled(if: TestDatabase.isConfigured, "needs SQLGEN_TEST_DATABASE_URL (scripts/postgres-cluster.sh start)"))
struct PostgresConnectionTests {
    @Test func valuesRoundTripInTextForm() throws {
        let (connection, schema) = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: connection) }
        try connection.execute("CREATE TABLE items (id uuid PRIMARY KEY, title text, count bigint, ok boolean, at timestamptz, tags text[], extra jsonb)")
        let id = "3f300fba-0a29-4101-b344-980b4a4864f1"
        try connection.execute("INSERT INTO items VALUES ($1, $2, $3, $4, $5, $6, $7)",
                               [id, "Blade \"Runner\"; DROP TABLE items", "9007199254740993", "t", "2024-05-01T10:00:00Z", "{a,\"b c\"}", nil],
                               prepare: true)
        let result = try connection.execute("SELECT id, title, count, ok, at AT TIME ZONE 'UTC', tags, extra FROM items WHERE id = $1", [id], prepare: true)
        #expect(result.rowCount == 1)
        #expect(result.text(0, 0) == id)
        #expect(result.text(0, 1) == "Blade \"Runner\"; DROP TABLE items")
        #expect(result.text(0, 2) == "9007199254740993")
        #expect(result.text(0, 3) == "t")
        #expect(result.text(0, 4) == "2024-05-01 10:00:00")
        #expect(result.text(0, 5) == "{a,\"b c\"}")
        #expect(result.text(0, 6) == nil)
        #expect(result.columnName(1) == "title")
        #expect(result.columnType(0) == 2950)
    }

    @Test func preparedStatementsAreReused() throws {
        let (connection, schema) = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: connection) }
        try connection.execute("CREATE TABLE numbers (n int)")
        for n in 1...5 { try connection.execute("INSERT INTO numbers VALUES ($1)", ["\(n)"], prepare: true) }
        let statements = try connection.execute("SELECT count(*) FROM pg_prepared_statements")
        #expect(statements.text(0, 0) == "1")
        let updated = try connection.execute("UPDATE numbers SET n = n + 1 WHERE n > $1", ["2"])
        #expect(updated.affectedRows == 3)
    }

    @Test func errorsCarryTheServersCode() throws {
        let (connection, schema) = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: connection) }
        try connection.execute("CREATE TABLE people (email text UNIQUE)")
        try connection.execute("INSERT INTO people VALUES ('a@example.com')")
        #expect { try connection.execute("INSERT INTO people VALUES ($1)", ["a@example.com"]) } throws: { error in
            (error as? PostgresError)?.isUniqueViolation == true
        }
        #expect { try connection.execute("SELEC 1") } throws: { error in
            let error = error as? PostgresError
            return error?.sqlState == "42601" && error?.position == 1
        }
        // The connection is usable after an error.
        #expect(try connection.execute("SELECT 1").text(0, 0) == "1")
    }

    @Test func aRunningStatementIsCancelledFromAnotherThread() throws {
        let (connection, schema) = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: connection) }
        let canceller = connection.canceller
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { canceller.cancelRunningStatement() }
        #expect { try connection.execute("SELECT pg_sleep(30)") } throws: { ($0 as? PostgresError)?.isCancelled == true }
        #expect(Date().timeIntervalSince(started) < 20)
        try connection.execute("SET statement_timeout = 200")
        #expect { try connection.execute("SELECT pg_sleep(30)") } throws: { ($0 as? PostgresError)?.isCancelled == true }
    }

    @Test func aFailedConnectionNamesTheProblemButNotThePassword() throws {
        #expect { try PostgresConnection(url: "postgresql://someone:secret-password@127.0.0.1:1/nothing") } throws: { error in
            let text = "\(error)"
            return text.contains("cannot connect to PostgreSQL") && !text.contains("secret-password")
        }
    }
}

@Suite("PostgreSQL: statements queued and run together", .enabled(if: TestDatabase.isConfigured, "needs SQLGEN_TEST_DATABASE_URL (scripts/postgres-cluster.sh start)"))
struct PostgresPipelineTests {
    @Test("Queued statements run in one round trip, in order; after a failure the rest are skipped, and the connection works on")
    func queuedStatementsRunTogether() throws {
        let (connection, schema) = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: connection) }
        _ = try connection.prepare(named: "double", "SELECT $1::int * 2")
        _ = try connection.prepare(named: "divide", "SELECT 10 / $1::int")
        try connection.queue(prepared: "double", ["1"])
        try connection.queue(prepared: "divide", ["5"])
        #expect(connection.hasQueuedStatements)
        var outcomes = connection.runQueued()
        #expect(outcomes.map(Self.text) == ["2", "2"])
        #expect(!connection.hasQueuedStatements)

        try connection.queue(prepared: "double", ["4"])
        try connection.queue(prepared: "divide", ["0"])
        try connection.queue(prepared: "double", ["5"])
        outcomes = connection.runQueued()
        #expect(outcomes.map(Self.text) == ["8", "error 22012", "skipped"])
        // Out of pipeline mode: statements run one at a time again, outside any transaction.
        #expect(try connection.executePrepared(named: "double", ["21"]).text(0, 0) == "42")
        #expect(connection.transactionState == .idle)
        #expect(connection.runQueued().isEmpty)
    }

    @Test("Statements queued with BEGIN and COMMIT are transactions of their own: those before a failure commit, those after it are skipped")
    func statementsQueuedInTransactionsOfTheirOwn() throws {
        let (connection, schema) = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: connection) }
        _ = try connection.execute("CREATE TABLE \(schema).item (id int PRIMARY KEY)")
        _ = try connection.prepare(named: "add", "INSERT INTO \(schema).item (id) VALUES ($1::int)")
        for id in ["1", "2", "1", "3"] { try connection.queue(prepared: "add", [id], before: "BEGIN", after: "COMMIT") }
        #expect(connection.runQueued().map(Self.text) == ["NULL", "NULL", "error 23505", "skipped"])
        // The failed one's transaction is left aborted, as a failed statement leaves any.
        #expect(connection.transactionState == .failed)
        _ = try connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT string_agg(id::text, ',' ORDER BY id) FROM \(schema).item").text(0, 0) == "1,2")
        // A part after the statement that fails (here, two commands where one may go) is its failure.
        try connection.queue(prepared: "add", ["5"], before: "BEGIN", after: "COMMIT; COMMIT")
        #expect(connection.runQueued().map(Self.text).first?.hasPrefix("error") == true)
        _ = try connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT count(*) FROM \(schema).item").text(0, 0) == "2")
    }

    @Test("BEGIN and COMMIT sent around statements are prepared once per connection, and again on a new session")
    func statementsAroundArePreparedOnce() throws {
        let (connection, schema) = try TestDatabase.connect()
        defer { TestDatabase.drop(schema, on: connection) }
        let around = "SELECT string_agg(statement, ',' ORDER BY statement) FROM pg_prepared_statements WHERE name LIKE 'sqlgen_around_%'"
        for session in 0..<2 {
            _ = try connection.prepare(named: "double", "SELECT $1::int * 2")
            #expect(try connection.executePrepared(named: "double", ["1"], before: "BEGIN", after: "COMMIT").text(0, 0) == "2")
            try connection.queue(prepared: "double", ["2"], before: "BEGIN", after: "COMMIT")
            #expect(connection.runQueued().map(Self.text) == ["4"])
            #expect(try connection.execute(around).text(0, 0) == "BEGIN,COMMIT", "session \(session)")
            if session == 0 { #expect(connection.reconnect()) }
        }
    }

    private static func text(_ outcome: PostgresPipelineOutcome) -> String {
        switch outcome {
        case .result(let result): result.text(0, 0) ?? "NULL"
        case .failure(let error): "error \(error.sqlState ?? "?")"
        case .skipped: "skipped"
        case .lost: "lost"
        }
    }
}
