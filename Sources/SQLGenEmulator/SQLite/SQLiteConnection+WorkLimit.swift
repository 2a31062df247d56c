// Enforcing a `WorkLimit` on a connection: SQLite's progress handler interrupts the running
// statement, and once work was stopped every later statement is refused and no transaction
// commits (SQLite rolls a transaction back when a write in it is interrupted; a later statement
// would otherwise run, and commit, on its own).

import CSQLite

extension SQLiteConnection {
    /// Runs `body` under `limit`: its result, or nil when the limit stopped a statement (then
    /// whatever `body` made of the failure is dropped; `limit.stopReason` says why). Work the
    /// limit stopped before it began (a request cancelled while it waited) does not run at all.
    func withWorkLimit<Result>(_ limit: WorkLimit, _ body: () -> Result) -> Result? {
        if limit.shouldStop() { return nil }
        workLimit = limit
        let context = Unmanaged.passUnretained(limit).toOpaque()
        sqlite3_progress_handler(handle, limit.checkInterval, { context in
            guard let context else { return 0 }
            return Unmanaged<WorkLimit>.fromOpaque(context).takeUnretainedValue().spendCheck() ? 1 : 0
        }, context)
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            workLimit = nil
        }
        let result = withExtendedLifetime(limit) { body() }
        return limit.stopReason == nil ? result : nil
    }

    /// Throws `SQLITE_INTERRUPT` when the active limit says work must stop.
    func checkWorkLimit(_ sql: String) throws(DatabaseError) {
        guard let workLimit, workLimit.shouldStop() else { return }
        throw DatabaseError(sqlite: SQLITE_INTERRUPT, message: "interrupted: the request's work limit was reached", sql: sql)
    }

    /// Called before a statement without parameters runs: once work was stopped, only clean-up
    /// (dropping temporary tables, rolling back) comes, and it must not be interrupted too.
    func releaseStoppedLimit() {
        guard let workLimit, workLimit.stopReason != nil else { return }
        sqlite3_progress_handler(handle, 0, nil, nil)
    }
}
