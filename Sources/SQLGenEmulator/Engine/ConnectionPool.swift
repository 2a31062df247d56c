// Connections lent to requests one at a time (the read-only ones that answer queries), each
// borrowed by one task and given back when its work is done.

import Synchronization

/// Connections lent to one request at a time. A request that finds none free waits (suspended,
/// not blocking a thread) for the next one returned, in arrival order.
final class ConnectionPool<Connection: AnyObject & Sendable>: Sendable {
    private struct State {
        var free: [Connection]
        var waiters: [CheckedContinuation<Connection, Never>] = []
        var nextWaiter = 0
    }

    private let state: Mutex<State>
    let count: Int
    var isEmpty: Bool { count == 0 }

    init(_ connections: [Connection]) {
        state = Mutex(State(free: connections))
        count = connections.count
    }

    /// Runs `body` on a borrowed connection, returning it afterwards.
    func withConnection<Result: Sendable>(_ body: (Connection) -> Result) async -> Result {
        let connection = await borrow()
        defer { giveBack(connection) }
        return body(connection)
    }

    /// Runs `body` on a connection that is free right now, without waiting; nil when none is.
    func withFreeConnection<Result>(_ body: (Connection) -> Result) -> Result? {
        guard let connection = state.withLock({ $0.free.popLast() }) else { return nil }
        defer { giveBack(connection) }
        return body(connection)
    }

    /// A connection free right now, without waiting (nil when none is); `giveBack` returns it.
    func takeFree() -> Connection? {
        state.withLock { $0.free.popLast() }
    }

    private func borrow() async -> Connection {
        if let connection = state.withLock({ $0.free.popLast() }) { return connection }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Connection, Never>) in
            // A connection may have come back in between: take it rather than wait.
            let connection = state.withLock { state -> Connection? in
                if let connection = state.free.popLast() { return connection }
                state.waiters.append(continuation)
                return nil
            }
            if let connection { continuation.resume(returning: connection) }
        }
    }

    func giveBack(_ connection: Connection) {
        let waiter = state.withLock { state -> CheckedContinuation<Connection, Never>? in
            guard state.nextWaiter < state.waiters.count else {
                state.free.append(connection)
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
        waiter?.resume(returning: connection)
    }
}
