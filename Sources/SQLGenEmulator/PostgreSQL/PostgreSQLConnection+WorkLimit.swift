// Enforcing a `WorkLimit` on a PostgreSQL connection: a statement the limit stops while it runs
// is cancelled on the server (PQcancel, from the canceller's thread or `DeadlineWatchdog`'s),
// and once work was stopped every later statement is refused, so no transaction commits. A query
// whose read transaction met a serialization failure (a standby's recovery conflict) runs again.

extension PostgreSQLConnection {
    /// How many times a query runs again after a serialization failure.
    static let readRetries = 3

    func withWorkLimit<Result>(_ limit: WorkLimit, _ body: () -> Result) -> Result? {
        if limit.shouldStop() { return nil }
        workLimit = limit
        defer { workLimit = nil }
        let canceller = client.canceller
        let watch = limit.timeLeft.map { _ in DeadlineWatchdog.shared.watch(limit) }
        defer { watch.map(DeadlineWatchdog.shared.stopWatching) }
        let result = limit.whileInterruptible({ canceller.cancelRunningStatement() }) { retryingReads(body) }
        return limit.stopReason == nil ? result : nil
    }

    /// Runs `body`; when it ran in a read transaction and a statement met a serialization
    /// failure, runs it again in a new one (a query has no effects to undo).
    private func retryingReads<Result>(_ body: () -> Result) -> Result {
        var attempt = 0
        while true {
            sawRetryableFailure = false
            let result = body()
            guard sawRetryableFailure, inReadTransaction, attempt < Self.readRetries,
                  workLimit?.stopReason == nil else { return result }
            attempt += 1
            rollBackOpenTransaction()
            guard (try? beginReadTransaction()) != nil else { return result }
        }
    }

    /// Throws `interrupted` when the active limit says work must stop.
    func checkWorkLimit(_ sql: String) throws(DatabaseError) {
        guard let workLimit, workLimit.shouldStop() else { return }
        throw DatabaseError(kind: .interrupted, code: 0, message: "interrupted: the request's work limit was reached", sql: sql,
                            database: "PostgreSQL", sqlState: "57014")
    }
}
