// What the emulator asks of a database connection: statements prepared from SQL text, with
// parameters bound and rows stepped through as cells; transactions; work limits; and a few facts
// about the connection. `SQLiteConnection` implements it; another backend implements it for its
// own server, and its `SQLDialect` writes the SQL it speaks.

/// How a top-level transaction takes its locks.
public enum TransactionMode: Sendable {
    /// Locks on first read or write.
    case deferred
    /// Takes the write lock at once, so a writer never fails half-way when upgrading a read lock.
    case immediate
    case exclusive
}

/// How much of a write-ahead log a checkpoint copies into the database.
public enum CheckpointMode: Sendable {
    /// What no reader still needs; never waits for readers.
    case passive
    /// Everything, then empties the log.
    case truncate
}

/// One connection to the emulator's database. Not `Sendable`: confine each connection (and its
/// statements) to one actor or to one task at a time.
protocol SQLConnection: AnyObject {
    associatedtype Statement: SQLStatement

    /// The SQL this connection's database speaks.
    var dialect: any SQLDialect { get }

    /// Runs one or more statements without parameters (schema scripts, DDL, settings).
    func execute(_ sql: String) throws(DatabaseError)

    /// Prepares one statement (the SQL must hold exactly one), for SQL run once.
    func prepare(_ sql: String) throws(DatabaseError) -> Statement

    /// Prepares native SQL, whose parameters are already written as `nativeParameter` writes
    /// them: the connection does not read `?` in it as a parameter.
    func prepareNative(_ sql: String) throws(DatabaseError) -> Statement

    /// A prepared statement for `sql` from the connection's cache (prepared on first use), reset
    /// and with its bindings cleared. Finish with it before asking for the same SQL again.
    func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement

    /// Runs `body` in a transaction: commits when it returns, rolls back and rethrows when it
    /// throws. Nested calls are savepoints, so an inner failure the outer body catches undoes
    /// only the inner work.
    func transaction<Result>(_ mode: TransactionMode, _ body: () throws -> Result) throws -> Result

    /// Starts a transaction whose statements all read one snapshot (`commitReadTransaction` ends it).
    func beginReadTransaction() throws(DatabaseError)
    /// Starts a read the caller expects to take one statement, which is a snapshot by itself: a
    /// connection may run it outside a transaction (one round trip instead of two on PostgreSQL).
    /// Statements after the first, or after `readOneSnapshotFromHere()`, share one snapshot.
    func beginSingleStatementRead() throws(DatabaseError)
    /// The rest of a single-statement read reads one snapshot (its plan needed more statements).
    func readOneSnapshotFromHere()
    /// Says the next statement is the last of the open write transaction, and nothing after it
    /// can fail the transaction: a connection may send the COMMIT with it (one round trip fewer
    /// on PostgreSQL). Ignored inside a savepoint and outside a write transaction.
    func commitWithNextStatement()
    /// Says the caller does not read the next statement's result (rows or changes): a connection
    /// that queues it (`PipeliningConnection.queueNextWrite`) may let the work go on without it.
    func nextStatementResultIsUnread()
    /// Ends a read transaction; rolls back when the commit fails.
    func commitReadTransaction()
    /// Rolls back the open transaction, if any, ignoring failures.
    func rollBackOpenTransaction()

    /// Whether a transaction is open.
    var isInTransaction: Bool { get }

    /// Rows changed by the last insert, update or delete.
    var changes: Int { get }

    /// Rows changed by every statement since the connection opened.
    var totalChanges: Int64 { get }

    /// Runs `body` under `limit`: its result, or nil when the limit stopped a statement (whatever
    /// `body` made of the failure is dropped; `limit.stopReason` says why). Work the limit stopped
    /// before it began does not run at all.
    func withWorkLimit<Result>(_ limit: WorkLimit, _ body: () -> Result) -> Result?

    /// A number every change of the schema (by any connection) changes: what is worked out from
    /// the schema is good while it stays the same.
    func schemaVersion() throws(DatabaseError) -> Int64

    /// Copies the write-ahead log's pages into the database file, when the database keeps one.
    func checkpoint(_ mode: CheckpointMode)

    /// Whether the last statement the work ran was queued to run later (`PipeliningConnection`).
    var queuedLastStatement: Bool { get }
}

extension SQLConnection {
    /// Whether the last statement the work ran was queued to run later (`PipeliningConnection`):
    /// the work stopped there, and its answer is not one.
    var queuedLastStatement: Bool { false }

    func prepareNative(_ sql: String) throws(DatabaseError) -> Statement { try prepare(sql) }
}

/// A prepared statement: bind parameters (1-based), step through rows, read cells (0-based).
protocol SQLStatement: AnyObject {
    /// The SQL text it was prepared from.
    var sql: String { get }

    /// The number of parameters.
    var parameterCount: Int32 { get }

    /// Binds `value` to the 1-based parameter `index`. Text and blobs are copied.
    func bind(_ value: SQLValue, at index: Int32) throws(DatabaseError)

    /// Binds `values` to parameters 1, 2, ... in order; the count must match.
    func bind(_ values: [SQLValue]) throws(DatabaseError)

    /// Binds UTF-8 text or a blob from `bytes` to parameter `index`. Copied unless `borrowed`:
    /// then the caller keeps `bytes` alive and unchanged until the statement is reset and its
    /// bindings cleared.
    func bind(bytes: UnsafeRawBufferPointer, isText: Bool, at index: Int32, borrowed: Bool) throws(DatabaseError)

    /// Sets every parameter back to NULL.
    func clearBindings()

    /// Advances to the next row: true when a row is available, false when the statement is done.
    @discardableResult
    func step() throws(DatabaseError) -> Bool

    /// Rewinds so the statement can run again (bindings are kept).
    func reset()

    var columnCount: Int32 { get }

    func columnName(at index: Int32) -> String

    /// The cell at `index` of the current row (valid after `step()` returned true).
    func cell(at index: Int32) -> Cell

    /// Whether the statement leaves the database unchanged (the database's own judgement).
    var isReadOnly: Bool { get }
}

extension SQLConnection {
    /// A read transaction as any other: SQLite's `BEGIN` costs no round trip.
    func beginSingleStatementRead() throws(DatabaseError) { try beginReadTransaction() }
    func readOneSnapshotFromHere() {}
    /// SQLite's COMMIT costs no round trip.
    func commitWithNextStatement() {}
    func nextStatementResultIsUnread() {}
}
