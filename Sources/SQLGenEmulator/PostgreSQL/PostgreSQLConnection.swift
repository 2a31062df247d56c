// One connection to the PostgreSQL server holding the emulator's data, behind `SQLConnection`:
// statements prepared once per connection (by their SQL text, with `?` numbered as `$n`) and
// released on the server when the cache lets them go; transactions with savepoints; the rows
// changed, counted as SQLite counts them.

import SQLGenPostgres

/// A PostgreSQL connection set up by `PostgreSQLBackend`. Not `Sendable`: confine it to one task
/// at a time, as a SQLite connection.
final class PostgreSQLConnection: SQLConnection, SavepointTransactions {
    let client: PostgresConnection
    let dialect: any SQLDialect
    private var cache: [String: (statement: PostgreSQLStatement, lastUse: UInt64)] = [:]
    private var tick: UInt64 = 0
    private let cacheCapacity = 256
    private var statementsNamed = 0
    /// Names of statements released here whose server side is not deallocated yet.
    private var released: [String] = []
    private(set) var changes = 0
    private(set) var totalChanges: Int64 = 0
    var savepointCounter = 0
    /// The limit of the work running now (`withWorkLimit`), nil outside it.
    var workLimit: WorkLimit?
    /// Whether the open transaction is a read transaction (`beginReadTransaction`), which a
    /// serialization failure may run again.
    var inReadTransaction = false
    /// Set when a statement failed with a serialization failure or a deadlock.
    var sawRetryableFailure = false
    /// When a transaction's BEGIN goes: with its first statement, in one round trip (and not at
    /// all when no statement comes); or, for a single-statement read, with its second, if any.
    private var start = TransactionStart.none
    /// Set by `commitWithNextStatement`: the next prepared statement carries the COMMIT.
    private var commitsWithNextStatement = false
    /// Set by `nextStatementResultIsUnread`: a queued write's work may go on without its result.
    private var nextResultUnread = false
    /// How the COMMIT the last statement carried went, until the transaction's end asks.
    private var lastStatementCommit = LastStatementCommit.none
    /// How many COMMITs went with a statement (for tests).
    private(set) var commitsSentWithStatements = 0
    var openSavepoints = 0
    /// Statements queued to run together, and their outcomes (`PipeliningConnection`).
    var queue = StatementQueue()
    static let beginRead = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    /// The statements that set a new session up (`PostgreSQLBackend`), run again after a reconnection.
    private let sessionSettings: [String]

    init(client: PostgresConnection, dialect: any SQLDialect, sessionSettings: [String]) {
        self.client = client
        self.dialect = dialect
        self.sessionSettings = sessionSettings
    }

    deinit {
        cache.removeAll()
    }

    // MARK: Running SQL

    func execute(_ sql: String) throws(DatabaseError) {
        settleQueue()
        (commitsWithNextStatement, nextResultUnread) = (false, false)
        do {
            if let begin = takeBegin() { try client.execute(begin) }
            try client.execute(sql)
        } catch {
            throw noted(DatabaseError(postgres: error, sql: sql))
        }
    }

    func prepare(_ sql: String) throws(DatabaseError) -> PostgreSQLStatement {
        try prepare(sql, serverText: PostgreSQLParameters.numbered(sql))
    }

    /// Native SQL keeps its `?` (PostgreSQL's JSON operators): its parameters are `$n` already.
    func prepareNative(_ sql: String) throws(DatabaseError) -> PostgreSQLStatement {
        try prepare(sql, serverText: sql)
    }

    func cachedStatement(_ sql: String) throws(DatabaseError) -> PostgreSQLStatement {
        try checkWorkLimit(sql)
        tick &+= 1
        if let index = cache.index(forKey: sql) {
            cache.values[index].lastUse = tick
            let statement = cache.values[index].statement
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql)
        if cache.count >= cacheCapacity, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            cache[oldest] = nil
        }
        cache[sql] = (statement, tick)
        return statement
    }

    private func prepare(_ sql: String, serverText: String) throws(DatabaseError) -> PostgreSQLStatement {
        try checkWorkLimit(sql)
        settleQueue()
        deallocateReleased()
        statementsNamed += 1
        let name = "sqlgen_\(statementsNamed)"
        do {
            let shape = try client.prepare(named: name, serverText)
            return PostgreSQLStatement(sql: sql, name: name, shape: shape, connection: self)
        } catch {
            throw noted(DatabaseError(postgres: error, sql: sql))
        }
    }

    /// Runs a prepared statement with its parameters (called by its first `step()`).
    func run(_ statement: PostgreSQLStatement, _ parameters: [String?]) throws(DatabaseError) -> PostgresResult {
        try checkWorkLimit(statement.sql)
        let result: PostgresResult
        let begin = takeBegin()
        let commit = takeCommit()
        let unread = nextResultUnread
        nextResultUnread = false
        do {
            result = try outcome(of: statement, parameters, before: begin, after: commit, unread: unread)
        } catch {
            // A failed COMMIT ended the transaction; a failed statement left it open and aborted.
            if commit != nil, client.transactionState == .idle { lastStatementCommit = .failed }
            throw error
        }
        if commit != nil {
            lastStatementCommit = .succeeded
            commitsSentWithStatements += 1
        }
        if result.changesRows {
            changes = result.affectedRows
            totalChanges += Int64(result.affectedRows)
        }
        return result
    }

    /// The statement's result: kept from its queue, or from running it now with `before` and `after`.
    private func outcome(of statement: PostgreSQLStatement, _ parameters: [String?], before begin: String?,
                         after commit: String?, unread: Bool) throws(DatabaseError) -> PostgresResult {
        let lone = begin != nil && commit != nil
        if begin == nil || lone, commit == nil || lone,
           let answer = try queuedAnswer(statement, parameters, begin: begin, commit: commit, unread: unread) {
            return answer
        }
        settleQueue()
        do {
            if begin == nil, commit == nil { return try client.executePrepared(named: statement.name, parameters) }
            return try client.executePrepared(named: statement.name, parameters, before: begin, after: commit)
        } catch {
            throw noted(DatabaseError(postgres: error, sql: statement.sql))
        }
    }

    /// A broken connection (the server restarted, the network failed) made again as a new session:
    /// the request that met the failure fails, the next ones run. Prepared statements start over.
    func reconnect() {
        queue = StatementQueue()
        cache.removeAll()
        released.removeAll()
        start = .none
        inReadTransaction = false
        commitsWithNextStatement = false
        guard client.reconnect() else { return }
        for setting in sessionSettings { _ = try? client.execute(setting) }
    }

    /// A statement object went away: its server side goes at the next chance.
    func release(_ name: String) {
        released.append(name)
    }

    /// DEALLOCATE of released statements, outside transactions (where a name the session no longer
    /// has, after a reconnection, would abort the transaction).
    private func deallocateReleased() {
        guard !released.isEmpty, client.transactionState == .idle else { return }
        let names = released
        released.removeAll()
        _ = try? client.execute(names.map { "DEALLOCATE \($0)" }.joined(separator: "; "))
    }

    /// Records what a failure means for the work running now: a limit's stop, a retry, or a
    /// connection to make again.
    func noted(_ error: DatabaseError) -> DatabaseError {
        if !client.isHealthy {
            reconnect()
            return error
        }
        if error.isRetryableOnPostgres { sawRetryableFailure = true }
        // A cancelled statement: the limit says why (its deadline passed, or it was cancelled).
        if error.kind == .interrupted { _ = workLimit?.shouldStop() }
        // The failure aborted the query's read transaction: the query's other fields read on in a
        // new one (SQLite's statements fail alone), unless the work was stopped.
        if inReadTransaction, client.transactionState == .failed, workLimit?.stopReason == nil {
            _ = try? client.execute("ROLLBACK")
            start = .withNextStatement(Self.beginRead)
        }
        return error
    }

    // MARK: Transactions

    func transaction<Result>(_ mode: TransactionMode, _ body: () throws -> Result) throws -> Result {
        try runTransaction(mode, body)
    }

    /// Writes take row locks as they go: read committed, as Data Connect's own transactions.
    func beginStatement(_ mode: TransactionMode) -> String { "BEGIN ISOLATION LEVEL READ COMMITTED" }

    /// Begun with the transaction's first statement, in one round trip.
    func begin(_ mode: TransactionMode) throws(DatabaseError) {
        // Nothing said about an earlier work's statement (one that failed before it ran) holds here.
        (lastStatementCommit, nextResultUnread) = (.none, false)
        start = .withNextStatement(beginStatement(mode))
    }

    /// A write queued with its BEGIN and COMMIT is a transaction of its own in the queue: none is left here to end.
    func dropUnsentBegin() -> Bool {
        if lastStatementCommit == .failed || queue.queuedLast {
            lastStatementCommit = .none
            return true
        }
        guard case .withNextStatement = start else { return false }
        start = .none
        return true
    }

    /// The final write of a transaction at its top level goes with its COMMIT: one round trip.
    func nextStatementResultIsUnread() {
        nextResultUnread = true
    }

    func commitWithNextStatement() {
        guard openSavepoints == 0, !inReadTransaction, isInTransaction else { return }
        commitsWithNextStatement = true
    }

    func takeCommitSentWithLastStatement() -> Bool {
        defer { lastStatementCommit = .none }
        return lastStatementCommit == .succeeded
    }

    private func takeCommit() -> String? {
        guard commitsWithNextStatement else { return nil }
        commitsWithNextStatement = false
        return "COMMIT"
    }

    /// One snapshot for every statement of a query, which only reads; begun with its first statement.
    func beginReadTransaction() throws(DatabaseError) {
        start = .withNextStatement(Self.beginRead)
        inReadTransaction = true
    }

    /// The first statement runs alone (autocommit: its own snapshot, no COMMIT round trip).
    func beginSingleStatementRead() throws(DatabaseError) {
        start = .afterNextStatement
        inReadTransaction = true
    }

    func readOneSnapshotFromHere() {
        if case .afterNextStatement = start { start = .withNextStatement(Self.beginRead) }
    }

    func commitReadTransaction() {
        inReadTransaction = false
        guard case .none = start else {
            start = .none
            return
        }
        if (try? execute("COMMIT")) == nil { _ = try? execute("ROLLBACK") }
    }

    func rollBackOpenTransaction() {
        inReadTransaction = false
        start = .none
        // Statements queued together run outside any transaction of this connection's.
        if !client.hasQueuedStatements, isInTransaction { _ = try? execute("ROLLBACK") }
    }

    /// Statements queued to run together (`PipeliningConnection`) run outside any transaction of
    /// the connection's, and a write among them is a transaction of its own.
    var isInTransaction: Bool {
        if case .none = start { return !client.hasQueuedStatements && client.transactionState != .idle }
        return true
    }

    /// The BEGIN the statement about to run carries, if any (and moves the transaction on).
    private func takeBegin() -> String? {
        switch start {
        case .none: return nil
        case .withNextStatement(let begin):
            start = .none
            return begin
        case .afterNextStatement:
            start = .withNextStatement(Self.beginRead)
            return nil
        }
    }

    // MARK: Facts

    /// PostgreSQL has no schema cookie; nothing the emulator works out from the schema depends on
    /// it here (`keysCompareAsBytes` is false).
    func schemaVersion() throws(DatabaseError) -> Int64 { 0 }

    /// The server checkpoints its own log.
    func checkpoint(_ mode: CheckpointMode) {}
}

/// Where a transaction stands before it begins on the server.
enum TransactionStart {
    /// None to begin: not in one, or it is open.
    case none
    /// This BEGIN goes with the next statement.
    case withNextStatement(String)
    /// A single-statement read: the next statement runs alone, a read transaction begins with the one after.
    case afterNextStatement
}

/// How the COMMIT a transaction's last statement carried went.
enum LastStatementCommit {
    case none
    case succeeded
    /// It failed, and ended the transaction.
    case failed
}

@available(*, unavailable, message: "confine a PostgreSQLConnection to one task at a time")
extension PostgreSQLConnection: Sendable {}

extension PostgresResult {
    /// Whether the command changed rows (INSERT, UPDATE, DELETE, MERGE), so its count is `changes`.
    var changesRows: Bool {
        let tag = commandTag
        return tag.hasPrefix("INSERT") || tag.hasPrefix("UPDATE") || tag.hasPrefix("DELETE") || tag.hasPrefix("MERGE")
    }
}
