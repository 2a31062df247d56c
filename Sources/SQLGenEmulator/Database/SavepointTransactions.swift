// Transactions as SQL writes them: BEGIN, COMMIT and ROLLBACK at the top, SAVEPOINT for nested
// calls, for every connection whose database speaks them.

/// A connection whose transactions are SQL statements, with savepoints for nested ones.
protocol SavepointTransactions: SQLConnection {
    /// Numbers nested savepoints so their names are unique.
    var savepointCounter: Int { get set }

    /// How many savepoints are open now (0: at the top level of the transaction, or outside one).
    var openSavepoints: Int { get set }

    /// The limit of the work running now, nil outside `withWorkLimit`.
    var workLimit: WorkLimit? { get }

    /// The statement that starts a top-level transaction in `mode`.
    func beginStatement(_ mode: TransactionMode) -> String

    /// Throws when the active work limit says work must stop.
    func checkWorkLimit(_ sql: String) throws(DatabaseError)

    /// Starts a top-level transaction in `mode` (its `BEGIN` may go with its first statement).
    func begin(_ mode: TransactionMode) throws(DatabaseError)

    /// Forgets a `BEGIN` not sent yet (no statement ran), or a transaction its last statement's
    /// failed COMMIT ended: true when there was one, and then there is nothing to commit or roll back.
    func dropUnsentBegin() -> Bool

    /// True when the transaction's last statement carried its COMMIT, which succeeded
    /// (`commitWithNextStatement`); forgets it.
    func takeCommitSentWithLastStatement() -> Bool
}

extension SavepointTransactions {
    func begin(_ mode: TransactionMode) throws(DatabaseError) {
        try execute(beginStatement(mode))
    }

    func dropUnsentBegin() -> Bool { false }

    func takeCommitSentWithLastStatement() -> Bool { false }
}

extension SavepointTransactions {
    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it
    /// throws (or when the commit fails). Nested calls use savepoints, so an inner failure
    /// undoes only the inner work if the outer body catches it.
    func runTransaction<Result>(_ mode: TransactionMode, _ body: () throws -> Result) throws -> Result {
        if isInTransaction {
            return try savepoint(body)
        }
        try begin(mode)
        let result: Result
        do {
            result = try body()
        } catch {
            rollbackQuietly("ROLLBACK TRANSACTION")
            throw error
        }
        if takeCommitSentWithLastStatement() {
            workLimit?.noteCommitted()
            return result
        }
        do {
            // Work a limit stopped is never committed, even when the body caught the failure.
            try checkWorkLimit("COMMIT TRANSACTION")
            if dropUnsentBegin() { return result }
            try execute("COMMIT TRANSACTION")
        } catch {
            rollbackQuietly("ROLLBACK TRANSACTION")
            throw error
        }
        workLimit?.noteCommitted()
        return result
    }

    private func savepoint<Result>(_ body: () throws -> Result) throws -> Result {
        savepointCounter &+= 1
        let name = "sqlgen_savepoint_\(savepointCounter)"
        try execute("SAVEPOINT \(name)")
        openSavepoints += 1
        defer { openSavepoints -= 1 }
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

    /// Rolls back; a failure here (the database may already have rolled back on its own, e.g.
    /// SQLite after `SQLITE_FULL`) must not hide the error that caused it.
    func rollbackQuietly(_ sql: String) {
        guard isInTransaction, !dropUnsentBegin() else { return }
        _ = try? execute(sql)
    }
}
