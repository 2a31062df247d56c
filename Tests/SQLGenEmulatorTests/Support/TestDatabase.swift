import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import SQLGenPostgres
import Synchronization

/// The database the emulator suite runs on: SQLite files by default; PostgreSQL with
/// `SQLGEN_TEST_BACKEND=postgresql` and `SQLGEN_TEST_DATABASE_URL` (a throwaway cluster from
/// `scripts/postgres-cluster.sh`). `.ci/run` runs the suite both ways. On PostgreSQL each SQLite
/// path becomes a schema of its own (the same path, the same schema: a restart finds its data),
/// dropped when its test removes its folder and, at the latest, when the process exits.
enum TestDatabase {
    enum Kind: String {
        case sqlite
        case postgresql
    }

    static let kind: Kind = ProcessInfo.processInfo.environment["SQLGEN_TEST_BACKEND"].flatMap(Kind.init(rawValue:)) ?? .sqlite
    static let url = ProcessInfo.processInfo.environment["SQLGEN_TEST_DATABASE_URL"] ?? ""
    static var isSQLite: Bool { kind == .sqlite }
    static var isPostgreSQL: Bool { kind == .postgresql }

    private static let schemas = Mutex<Set<String>>([])
    private static let cleanupAtExit: Void = {
        atexit { TestDatabase.dropAll() }
    }()

    /// The database of an engine whose SQLite file would be `path` (`:memory:`: a fresh one).
    static func database(path: String) -> EmulatorDatabase {
        switch kind {
        case .sqlite: return .sqlite(path: path)
        case .postgresql: return .postgresql(url: url, schema: schema(for: path))
        }
    }

    /// `t_` and a hash of `path`, remembered for the drop at exit; a new name for `:memory:`.
    static func schema(for path: String) -> String {
        cleanupAtExit
        let key = path == ":memory:" || path.isEmpty ? UUID().uuidString : path
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = "t_" + String(hash, radix: 16)
        schemas.withLock { _ = $0.insert(name) }
        return name
    }

    /// Drops the PostgreSQL schema of `path` (nothing on SQLite: the file goes with its folder).
    static func drop(path: String) {
        guard isPostgreSQL else { return }
        drop([schema(for: path)])
    }

    private static func dropAll() {
        drop(Array(schemas.withLock { $0 }))
    }

    private static func drop(_ names: [String]) {
        guard !names.isEmpty, let connection = try? PostgresConnection(url: url) else { return }
        for name in names {
            _ = try? connection.execute("DROP SCHEMA IF EXISTS \(StandardSQL.quote(name)) CASCADE")
            schemas.withLock { _ = $0.remove(name) }
        }
    }

    /// An engine for one connector on the suite's database, as `EmulatorEngine(..., databasePath:)`.
    static func engine(schemaSources: [Source], operationSources: [Source], connectorId: String, databasePath: String,
                       limits: ExecutionLimits = ExecutionLimits(), requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
                       readConnections: Int = 2) throws(EmulatorError) -> EmulatorEngine {
        try EmulatorEngine(schemaSources: schemaSources, connectors: [HostedConnector(id: connectorId, operationSources: operationSources)],
                           database: database(path: databasePath), limits: limits, requestTimeout: requestTimeout, readConnections: readConnections)
    }

    /// The backend of `path` on the suite's database.
    static func backend(path: String) throws -> any DatabaseBackend {
        try database(path: path).backend()
    }

    /// Whether Vector columns work: always on SQLite, with pgvector installed on PostgreSQL.
    static let hasVector: Bool = {
        guard isPostgreSQL else { return true }
        return ((try? PostgreSQLBackend(url: url))?.dialect as? PostgreSQLDialect)?.hasVectorExtension ?? false
    }()

    /// A connection of its own to the database of `path` (its writer's kind), for reading the catalog.
    static func connection(path: String) throws -> any SQLConnection {
        try backend(path: path).openWriter()
    }

    /// The names of the tables of the database of `path`.
    static func tableNames(path: String) throws -> [String] {
        let sql = isSQLite ? "SELECT name FROM sqlite_master WHERE type = 'table'"
            : "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'"
        return try connection(path: path).query(sql).compactMap { if case .text(let name)? = $0.first { name } else { nil } }
    }

    /// The column names of `table` in the database of `path`.
    static func columnNames(path: String, table: String) throws -> [String] {
        let connection = try connection(path: path)
        return try connection.dialect.columnNames(of: table, on: connection)
    }

    /// Whether the column is NOT NULL, by the database's catalog; nil when there is no such column.
    static func isNotNull(path: String, table: String, column: String) throws -> Bool? {
        let sql = isSQLite ? #"SELECT "notnull" FROM pragma_table_info(?) WHERE name = ?"#
            : "SELECT a.attnotnull FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = current_schema() AND c.relname = ? AND a.attname = ?"
        guard case .integer(let flag)? = try connection(path: path).query(sql, [.text(table), .text(column)]).first?.first else { return nil }
        return flag != 0
    }

    /// `value` with its objects' keys in the order the database keeps them: as given on SQLite;
    /// jsonb's order on PostgreSQL (shorter keys first, then by bytes).
    static func inStoredKeyOrder(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map(inStoredKeyOrder))
        case .object(let members):
            let ordered = members.map { JSONMember($0.key, inStoredKeyOrder($0.value)) }
            guard isPostgreSQL else { return .object(ordered) }
            return .object(ordered.sorted { first, second in
                let (a, b) = (Array(first.key.utf8), Array(second.key.utf8))
                return a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
            })
        default: return value
        }
    }
}
