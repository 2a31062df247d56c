import Foundation
@testable import SQLGenEmulator
import Testing

/// The engine actor's work (the writing connection's) runs on a thread of its own, one job at a
/// time, and the thread ends when idle.
@Suite("Emulator: the engine actor on a thread of its own")
struct EngineThreadTests {
    private actor Writer {
        nonisolated let thread: EngineThread
        nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }
        private var running = 0
        private(set) var overlaps = 0

        init(thread: EngineThread) {
            self.thread = thread
        }

        /// Blocks its thread a while, as a statement does, and notes whether another job ran
        /// meanwhile; whether it ran on the engine's thread.
        func write() -> Bool {
            running += 1
            if running > 1 { overlaps += 1 }
            Thread.sleep(forTimeInterval: 0.01)
            running -= 1
            return JobThreads.current === thread
        }
    }

    @Test func jobsRunOneAtATimeOnTheEngineThreadWhichEndsWhenIdle() async throws {
        let writer = Writer(thread: EngineThread(idleTime: 0.2))
        let onTheThread = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 { group.addTask { await writer.write() } }
            return await group.reduce(into: Set<Bool>()) { $0.insert($1) }
        }
        #expect(onTheThread == [true])
        #expect(await writer.overlaps == 0)
        var waited = Duration.zero
        while writer.thread.hasThread, waited < .seconds(10) {
            try await Task.sleep(for: .milliseconds(100))
            waited += .milliseconds(100)
        }
        #expect(!writer.thread.hasThread)
        #expect(await writer.write())
    }

    @Test func theEngineRunsItsWritesOnIt() async throws {
        let engine = try TestDatabase.engine(schemaSources: [.init("type Film @table(key: \"id\") { id: Int! }", name: "schema.gql")],
                                             operationSources: [], connectorId: "c", databasePath: ":memory:")
        #expect(await engine.runsOnItsThread())
    }
}

extension EmulatorEngine {
    fileprivate func runsOnItsThread() -> Bool { JobThreads.current === engineThread }
}
