// Where the database takes writes side by side (a server that locks rows), mutations run on
// writing connections of their own instead of queueing for the engine's one connection, so one
// that waits for a row lock holds up only itself. Each thread here writes on a connection: a
// mutation's job runs with the connection of the thread that took it, and waiting mutations
// queue as jobs, served back to back, rather than as tasks suspended for a free connection.

import Foundation
import Synchronization

/// Threads for mutations, as a task executor (`withTaskExecutorPreference`): up to one per
/// writing connection, started on demand and ended when idle. A connection is opened when a
/// mutation first needs it, so an engine that only reads never holds one.
final class WritingThreads: JobThreads, TaskExecutor, @unchecked Sendable {
    private struct Connections {
        var free: [WriteConnection] = []
        var opened = 0
    }

    private let connections = Mutex(Connections())
    private let open: @Sendable () throws(DatabaseError) -> any SQLConnection
    /// How many writing connections there may be (none: mutations run on the engine's connection).
    let connectionLimit: Int
    var isEmpty: Bool { connectionLimit == 0 }

    /// Up to `limit` connections, each from `open`.
    init(limit: Int, idleTime: TimeInterval = 5, open: @escaping @Sendable () throws(DatabaseError) -> any SQLConnection) {
        self.open = open
        connectionLimit = limit
        super.init(limit: limit, idleTime: idleTime, name: "sqlgen-writer")
    }

    /// The writing connection of the job running on the calling thread; nil on any other thread,
    /// or when its connection could not be opened.
    static var connection: WriteConnection? {
        connectionSlot.value
    }

    /// The connections no job holds now (for tests).
    var freeConnections: [WriteConnection] { connections.withLock { $0.free } }

    /// Closes the connections now rather than when the last idle thread ends (their engine is
    /// gone, and a server's connections are few). Only when no job can run any more.
    func closeConnections() {
        connections.withLock { $0.free.removeAll() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        enqueueJob(UnownedJob(job))
    }

    /// At most one job per thread runs at once and there are no more threads than connections,
    /// so a connection is free here or may be opened.
    override func run(_ job: UnownedJob) {
        run { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// Work run here holds a connection as a job does (`WritingLane`'s jobs run in it).
    override func run(work: () -> Void) {
        let connection = borrow()
        Self.connectionSlot.set(connection)
        work()
        Self.connectionSlot.set(nil)
        if let connection { connections.withLock { $0.free.append(connection) } }
    }

    /// A free connection, else a new one while fewer than the limit are open; nil when it cannot
    /// be opened (the mutation then runs on the engine's connection, which says why it fails).
    private func borrow() -> WriteConnection? {
        enum Next { case free(WriteConnection), open, none }
        let next = connections.withLock { state -> Next in
            if let free = state.free.popLast() { return .free(free) }
            guard state.opened < connectionLimit else { return .none }
            state.opened += 1
            return .open
        }
        switch next {
        case .free(let connection): return connection
        case .none: return nil
        case .open:
            do {
                return WriteConnection(try open())
            } catch {
                connections.withLock { $0.opened -= 1 }
                return nil
            }
        }
    }

    private static let connectionSlot = ThreadSlot<WriteConnection>()
}
