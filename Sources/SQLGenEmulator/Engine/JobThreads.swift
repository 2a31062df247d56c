// Blocking work (a SQLite statement computes, a PostgreSQL one waits for the server) must not run
// on Swift's cooperative pool, a thread per core, where a few slow statements would stall every
// task of the server. The engine's executors run their jobs on threads of their own instead.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Jobs served in order by up to `limit` threads of their own. A thread is started when a job
/// finds none idle and ends after `idleTime` seconds without work, so an engine that is gone
/// leaves no thread behind. Subclasses are the executors: they say how a job runs (`run`).
class JobThreads: @unchecked Sendable {
    private let limit: Int
    private let idleTime: TimeInterval
    private let name: String

    /// Guards every property below.
    private let condition = NSCondition()
    private var jobs: [Item] = []
    private var nextJob = 0
    private var threads = 0
    private var idleThreads = 0

    /// `name` is the threads' name (Linux keeps 15 bytes of it).
    init(limit: Int, idleTime: TimeInterval, name: String) {
        self.limit = max(1, limit)
        self.idleTime = idleTime
        self.name = name
    }

    /// The threads running now (for tests).
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return threads
    }

    /// A job, or other work run where jobs run (`enqueueWork`).
    private enum Item {
        case job(UnownedJob)
        case work(@Sendable () -> Void)
    }

    /// Runs `job` on the calling thread, one of these.
    func run(_ job: UnownedJob) {
        preconditionFailure("a subclass runs its jobs")
    }

    /// Runs `work` on the calling thread, one of these, as a job runs (a subclass may wrap both alike).
    func run(work: () -> Void) {
        work()
    }

    func enqueueJob(_ job: UnownedJob) {
        enqueue(.job(job))
    }

    /// Runs `work` on one of the threads, in order with the jobs.
    func enqueueWork(_ work: @escaping @Sendable () -> Void) {
        enqueue(.work(work))
    }

    private func enqueue(_ item: Item) {
        condition.lock()
        jobs.append(item)
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
        Thread.current.name = name
        // Read only while this thread runs a job, which keeps `self` alive.
        Self.currentSlot.set(self)
        condition.lock()
        while true {
            if let item = takeJob() {
                condition.unlock()
                switch item {
                case .job(let job): run(job)
                case .work(let work): run(work: work)
                }
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
    private func takeJob() -> Item? {
        guard nextJob < jobs.count else { return nil }
        let job = jobs[nextJob]
        nextJob += 1
        if nextJob == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            nextJob = 0
        }
        return job
    }

    /// The `JobThreads` whose thread is calling, nil on any other thread (for tests: Foundation's
    /// `Thread.current.name` can report a new Linux thread's inherited name, its creator's).
    static var current: JobThreads? {
        currentSlot.value
    }

    private static let currentSlot = ThreadSlot<JobThreads>()
}

/// A reference each thread keeps for itself (a pthread-specific value), not retained: the
/// caller keeps the object alive while it is set.
final class ThreadSlot<Object: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()

    init() {
        pthread_key_create(&key, nil)
    }

    /// The calling thread's object, if it set one.
    var value: Object? {
        pthread_getspecific(key).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Sets (or with nil, clears) the calling thread's object.
    func set(_ object: Object?) {
        pthread_setspecific(key, object.map { Unmanaged.passUnretained($0).toOpaque() })
    }
}
