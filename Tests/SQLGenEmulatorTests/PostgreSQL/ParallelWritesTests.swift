import Foundation
import Synchronization
import SQLGenJSON
import SQLGenLanguage
import Testing
@testable import SQLGenEmulator

/// On PostgreSQL mutations run on writing connections side by side, as from several emulator
/// processes: one waiting for a row lock holds up no other, and concurrent writes all land.
@Suite("Emulator on PostgreSQL: mutations side by side", .enabled(if: TestDatabase.isPostgreSQL, "runs with SQLGEN_TEST_BACKEND=postgresql"))
struct ParallelWritesTests {
    static let schema = QueryFeatureHarness.sources("type Counter @table(key: \"name\") { name: String!, n: Int! }")

    private final class Flag: Sendable {
        let value = Atomic(false)
    }

    private func run(_ engine: EmulatorEngine, _ text: String) async -> ExecutionResult {
        await engine.executeDocument(text, operationName: nil, variables: .object([])).result
    }

    @Test func aMutationWaitingForARowLockHoldsUpNoOther() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let engine = try TestDatabase.engine(schemaSources: Self.schema, operationSources: [], connectorId: "x", databasePath: path)
            #expect(await run(engine, #"mutation { counter_insert(data: {name: "held", n: 0}) }"#).errors.isEmpty)
            // Another session holds the row, as a long transaction of another client would.
            let other = try TestDatabase.connection(path: path)
            try other.execute(#"BEGIN; SELECT n FROM "counter" WHERE name = 'held' FOR UPDATE"#)
            let updated = Flag()
            let waiting = Task {
                defer { updated.value.store(true, ordering: .relaxed) }
                return await run(engine, #"mutation { counter_update(key: {name: "held"}, data: {n: 1}) }"#)
            }
            // Until the update waits for the row: a lock wait on the holder's transaction.
            let waits = #"SELECT count(*)::int FROM pg_locks WHERE NOT granted AND locktype = 'transactionid' "#
                + "AND transactionid = (SELECT backend_xid FROM pg_stat_activity WHERE pid = pg_backend_pid())"
            for _ in 0..<500 where try other.query(waits).first?.first != .integer(1) {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try other.query(waits).first?.first == .integer(1))
            let free = await run(engine, #"mutation { counter_insert(data: {name: "free", n: 2}) }"#)
            // Behind the waiting update, the insert would run only once the update is over.
            let updateWasOver = updated.value.load(ordering: .relaxed)
            try other.execute("ROLLBACK")
            #expect(free.errors.isEmpty, "\(free.json.jsonText)")
            #expect(!updateWasOver)
            #expect(await waiting.value.errors.isEmpty)
            let rows = await run(engine, "{ counters(orderBy: [{name: ASC}]) { name n } }")
            #expect(rows.json["data", "counters"] == .array([.object([JSONMember("name", .string("free")), JSONMember("n", .int(2))]),
                                                          .object([JSONMember("name", .string("held")), JSONMember("n", .int(1))])]))
        }
    }

    @Test func concurrentIncrementsAndInsertsAllLand() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let engine = try TestDatabase.engine(schemaSources: Self.schema, operationSources: [], connectorId: "x", databasePath: path)
            #expect(await run(engine, #"mutation { counter_insert(data: {name: "total", n: 0}) }"#).errors.isEmpty)
            let failures = await withTaskGroup(of: Int.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let text = index.isMultiple(of: 2) ? #"mutation { counter_update(key: {name: "total"}, data: {n_update: [{inc: 1}]}) }"#
                            : #"mutation { counter_insert(data: {name: "row\#(index)", n: \#(index)}) }"#
                        return await run(engine, text).errors.isEmpty ? 0 : 1
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(failures == 0)
            let total = await run(engine, #"{ counter(key: {name: "total"}) { n } _select(sql: "SELECT count(*)::int AS rows FROM counter") }"#)
            #expect(total.json["data", "counter", "n"] == .int(50), "\(total.json.jsonText)")
            #expect(total.json["data", "_select", 0, "rows"] == .int(51), "\(total.json.jsonText)")
        }
    }
}
