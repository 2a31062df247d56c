// Queries run on their own read-only connections (WAL lets them read while the engine's
// connection writes), so lists and lookups use every core instead of queueing behind one actor.
// A request borrows a free connection and executes in its own task: no actor hop on the way in
// or out, which costs context switches on every request.

/// One read-only connection. Only the task that borrowed it from a `ConnectionPool` uses it, so it
/// is never touched from two threads at once.
final class ReadConnection: @unchecked Sendable {
    private let database: any SQLConnection
    /// The same connection, when it can queue statements to run together.
    let pipelining: (any PipeliningConnection)?

    init(_ database: any SQLConnection) {
        self.database = database
        pipelining = database as? any PipeliningConnection
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
