import CSQLite

extension Database {
    /// How a top-level transaction takes its locks.
    public enum TransactionMode: String, Sendable {
        /// Locks on first read or write.
        case deferred = "DEFERRED"
        /// Takes the write lock at once, so a writer never fails half-way with `SQLITE_BUSY`
        /// when upgrading a read lock. The default.
        case immediate = "IMMEDIATE"
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it
    /// throws (or when the commit fails). Nested calls use savepoints, so an inner failure
    /// undoes only the inner work if the outer body catches it.
    @discardableResult
    public func transaction<Result>(_ mode: TransactionMode = .immediate, _ body: () throws -> Result) throws -> Result {
        if isInTransaction {
            return try savepoint(body)
        }
        try execute("BEGIN \(mode.rawValue) TRANSACTION")
        let result: Result
        do {
            result = try body()
        } catch {
            rollbackQuietly("ROLLBACK TRANSACTION")
            throw error
        }
        do {
            // Work a limit stopped is never committed, even when the body caught the failure.
            try checkWorkLimit("COMMIT TRANSACTION")
            try execute("COMMIT TRANSACTION")
        } catch {
            rollbackQuietly("ROLLBACK TRANSACTION")
            throw error
        }
        return result
    }

    private func savepoint<Result>(_ body: () throws -> Result) throws -> Result {
        savepointCounter &+= 1
        let name = "sqlgen_savepoint_\(savepointCounter)"
        try execute("SAVEPOINT \(name)")
        let result: Result
        do {
            result = try body()
        } catch {
            rollbackQuietly("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
            throw error
        }
        try execute("RELEASE SAVEPOINT \(name)")
        return result
    }

    /// Rolls back; a failure here (SQLite may already have rolled back on its own, e.g. after
    /// `SQLITE_FULL`) must not hide the error that caused it.
    private func rollbackQuietly(_ sql: String) {
        guard isInTransaction else { return }
        _ = try? execute(sql)
    }
}
