// The engine actor's work is mostly the writing connection's, which blocks its thread. A default
// actor's queued jobs run on Swift's global pool, where they would hold one of its few threads, a
// thread hop away from the database threads; the engine runs on a thread of its own instead.

import Foundation

/// The serial executor of `EmulatorEngine`: one thread (`JobThreads`), started when work comes
/// and ended after a while idle.
final class EngineThread: JobThreads, SerialExecutor, @unchecked Sendable {
    static let threadName = "sqlgen-engine"

    /// Whether the thread is running now (for tests).
    var hasThread: Bool { threadCount > 0 }

    init(idleTime: TimeInterval = 5) {
        super.init(limit: 1, idleTime: idleTime, name: Self.threadName)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        enqueueJob(UnownedJob(job))
    }

    override func run(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedSerialExecutor())
    }
}
