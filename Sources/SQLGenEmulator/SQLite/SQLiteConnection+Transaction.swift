import CSQLite

extension SQLiteConnection: SavepointTransactions {

    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it
    /// throws (or when the commit fails). Nested calls use savepoints, so an inner failure
    /// undoes only the inner work if the outer body catches it.
    @discardableResult
    public func transaction<Result>(_ mode: TransactionMode = .immediate, _ body: () throws -> Result) throws -> Result {
        try runTransaction(mode, body)
    }

    func beginStatement(_ mode: TransactionMode) -> String { "BEGIN \(Self.keyword(mode)) TRANSACTION" }

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
