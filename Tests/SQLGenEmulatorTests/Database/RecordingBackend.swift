@testable import SQLGenEmulator
import Synchronization

/// A backend whose connections are not SQLite's own type: each wraps a SQLite connection, passes
/// every call on through the `SQLConnection` interface and records the SQL it was given. An
/// engine that runs on it needs nothing of SQLite but the interface.
final class RecordingBackend: DatabaseBackend {
    let base: SQLiteBackend
    private let log = Mutex<[String]>([])

    init(path: String) {
        base = SQLiteBackend(path: path)
    }

    var dialect: any SQLDialect { base.dialect }
    var location: String { base.location }
    var statements: [String] { log.withLock { $0 } }

    func record(_ sql: String) { log.withLock { $0.append(sql) } }

    func openWriter() throws(DatabaseError) -> any SQLConnection {
        RecordingConnection(try SQLiteConnection(path: base.path, options: Self.options(readOnly: false)), backend: self)
    }

    func openReader() throws(DatabaseError) -> (any SQLConnection)? {
        RecordingConnection(try SQLiteConnection(path: base.path, options: Self.options(readOnly: true)), backend: self)
    }

    private static func options(readOnly: Bool) -> SQLiteConnection.Options {
        var options = SQLiteConnection.Options()
        options.caseSensitiveLike = true
        options.readOnly = readOnly
        return options
    }
}

/// One wrapped connection of a `RecordingBackend`.
final class RecordingConnection: SQLConnection {
    private let base: SQLiteConnection
    private let backend: RecordingBackend

    init(_ base: SQLiteConnection, backend: RecordingBackend) {
        self.base = base
        self.backend = backend
    }

    var dialect: any SQLDialect { base.dialect }
    var isInTransaction: Bool { base.isInTransaction }
    var changes: Int { base.changes }
    var totalChanges: Int64 { base.totalChanges }

    func execute(_ sql: String) throws(DatabaseError) {
        backend.record(sql)
        try base.execute(sql)
    }

    func prepare(_ sql: String) throws(DatabaseError) -> SQLiteStatement {
        backend.record(sql)
        return try base.prepare(sql)
    }

    func cachedStatement(_ sql: String) throws(DatabaseError) -> SQLiteStatement {
        backend.record(sql)
        return try base.cachedStatement(sql)
    }

    func transaction<Result>(_ mode: TransactionMode, _ body: () throws -> Result) throws -> Result {
        try base.transaction(mode, body)
    }

    func beginReadTransaction() throws(DatabaseError) { try base.beginReadTransaction() }
    func commitReadTransaction() { base.commitReadTransaction() }
    func rollBackOpenTransaction() { base.rollBackOpenTransaction() }
    func withWorkLimit<Result>(_ limit: WorkLimit, _ body: () -> Result) -> Result? { base.withWorkLimit(limit, body) }
    func schemaVersion() throws(DatabaseError) -> Int64 { try base.schemaVersion() }
    func checkpoint(_ mode: CheckpointMode) { base.checkpoint(mode) }
}
