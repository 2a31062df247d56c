// The engine actor's work is mostly the writing connection's, which blocks its thread. A default
// actor's queued jobs run on Swift's global pool, where they would hold one of its few threads, a
// thread hop away from the database threads; the engine runs on a thread of its own instead.

import Foundation

/// The serial executor of `EmulatorEngine`: one thread, started when work comes and ended after
/// a while idle, so an engine that is gone leaves no thread behind.
final class EngineThread: SerialExecutor, @unchecked Sendable {
    private let idleTime: TimeInterval

    /// Guards every property below.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var nextJob = 0
    private var isRunning = false
    private var isIdle = false

    /// The thread's name (Linux keeps 15 bytes of a thread's name).
    static let threadName = "sqlgen-engine"

    /// Whether the thread is running now (for tests).
    var hasThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isRunning
    }

    init(idleTime: TimeInterval = 5) {
        self.idleTime = idleTime
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        if !isRunning {
            isRunning = true
            Thread.detachNewThread { [self] in work() }
        } else if isIdle {
            condition.signal()
        }
        condition.unlock()
    }

    private func work() {
        Thread.current.name = Self.threadName
        let executor = asUnownedSerialExecutor()
        condition.lock()
        while true {
            if nextJob < jobs.count {
                let job = jobs[nextJob]
                nextJob += 1
                if nextJob == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    nextJob = 0
                }
                condition.unlock()
                job.runSynchronously(on: executor)
                condition.lock()
                continue
            }
            isIdle = true
            let woken = condition.wait(until: Date(timeIntervalSinceNow: idleTime))
            isIdle = false
            if !woken, nextJob == jobs.count {
                isRunning = false
                condition.unlock()
                return
            }
        }
    }
}
