import CSQLite

/// One SQLite connection, set up for the emulator: WAL journal, `synchronous=NORMAL`, foreign
/// keys on, a busy timeout, and a cache of prepared statements.
///
/// Concurrency: a connection is not `Sendable`. Confine each connection (and its statements) to
/// one actor or serial queue, e.g. `actor Storage { let database: SQLiteConnection }`, and open another
/// connection for other concurrent work; WAL lets readers proceed while one connection writes.
/// The connection is opened in SQLite's multi-thread mode (no per-call mutex), which is safe
/// under that confinement.
public final class SQLiteConnection: SQLConnection {
    /// `PRAGMA synchronous` in WAL mode.
    public enum Synchronous: String, Sendable {
        /// Syncs at checkpoints only. With WAL this never corrupts the database; an OS crash or
        /// power loss may lose the last committed transactions, an application crash loses
        /// nothing. The default: an emulator's data is local development data, and skipping an
        /// fsync per commit keeps writes fast.
        case normal = "NORMAL"
        /// Syncs the WAL at every commit: durable across power loss, slower writes.
        case full = "FULL"
    }

    public struct Options: Sendable {
        /// Use write-ahead logging (ignored for `:memory:`, which has no journal file).
        public var writeAheadLog = true
        public var synchronous = Synchronous.normal
        public var foreignKeys = true
        /// How long a call waits for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds: Int32 = 5_000
        public var readOnly = false
        /// How many prepared statements `cachedStatement(_:)` keeps.
        public var statementCacheCapacity = 64
        /// The page cache per connection, in KiB (`PRAGMA cache_size=-N`). SQLite's default is
        /// 2 MiB; a larger cache keeps a development database's pages in memory instead of
        /// re-reading them with `pread` on every query.
        public var cacheSizeKiB = 32 * 1024
        /// Bytes of the database file SQLite may read through a memory map (`PRAGMA mmap_size`),
        /// which saves copying pages on reads; 0 (the default) turns it off. Worth it for
        /// read-only connections; a writer growing the file would keep remapping it. Ignored for
        /// `:memory:`.
        public var memoryMapBytes = 0
        /// The page size of a new database file, in bytes (`PRAGMA page_size`, a power of two
        /// from 512 to 65536); a file that already has tables keeps its own. 8 KiB rather than
        /// SQLite's 4 KiB: one level less in the B-trees of a development database's tables and
        /// indexes, so a key or relation lookup visits fewer pages (about 6% fewer instructions
        /// and memory reads for the benchmark's list; PostgreSQL's pages are 8 KiB too).
        public var pageSize = 8192
        /// `PRAGMA case_sensitive_like`: LIKE tells capitals apart, as PostgreSQL's does.
        public var caseSensitiveLike = false

        public init() {}
    }

    /// The file path, or `:memory:`.
    public let path: String
    let handle: OpaquePointer

    /// Rows changed by every statement since the connection opened.
    var totalChanges: Int64 { Int64(sqlite3_total_changes64(handle)) }

    var dialect: any SQLDialect { SQLiteDialect() }

    /// Whether the linked SQLite was built with FTS5.
    static let hasFTS5 = sqlite3_compileoption_used("ENABLE_FTS5") == 1
    private var cache: StatementCache
    /// Numbers nested savepoints so their names are unique.
    var savepointCounter = 0
    var openSavepoints = 0
    /// The limit of the work running now (`withWorkLimit`), nil outside it.
    var workLimit: WorkLimit?

    /// Process-wide settings, made once before the first connection opens (SQLite refuses
    /// them once initialised). Memory statistics off: nothing reads them, and keeping them
    /// takes a mutex on every allocation that the read connections' threads contend for.
    private static let configured: Void = {
        _ = sqlgen_sqlite3_config_memstatus(0)
    }()

    /// Opens (creating if needed) the database at `path`; `:memory:` gives a private in-memory one.
    public init(path: String, options: Options = Options()) throws(DatabaseError) {
        Self.configured
        var connection: OpaquePointer?
        let flags = (options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = DatabaseError(sqlite: code, handle: connection)
            // Even a failed open may allocate a handle that must be released.
            sqlite3_close_v2(connection)
            throw error
        }
        // SQL functions the emulator's queries use (regular expressions, vector distances).
        let registered = SQLFunctions.register(connection)
        guard registered == SQLITE_OK else {
            let error = DatabaseError(sqlite: registered, handle: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        self.path = path
        self.handle = connection
        self.cache = StatementCache(capacity: options.statementCacheCapacity)
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, options.busyTimeoutMilliseconds)
        do {
            if !options.readOnly {
                // Before the journal mode: a database in WAL mode keeps the page size it has.
                try execute("PRAGMA page_size=\(options.pageSize)")
            }
            if options.writeAheadLog, !options.readOnly {
                try execute("PRAGMA journal_mode=WAL")
            }
            try execute("PRAGMA synchronous=\(options.synchronous.rawValue)")
            try execute("PRAGMA foreign_keys=\(options.foreignKeys ? "ON" : "OFF")")
            try execute("PRAGMA cache_size=-\(max(0, options.cacheSizeKiB))")
            if path != ":memory:", !path.isEmpty {
                try execute("PRAGMA mmap_size=\(max(0, options.memoryMapBytes))")
            }
            if options.caseSensitiveLike {
                try execute("PRAGMA case_sensitive_like=ON")
            }
        } catch {
            // Not closed here: every property is set, so the failed initializer runs `deinit`,
            // which closes the handle (closing it twice would free it twice).
            throw error
        }
    }

    /// A private in-memory database.
    public static func inMemory(options: Options = Options()) throws(DatabaseError) -> SQLiteConnection {
        try SQLiteConnection(path: ":memory:", options: options)
    }

    deinit {
        cache.removeAll()
        // Waits for any statement still alive elsewhere to be finalized.
        sqlite3_close_v2(handle)
    }

    // MARK: Running SQL

    /// Runs one or more statements without parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws(DatabaseError) {
        releaseStoppedLimit()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            var error = DatabaseError(sqlite: code, handle: handle, sql: sql)
            if let message { error.message = String(cString: message) }
            throw error
        }
    }

    /// Prepares one statement (the SQL must hold exactly one).
    public func prepare(_ sql: String) throws(DatabaseError) -> SQLiteStatement {
        try checkWorkLimit(sql)
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let bytes = Array(sql.utf8CString)
        let code = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return SQLITE_MISUSE }
            guard buffer.count <= Int(Int32.max) else { return SQLITE_TOOBIG }
            let result = sqlite3_prepare_v3(handle, base, Int32(buffer.count), UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            // Anything but whitespace or comments after the first statement is a mistake.
            if result == SQLITE_OK, let tail, tail - base < buffer.count - 1, !SQLiteConnection.isBlankSQL(tail) {
                return SQLITE_MISUSE
            }
            return result
        }
        guard code == SQLITE_OK, let statement else {
            if code == SQLITE_MISUSE, statement != nil {
                sqlite3_finalize(statement)
                throw DatabaseError(sqlite: SQLITE_MISUSE, message: "only one statement can be prepared at a time", sql: sql)
            }
            if code == SQLITE_OK {
                throw DatabaseError(sqlite: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
            }
            if code == SQLITE_TOOBIG {
                throw DatabaseError(sqlite: SQLITE_TOOBIG, message: "the SQL text is too long", sql: nil)
            }
            throw DatabaseError(sqlite: code, handle: handle, sql: sql)
        }
        return SQLiteStatement(sql: sql, handle: statement, connection: handle)
    }

    /// A prepared statement for `sql` from the cache (prepared on first use), reset and with
    /// its bindings cleared. Use it for SQL run many times; finish with it before asking the
    /// cache for the same SQL again (the same statement is handed out).
    public func cachedStatement(_ sql: String) throws(DatabaseError) -> SQLiteStatement {
        try checkWorkLimit(sql)
        if let statement = cache.statement(for: sql) {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try prepare(sql)
        cache.insert(statement, for: sql)
        return statement
    }

    /// The schema cookie (`PRAGMA schema_version`), which every change of the schema by any
    /// connection changes: what is worked out from the schema is good while it stays the same.
    public func schemaVersion() throws(DatabaseError) -> Int64 {
        let statement = try cachedStatement("PRAGMA schema_version")
        defer { statement.reset() }
        guard try statement.step() else { return 0 }
        return sqlite3_column_int64(statement.handle, 0)
    }

    /// `PRAGMA wal_checkpoint`; a failure leaves the pages in the WAL, which still serves them.
    func checkpoint(_ mode: CheckpointMode) {
        _ = try? execute(mode == .passive ? "PRAGMA wal_checkpoint(PASSIVE)" : "PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The rowid of the last successful insert on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last insert, update or delete.
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The number of statements held by the cache.
    public var cachedStatementCount: Int { cache.count }

    /// Whether the SQL after a statement holds only whitespace and comments (`--`, `/* */`).
    private static func isBlankSQL(_ pointer: UnsafePointer<CChar>) -> Bool {
        var scalars = Array(String(cString: pointer).unicodeScalars)[...]
        while let first = scalars.first {
            if first.properties.isWhitespace {
                scalars = scalars.dropFirst()
            } else if first == "-", scalars.dropFirst().first == "-" {
                scalars = scalars.drop { $0 != "\n" }
            } else if first == "/", scalars.dropFirst().first == "*" {
                scalars = scalars.dropFirst(2)
                while !scalars.isEmpty, !(scalars.first == "*" && scalars.dropFirst().first == "/") {
                    scalars = scalars.dropFirst()
                }
                scalars = scalars.dropFirst(2)
            } else {
                return false
            }
        }
        return true
    }
}

@available(*, unavailable, message: "confine a SQLiteConnection to one actor or serial queue")
extension SQLiteConnection: Sendable {}
