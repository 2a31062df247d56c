// The engine actor's work is mostly the writing connection's, which blocks its thread. A default
// actor's queued jobs run on Swift's global pool, where they would hold one of its few threads, a
// thread hop away from the database threads; the engine runs on a thread of its own instead.

import Foundation

/// The serial executor of `EmulatorEngine`: one thread (`JobThreads`), started when work comes
/// and ended after a while idle. It is a task executor too, so a task that will write (a mutation
/// on SQLite) can start here and reach the engine without a hop through another thread.
final class EngineThread: JobThreads, SerialExecutor, TaskExecutor, @unchecked Sendable {
    static let threadName = "sqlgen-engine"

    /// Whether the thread is running now (for tests).
    var hasThread: Bool { threadCount > 0 }

    init(idleTime: TimeInterval = 5) {
        super.init(limit: 1, idleTime: idleTime, name: Self.threadName)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        enqueueJob(UnownedJob(job))
    }

    /// Every job runs isolated to the engine: one thread runs one job at a time, so a task's job
    /// here excludes the engine's as the engine's own do, and its calls into the engine need no switch.
    override func run(_ job: UnownedJob) {
        job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
    }
}
