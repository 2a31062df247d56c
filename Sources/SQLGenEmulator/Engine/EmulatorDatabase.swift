// Where the emulator keeps its data, as the command line chooses it: a SQLite file (the default)
// or a PostgreSQL database.

import SQLGenLanguage

/// The database of an emulator.
public enum EmulatorDatabase: Sendable, Equatable {
    /// A SQLite file; `:memory:` for a private in-memory database.
    case sqlite(path: String)
    /// A PostgreSQL database by its libpq connection URI (`postgresql://user:password@host:5432/db`);
    /// the tables go in `schema` (nil: the connection's own, usually `public`).
    case postgresql(url: String, schema: String? = nil)

    /// Where the data is, for messages (a PostgreSQL URL without its password).
    public var location: String {
        switch self {
        case .sqlite(let path): path
        case .postgresql(let url, let schema): PostgreSQLBackend.redacted(url) + (schema.map { " (schema \($0))" } ?? "")
        }
    }

    /// The backend that opens its connections (PostgreSQL's connects once, to check the server).
    func backend() throws(EmulatorError) -> any DatabaseBackend {
        switch self {
        case .sqlite(let path):
            return SQLiteBackend(path: path)
        case .postgresql(let url, let schema):
            do {
                return try PostgreSQLBackend(url: url, schema: schema)
            } catch {
                throw EmulatorError("database \(PostgreSQLBackend.redacted(url)): \(error.message)")
            }
        }
    }
}

extension EmulatorEngine {
    /// Several connectors over one schema, with their data in `database`. `reset` drops the
    /// schema's tables before creating them again (for a database that is not a file one deletes).
    public init(schemaSources: [Source], secondarySchemaSources: [Source] = [], connectors: [HostedConnector], database: EmulatorDatabase,
                limits: ExecutionLimits = ExecutionLimits(), requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
                readConnections: Int = 2, reset: Bool = false) throws(EmulatorError) {
        try self.init(schemaSources: schemaSources, secondarySchemaSources: secondarySchemaSources, connectors: connectors,
                      backend: try database.backend(), limits: limits, requestTimeout: requestTimeout, readConnections: readConnections,
                      reset: reset)
    }
}
