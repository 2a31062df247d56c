// Queries run on their own read-only connections (WAL lets them read while the engine's
// connection writes), so lists and lookups use every core instead of queueing behind one actor.
// A request borrows a free connection and executes in its own task: no actor hop on the way in
// or out, which costs context switches on every request.

import SQLGenLanguage
import SQLGenSchema
import Synchronization

/// One read-only connection. Only the task that borrowed it from a `ReaderPool` uses it, so it
/// is never touched from two threads at once.
final class ReadConnection: @unchecked Sendable {
    private let database: any SQLConnection

    init(_ database: any SQLConnection) {
        self.database = database
    }

    /// Runs `body` on the connection (queries only: it cannot write) in one read transaction,
    /// under `limit`: nil when the limit stopped it. All of a request's statements read one
    /// snapshot, and the WAL read lock is taken and released once per request instead of once
    /// per statement (each time a file lock, a `stat` and a mutex the connections contend for).
    /// Should the transaction not begin, `body` still runs, each statement in its own; one left
    /// open (a failed commit) is rolled back first, so no request reads an old snapshot. The
    /// limit covers `body` alone, so that the transaction always begins and ends. A read of
    /// `singleStatement` may run its one statement outside a transaction.
    func read<Result>(under limit: WorkLimit, singleStatement: Bool, _ body: (any SQLConnection) -> Result) -> Result? {
        database.rollBackOpenTransaction()
        let began: Void? = singleStatement ? (try? database.beginSingleStatementRead()) : (try? database.beginReadTransaction())
        guard began != nil else { return database.withWorkLimit(limit) { body(database) } }
        defer { database.commitReadTransaction() }
        return database.withWorkLimit(limit) { body(database) }
    }
}

/// The read-only connections, lent to one request at a time. A request that finds none free
/// waits (suspended, not blocking a thread) for the next one returned, in arrival order.
final class ReaderPool: Sendable {
    private struct State {
        var free: [ReadConnection]
        var waiters: [CheckedContinuation<ReadConnection, Never>] = []
        var nextWaiter = 0
    }

    private let state: Mutex<State>
    let isEmpty: Bool

    init(_ connections: [ReadConnection]) {
        state = Mutex(State(free: connections))
        isEmpty = connections.isEmpty
    }

    /// Runs `body` on a borrowed connection, returning it afterwards.
    func withReader<Result: Sendable>(_ body: (ReadConnection) -> Result) async -> Result {
        let reader = await borrow()
        defer { giveBack(reader) }
        return body(reader)
    }

    /// Runs `body` on a connection that is free right now, without waiting; nil when none is.
    func withFreeReader<Result>(_ body: (ReadConnection) -> Result) -> Result? {
        guard let reader = state.withLock({ $0.free.popLast() }) else { return nil }
        defer { giveBack(reader) }
        return body(reader)
    }

    private func borrow() async -> ReadConnection {
        if let reader = state.withLock({ $0.free.popLast() }) { return reader }
        return await withCheckedContinuation { (continuation: CheckedContinuation<ReadConnection, Never>) in
            // A connection may have come back in between: take it rather than wait.
            let reader = state.withLock { state -> ReadConnection? in
                if let reader = state.free.popLast() { return reader }
                state.waiters.append(continuation)
                return nil
            }
            if let reader { continuation.resume(returning: reader) }
        }
    }

    private func giveBack(_ reader: ReadConnection) {
        let waiter = state.withLock { state -> CheckedContinuation<ReadConnection, Never>? in
            guard state.nextWaiter < state.waiters.count else {
                state.free.append(reader)
                return nil
            }
            let waiter = state.waiters[state.nextWaiter]
            state.nextWaiter += 1
            if state.nextWaiter == state.waiters.count {
                state.waiters.removeAll(keepingCapacity: true)
                state.nextWaiter = 0
            }
            return waiter
        }
        waiter?.resume(returning: reader)
    }
}
