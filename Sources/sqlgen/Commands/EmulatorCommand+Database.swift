import Foundation
import SQLGenCommandLine
import SQLGenEmulator

// `--database URL`: the emulator's data in PostgreSQL instead of <data-dir>/emulator.sqlite.
extension EmulatorCommand {
    /// Read connections on PostgreSQL, where each query waits for the server rather than a core.
    static let postgreSQLReadConnections = 16

    /// `--database URL`, else `SQLGEN_DATABASE_URL`, else the SQLite file at `databasePath`.
    static func database(_ parsed: CommandArguments, databasePath: String) -> EmulatorDatabase {
        let url = parsed.value("--database") ?? ProcessInfo.processInfo.environment["SQLGEN_DATABASE_URL"]
        guard let url, !url.isEmpty else { return .sqlite(path: databasePath) }
        return .postgresql(url: url)
    }

    /// The engine over `database`: on PostgreSQL with more read connections, and `--reset` dropping
    /// the schema's tables (on SQLite the command removed the file).
    static func openEngine(_ inputs: Inputs, database: EmulatorDatabase, reset: Bool, settings: ServerSettings) throws(EmulatorError) -> EmulatorEngine {
        guard case .postgresql = database else {
            return try EmulatorEngine(schemaSources: inputs.schema, secondarySchemaSources: inputs.secondarySchema, connectors: inputs.connectors,
                                      database: database, requestTimeout: settings.requestTimeout)
        }
        return try EmulatorEngine(schemaSources: inputs.schema, secondarySchemaSources: inputs.secondarySchema, connectors: inputs.connectors,
                                  database: database, requestTimeout: settings.requestTimeout, readConnections: postgreSQLReadConnections, reset: reset)
    }
}
