// Database work blocks its thread: a SQLite statement computes, a PostgreSQL one waits for the
// server. On Swift's cooperative pool (a thread per core) a few slow statements would stall every
// task of the server, their own cancellation included. Requests run their database work here
// instead, and the cooperative pool stays free for everything else.

import Foundation

/// Threads for blocking database work, as a task executor (`withTaskExecutorPreference`). A
/// thread is started when work finds none idle, up to `limit`, and ends after a while idle, so an
/// engine that is gone leaves no thread behind.
final class DatabaseThreads: TaskExecutor, @unchecked Sendable {
    private let limit: Int
    private let idleTime: TimeInterval

    /// Guards every property below.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var nextJob = 0
    private var threads = 0
    private var idleThreads = 0

    /// At most `limit` threads, each ending after `idleTime` seconds without work.
    init(limit: Int, idleTime: TimeInterval = 5) {
        self.limit = max(1, limit)
        self.idleTime = idleTime
    }

    /// Threads for an engine with `readConnections`: one per read connection up to one per core
    /// (more would only contend for the cores: a list's answer is mostly rendering), one for the
    /// writing connection and one more, so that work holding no connection never waits for the rest.
    convenience init(readConnections: Int) {
        self.init(limit: min(readConnections, ProcessInfo.processInfo.activeProcessorCount) + 2)
    }

    /// The threads running now (for tests).
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        if idleThreads > 0 { condition.signal() }
        // An idle thread may not have taken the jobs already waiting: one more thread (within the
        // limit) for each job beyond the idle ones, so none waits behind a long statement.
        if jobs.count - nextJob > idleThreads, threads < limit {
            threads += 1
            Thread.detachNewThread { [self] in work() }
        }
        condition.unlock()
    }

    private func work() {
        let executor = asUnownedTaskExecutor()
        condition.lock()
        while true {
            if let job = takeJob() {
                condition.unlock()
                job.runSynchronously(on: executor)
                condition.lock()
                continue
            }
            idleThreads += 1
            let woken = condition.wait(until: Date(timeIntervalSinceNow: idleTime))
            idleThreads -= 1
            if !woken, nextJob == jobs.count {
                threads -= 1
                condition.unlock()
                return
            }
        }
    }

    /// The oldest job waiting, if any (under the lock).
    private func takeJob() -> UnownedJob? {
        guard nextJob < jobs.count else { return nil }
        let job = jobs[nextJob]
        nextJob += 1
        if nextJob == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            nextJob = 0
        }
        return job
    }
}
