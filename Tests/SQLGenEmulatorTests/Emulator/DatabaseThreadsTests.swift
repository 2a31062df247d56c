import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import Testing

/// Blocking database work runs on threads of its own, never on the cooperative pool: slow
/// statements cannot stall the server's other tasks, and a pool of connections can have as many
/// statements in flight as it has connections.
@Suite("Emulator: database work on threads of its own")
struct DatabaseThreadsTests {
    /// More than the cooperative pool has threads (one per core).
    static let beyondThePool = ProcessInfo.processInfo.activeProcessorCount + 1

    @Test func blockingJobsRunSideBySideUpToTheLimitAndTheThreadsEndWhenIdle() async throws {
        let threads = DatabaseThreads(limit: Self.beyondThePool, idleTime: 0.2)
        // Each job's start and end, read on the thread that runs it (the test's own continuations
        // may wait for the cooperative pool, which other tests keep busy).
        let spans = await withTaskExecutorPreference(threads) {
            await withTaskGroup(of: (ContinuousClock.Instant, ContinuousClock.Instant, Int).self) { group in
                for _ in 0..<Self.beyondThePool {
                    group.addTask {
                        let start = ContinuousClock.now
                        Self.blockThread(for: 0.5)
                        return (start, ContinuousClock.now, threads.threadCount)
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
        }
        // Every job began before any ended: more ran at once than the cooperative pool has threads.
        let lastStart = try #require(spans.map(\.0).max()), firstEnd = try #require(spans.map(\.1).min())
        #expect(lastStart < firstEnd)
        #expect(spans.map(\.2).max() == Self.beyondThePool)
        var waited = Duration.zero
        while threads.threadCount > 0, waited < .seconds(10) {
            try await Task.sleep(for: .milliseconds(100))
            waited += .milliseconds(100)
        }
        #expect(threads.threadCount == 0)
    }

    @Test func jobsArrivingTogetherAtOneIdleThreadStillRunSideBySide() async throws {
        let threads = DatabaseThreads(limit: 3)
        // One thread, idle once this returns.
        await withTaskExecutorPreference(threads) { Self.blockThread(for: 0.01) }
        try await Task.sleep(for: .milliseconds(100))
        // Two tasks started back to back from outside: both jobs arrive before the idle thread wakes.
        let tasks = (0..<2).map { _ in
            Task(executorPreference: threads) { () -> (ContinuousClock.Instant, ContinuousClock.Instant) in
                let start = ContinuousClock.now
                Self.blockThread(for: 1)
                return (start, ContinuousClock.now)
            }
        }
        var spans: [(ContinuousClock.Instant, ContinuousClock.Instant)] = []
        for task in tasks { spans.append(await task.value) }
        let lastStart = try #require(spans.map(\.0).max()), firstEnd = try #require(spans.map(\.1).min())
        #expect(lastStart < firstEnd, "the second job waited for the first")
    }

    /// What a statement does to its thread: holds it, here for `seconds`.
    static func blockThread(for seconds: TimeInterval) {
        Thread.sleep(forTimeInterval: seconds)
    }

    @Test func slowStatementsOnEveryCoreLeaveTheServerFreeToWrite() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let engine = try TestDatabase.engine(schemaSources: QueryFeatureHarness.sources("type Movie @table { title: String! }"), operationSources: [],
                                                 connectorId: "x", databasePath: path, requestTimeout: .seconds(60),
                                                 readConnections: Self.beyondThePool)
            let slowSQL = TestDatabase.isPostgreSQL ? "SELECT pg_sleep(60)" : RequestLimitTests.endless
            let slow = (0..<Self.beyondThePool).map { _ in
                Task { await engine.executeDocument("{ _select(sql: \"\(slowSQL)\") }", operationName: nil, variables: .object([])) }
            }
            try await Task.sleep(for: .milliseconds(300))
            let started = ContinuousClock.now
            let insert = await engine.executeDocument(#"mutation { movie_insert(data: {title: "Meanwhile"}) }"#, operationName: nil, variables: .object([]))
            // The slow statements run to their 60 s limit; a busy parallel test run may slow the write, not that much.
            #expect(ContinuousClock.now - started < .seconds(30), "the write waited for the slow statements")
            #expect(insert.result.errors.isEmpty, "\(insert.result.json.jsonText)")
            for task in slow { task.cancel() }
            for task in slow { #expect(await task.value.result.errors.first?.code == "UNAVAILABLE") }
        }
    }
}
