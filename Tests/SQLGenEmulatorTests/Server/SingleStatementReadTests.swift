import Foundation
import SQLGenPostgres
import Testing
@testable import SQLGenEmulator

/// A query whose plan reads one table in one statement needs no transaction around it: on
/// PostgreSQL it then takes one round trip instead of two. Anything more reads one snapshot.
@Suite("Emulator: single-statement reads")
struct SingleStatementReadTests {
    @Test("Only plans of one table root without references or relations read in one statement")
    func plansThatReadInOneStatement() async throws {
        try await QueryPlanTests.withEngine { engine in
            for name in ["filmByKey", "firstLoud", "distinctYears"] {
                #expect(engine.compiledOperation(connector: "c", name: name)?.readsInOneStatement == true, "\(name)")
            }
            for name in ["allFilms", "film", "twoLists", "dangling", "studios", "merged", "filmCount"] {
                #expect(engine.compiledOperation(connector: "c", name: name)?.readsInOneStatement == false, "\(name)")
            }
        }
    }

    @Test("On PostgreSQL the one statement runs alone; a second one, or any after readOneSnapshotFromHere, opens the read's transaction",
          .enabled(if: TestDatabase.isPostgreSQL, "runs with SQLGEN_TEST_BACKEND=postgresql"))
    func theStatementRunsAloneOnPostgreSQL() throws {
        let backend = try TestDatabase.backend(path: ":memory:")
        guard let connection = try backend.openReader() as? PostgreSQLConnection else { throw EmulatorError("not a PostgreSQL connection") }
        try connection.beginSingleStatementRead()
        _ = try connection.query("SELECT 1")
        #expect(connection.client.transactionState == .idle)
        _ = try connection.query("SELECT 2")
        #expect(connection.client.transactionState == .inTransaction)
        connection.commitReadTransaction()
        #expect(connection.client.transactionState == .idle)

        try connection.beginSingleStatementRead()
        connection.readOneSnapshotFromHere()
        _ = try connection.query("SELECT 1")
        #expect(connection.client.transactionState == .inTransaction)
        connection.commitReadTransaction()
        #expect(connection.client.transactionState == .idle && !connection.isInTransaction)
    }
}
