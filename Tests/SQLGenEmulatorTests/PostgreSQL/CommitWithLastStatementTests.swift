import Foundation
import SQLGenLanguage
import SQLGenPostgres
import Testing
@testable import SQLGenEmulator

/// A write transaction's last statement may carry its COMMIT (one round trip instead of two on
/// PostgreSQL). What must hold: the write is committed once, a failure of the statement or of the
/// COMMIT leaves nothing written and the connection usable, savepoints never commit the outer
/// transaction, and a stop that comes after the COMMIT does not report a written mutation as stopped.
@Suite("Emulator: the last statement carries the COMMIT", .enabled(if: TestDatabase.isPostgreSQL, "runs with SQLGEN_TEST_BACKEND=postgresql"))
struct CommitWithLastStatementTests {
    private func writer() throws -> PostgreSQLConnection {
        let backend = try TestDatabase.backend(path: ":memory:")
        guard let connection = try backend.openWriter() as? PostgreSQLConnection else { throw EmulatorError("not a PostgreSQL connection") }
        try connection.execute("CREATE TEMPORARY TABLE items (id int PRIMARY KEY)")
        return connection
    }

    private func count(_ connection: PostgreSQLConnection) throws -> String? {
        try connection.client.execute("SELECT count(*) FROM items").text(0, 0)
    }

    @Test("The statement and its COMMIT go together: the transaction is over when the statement returns")
    func commitsWithTheStatement() throws {
        let connection = try writer()
        try connection.transaction(.immediate) {
            connection.commitWithNextStatement()
            try connection.run("INSERT INTO items VALUES (?)", [.integer(1)])
            #expect(connection.client.transactionState == .idle)
        }
        #expect(try count(connection) == "1")
        #expect(!connection.isInTransaction)
    }

    @Test("A failed statement leaves its transaction aborted, then rolled back; the next one works")
    func failedStatementRollsBack() throws {
        let connection = try writer()
        try connection.run("INSERT INTO items VALUES (?)", [.integer(1)])
        try connection.transaction(.immediate) {
            try connection.run("INSERT INTO items VALUES (?)", [.integer(2)])
            connection.commitWithNextStatement()
            #expect(throws: DatabaseError.self) { try connection.run("INSERT INTO items VALUES (?)", [.integer(1)]) }
            #expect(connection.client.transactionState == .failed)
        }
        #expect(try count(connection) == "1")
        _ = try connection.transaction(.immediate) { try connection.run("INSERT INTO items VALUES (?)", [.integer(3)]) }
        #expect(try count(connection) == "2")
    }

    @Test("A failed COMMIT ends the transaction: nothing is written and nothing is left to commit")
    func failedCommitEndsTheTransaction() throws {
        let connection = try writer()
        try connection.execute("CREATE TEMPORARY TABLE pairs (n int, CONSTRAINT one UNIQUE (n) DEFERRABLE INITIALLY DEFERRED)")
        try connection.transaction(.immediate) {
            try connection.run("INSERT INTO pairs VALUES (?)", [.integer(1)])
            connection.commitWithNextStatement()
            #expect(throws: DatabaseError.self) { try connection.run("INSERT INTO pairs VALUES (?)", [.integer(1)]) }
            #expect(connection.client.transactionState == .idle)
        }
        #expect(try connection.client.execute("SELECT count(*) FROM pairs").text(0, 0) == "0")
        _ = try connection.transaction(.immediate) { try connection.run("INSERT INTO items VALUES (?)", [.integer(1)]) }
        #expect(try count(connection) == "1")
    }

    @Test("Inside a savepoint, or with no write transaction open, the statement carries no COMMIT")
    func ignoredInSavepointsAndOutsideTransactions() throws {
        let connection = try writer()
        #expect(throws: RollBackForTest.self) {
            try connection.transaction(.immediate) {
                try connection.transaction(.immediate) {
                    connection.commitWithNextStatement()
                    try connection.run("INSERT INTO items VALUES (?)", [.integer(1)])
                }
                #expect(connection.client.transactionState == .inTransaction)
                throw RollBackForTest()
            }
        }
        #expect(try count(connection) == "0")
        connection.commitWithNextStatement()
        try connection.run("INSERT INTO items VALUES (?)", [.integer(2)])
        try connection.transaction(.immediate) {
            try connection.run("INSERT INTO items VALUES (?)", [.integer(3)])
            #expect(connection.client.transactionState == .inTransaction)
        }
        #expect(try count(connection) == "2")
    }

    @Test("A stop that comes after the COMMIT went does not report the committed work as stopped")
    func stopAfterTheCommitKeepsTheAnswer() throws {
        let connection = try writer()
        let limit = WorkLimit(timeout: .seconds(30))
        let answer = connection.withWorkLimit(limit) { () -> String? in
            try? connection.transaction(.immediate) {
                connection.commitWithNextStatement()
                try connection.run("INSERT INTO items VALUES (?)", [.integer(1)])
                limit.cancel()
                _ = limit.shouldStop()
                return "written"
            }
        }
        #expect(answer == "written")
        #expect(limit.stopReason == nil)
        #expect(try count(connection) == "1")
    }

    @Test("A lone mutation field's statement carries the COMMIT; one in @transaction or with a second field does not",
          arguments: [("mutation { a: film_insert(data: {id: 1}) }", true),
                      ("mutation @transaction { a: film_insert(data: {id: 1}) }", false),
                      ("mutation { a: film_insert(data: {id: 1}) b: film_insert(data: {id: 2}) }", false)])
    func executorAsksOnlyForLoneFields(document: String, carriesCommit: Bool) async throws {
        let engine = try TestDatabase.engine(schemaSources: [Source("type Film @table(key: \"id\") { id: Int! }", name: "schema.gql")],
                                             operationSources: [], connectorId: "c", databasePath: ":memory:")
        let before = try await engine.commitsSentWithStatements()
        let response = await engine.executeDocument(document, operationName: nil, variables: .object([]))
        #expect(response.status == 200 && response.result.errors.isEmpty, "\(response.result.errors.map(\.message))")
        #expect(try await engine.commitsSentWithStatements() - before == (carriesCommit ? 1 : 0))
    }
}

extension EmulatorEngine {
    /// Over the engine's writing connection and those of its writing threads, where mutations run.
    fileprivate func commitsSentWithStatements() throws -> Int {
        try ([database] + writers.freeConnections.map(\.database)).reduce(0) { total, connection in
            guard let connection = connection as? PostgreSQLConnection else { throw EmulatorError("not a PostgreSQL connection") }
            return total + connection.commitsSentWithStatements
        }
    }
}

private struct RollBackForTest: Error {}
