// Database work blocks its thread. Requests run theirs here, on threads of their own
// (`JobThreads`), and the cooperative pool stays free for everything else, their own
// cancellation included.

import Foundation

/// Threads for blocking database work, as a task executor (`withTaskExecutorPreference`): up to
/// `limit` of them, started on demand and ended when idle.
final class DatabaseThreads: JobThreads, TaskExecutor, @unchecked Sendable {
    /// At most `limit` threads, each ending after `idleTime` seconds without work.
    init(limit: Int, idleTime: TimeInterval = 5) {
        super.init(limit: limit, idleTime: idleTime, name: "sqlgen-database")
    }

    /// Threads for an engine with `readConnections`: one per read connection up to one per core
    /// (more would only contend for the cores: a list's answer is mostly rendering), one for the
    /// writing connection and one more, so that work holding no connection never waits for the rest.
    convenience init(readConnections: Int) {
        self.init(limit: min(readConnections, ProcessInfo.processInfo.activeProcessorCount) + 2)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        enqueueJob(UnownedJob(job))
    }

    override func run(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}
