// A statement runs on the PostgreSQL server, where no progress handler checks its limit: one
// thread interrupts every statement whose limit's deadline passed. It sleeps until the earliest
// deadline watched, so watching a limit costs a lock and an insertion where a timer per statement
// cost a thread wake-up per request. It sleeps no longer than `longestSleep` while anything is
// watched: requests mix short deadlines (an answer on the event loop) with long ones (the request
// time limit), and a short one watched while it slept towards a long one would wake it each time.

import Foundation

/// The watchdog of the deadlines of work running on PostgreSQL connections.
final class DeadlineWatchdog: @unchecked Sendable {
    static let shared = DeadlineWatchdog()

    /// Guards every property below.
    private let condition = NSCondition()
    private var watched: [Int: WorkLimit] = [:]
    private var lastToken = 0
    /// When the thread wakes next on its own; nil while it sleeps until signalled.
    private var wakeAt: ContinuousClock.Instant?
    private var isRunning = false
    /// How many times a watch woke the thread (for tests).
    private var wakeUpsRequested = 0
    static let longestSleep = Duration.milliseconds(50)

    /// Watches `limit` (which has a deadline) until `stopWatching` with the token returned.
    func watch(_ limit: WorkLimit) -> Int {
        condition.lock()
        defer { condition.unlock() }
        lastToken += 1
        watched[lastToken] = limit
        if !isRunning {
            isRunning = true
            Thread.detachNewThread { [self] in run() }
        }
        if let deadline = limit.deadline, wakeAt.map({ deadline < $0 }) ?? true {
            wakeUpsRequested += 1
            condition.signal()
        }
        return lastToken
    }

    /// `wakeUpsRequested`, read under the lock.
    var wakeUps: Int {
        condition.lock()
        defer { condition.unlock() }
        return wakeUpsRequested
    }

    /// Whether the thread is asleep until a time (not until signalled), for tests.
    var sleepsUntilATime: Bool {
        condition.lock()
        defer { condition.unlock() }
        return wakeAt != nil
    }

    func stopWatching(_ token: Int) {
        condition.lock()
        watched[token] = nil
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            let now = ContinuousClock.now
            let expired = watched.filter { ($0.value.deadline ?? now) <= now }
            for token in expired.keys { watched[token] = nil }
            if !expired.isEmpty {
                condition.unlock()
                // Outside the lock: an interruption is a cancel request to the server, a round trip.
                // A statement that begins later is refused by the limit itself.
                for limit in expired.values { limit.interruptIfStopped() }
                condition.lock()
                continue
            }
            wakeAt = watched.values.compactMap(\.deadline).min().map { min($0, now + Self.longestSleep) }
            if let wakeAt {
                let (seconds, attoseconds) = (wakeAt - now).components
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
            } else {
                condition.wait()
            }
        }
    }
}
