import CSQLite

extension SQLiteConnection {

    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it
    /// throws (or when the commit fails). Nested calls use savepoints, so an inner failure
    /// undoes only the inner work if the outer body catches it.
    @discardableResult
    public func transaction<Result>(_ mode: TransactionMode = .immediate, _ body: () throws -> Result) throws -> Result {
        if isInTransaction {
            return try savepoint(body)
        }
        try execute("BEGIN \(Self.keyword(mode)) TRANSACTION")
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

    private static func keyword(_ mode: TransactionMode) -> String {
        switch mode {
        case .deferred: "DEFERRED"
        case .immediate: "IMMEDIATE"
        case .exclusive: "EXCLUSIVE"
        }
    }

    /// A plain `BEGIN`: every statement until `commitReadTransaction` reads one snapshot, and the
    /// WAL read lock is taken once.
    func beginReadTransaction() throws(DatabaseError) {
        try run("BEGIN")
    }

    func commitReadTransaction() {
        if (try? run("COMMIT")) == nil { _ = try? run("ROLLBACK") }
    }

    func rollBackOpenTransaction() {
        if isInTransaction { _ = try? run("ROLLBACK") }
    }
}
