import Foundation
@testable import SQLGenEmulator
import Synchronization
import Testing

/// The thread that interrupts statements running on a database server past their deadline.
@Suite("PostgreSQL: the deadline watchdog")
struct DeadlineWatchdogTests {
    /// Watches a limit of `timeout` while waiting (up to 5 s) for the watchdog to interrupt it.
    static func interrupted(by watchdog: DeadlineWatchdog, timeout: Duration) -> (interrupted: Bool, after: Duration) {
        let limit = WorkLimit(timeout: timeout)
        let interrupted = Atomic<Bool>(false)
        let start = ContinuousClock.now
        limit.whileInterruptible({ interrupted.store(true, ordering: .releasing) }) {
            let token = watchdog.watch(limit)
            defer { watchdog.stopWatching(token) }
            while !interrupted.load(ordering: .acquiring), ContinuousClock.now - start < .seconds(5) { Thread.sleep(forTimeInterval: 0.001) }
        }
        return (interrupted.load(ordering: .acquiring) && limit.stopReason == .deadline(timeout), ContinuousClock.now - start)
    }

    @Test("Work past its deadline is interrupted, also after the watchdog slept with nothing to watch")
    func interruptsWorkPastItsDeadline() {
        let watchdog = DeadlineWatchdog()
        let first = Self.interrupted(by: watchdog, timeout: .milliseconds(20))
        #expect(first.interrupted && first.after >= .milliseconds(20) && first.after < .seconds(5), "\(first)")
        Thread.sleep(forTimeInterval: 0.05)
        let second = Self.interrupted(by: watchdog, timeout: .milliseconds(10))
        #expect(second.interrupted && second.after >= .milliseconds(10) && second.after < .seconds(5), "\(second)")
    }

    @Test("Work that ends before its deadline is never interrupted")
    func leavesFinishedWorkAlone() {
        let watchdog = DeadlineWatchdog()
        let limit = WorkLimit(timeout: .milliseconds(5))
        let interrupted = Atomic<Bool>(false)
        limit.whileInterruptible({ interrupted.store(true, ordering: .releasing) }) {
            watchdog.stopWatching(watchdog.watch(limit))
        }
        Thread.sleep(forTimeInterval: 0.03)
        #expect(!interrupted.load(ordering: .acquiring) && limit.stopReason == nil)
    }

    @Test("Short deadlines watched while a long one is watched do not wake the thread each time")
    func mixedDeadlinesDoNotWakeTheThreadPerWatch() {
        let watchdog = DeadlineWatchdog()
        let long = WorkLimit(timeout: .seconds(30))
        let longToken = watchdog.watch(long)
        defer { watchdog.stopWatching(longToken) }
        // Until the thread has run and chosen when to wake, any watch signals it.
        let start = ContinuousClock.now
        while !watchdog.sleepsUntilATime, ContinuousClock.now - start < .seconds(10) { Thread.sleep(forTimeInterval: 0.005) }
        let before = watchdog.wakeUps
        for _ in 0..<100 {
            watchdog.stopWatching(watchdog.watch(WorkLimit(timeout: .milliseconds(250))))
        }
        // The thread sleeps at most `longestSleep` while anything is watched, so a deadline 250 ms
        // away is never earlier than its wake-up: no watch needs to wake it.
        #expect(watchdog.wakeUps - before <= 2, "\(watchdog.wakeUps - before) wake-ups for 100 watches")
    }
}
