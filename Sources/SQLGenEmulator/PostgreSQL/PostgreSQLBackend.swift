// A PostgreSQL database as the emulator's backend: every connection is set up the same way (UTC,
// ISO dates, the schema first on the search path), the writer creates the schema when missing,
// and readers run read-only. Opening the backend checks the server once, for the extensions the
// schema may need (pgvector's `vector`).

import SQLGenPostgres

/// The emulator's data in a PostgreSQL database.
struct PostgreSQLBackend: DatabaseBackend {
    /// A libpq connection URI (`postgresql://user:password@host:5432/dbname`) or keyword/value string.
    let url: String
    /// The schema the emulator's tables live in; nil for the connection's own (`public`, or what
    /// the URL's `options=-csearch_path=...` says).
    let schema: String?
    let dialect: any SQLDialect

    /// Connects once to check the server: reachable, and whether the `vector` extension is installed.
    init(url: String, schema: String? = nil) throws(DatabaseError) {
        self.url = url
        self.schema = schema
        let probe = try Self.connect(url: url, settings: Self.creating(schema) + Self.settings(schema: schema))
        let vector = try? probe.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'")
        dialect = PostgreSQLDialect(hasVectorExtension: (vector?.rowCount ?? 0) > 0)
    }

    /// Where the data is, for messages: the URL without its password.
    var location: String { EmulatorDatabase.postgresql(url: url, schema: schema).location }

    /// A cheap query answered on the event loop is a round trip to the server, which no step budget
    /// bounds: a server slow to answer (a lock held) holds the loop this long at most. Wall time,
    /// so it leaves room for a loaded machine, where a list of 100 rows may take tens of ms.
    var eventLoopTimeBudget: Duration? { .milliseconds(250) }

    /// Mutations run on writing connections side by side, each in its own transaction, as they
    /// do from several emulator processes on one database: PostgreSQL locks the rows they write.
    /// Four: more made inserts dearer on a 2-core machine, fewer gained less (`benchmarks/`).
    var parallelWriteConnections: Int { 4 }

    /// Commits return once the server has them, before its log reaches the disk: the durability
    /// of the SQLite file's `synchronous=NORMAL` (a crash of the emulator loses nothing; one of the
    /// database's machine may lose the last fraction of a second), and writes that do not wait
    /// for a disk flush each.
    func openWriter() throws(DatabaseError) -> any SQLConnection {
        let settings = Self.settings(schema: schema) + ["SET synchronous_commit TO off"]
        return PostgreSQLConnection(client: try Self.connect(url: url, settings: Self.creating(schema) + settings), dialect: dialect,
                                    sessionSettings: settings)
    }

    func openReader() throws(DatabaseError) -> (any SQLConnection)? {
        let settings = Self.settings(schema: schema) + ["SET default_transaction_read_only = on"]
        return PostgreSQLConnection(client: try Self.connect(url: url, settings: settings), dialect: dialect, sessionSettings: settings)
    }

    /// The emulator's session settings: timestamps in UTC, ISO dates, the schema first on the
    /// search path (extensions' types and functions stay visible after it).
    private static func settings(schema: String?) -> [String] {
        var settings = ["SET TimeZone TO 'UTC'", "SET DateStyle TO 'ISO, YMD'", "SET client_min_messages TO warning"]
        if let schema { settings.append("SET search_path TO \(StandardSQL.quote(schema)), public") }
        return settings
    }

    private static func creating(_ schema: String?) -> [String] {
        schema.map { ["CREATE SCHEMA IF NOT EXISTS \(StandardSQL.quote($0))"] } ?? []
    }

    /// A connection that ran `settings`.
    private static func connect(url: String, settings: [String]) throws(DatabaseError) -> PostgresConnection {
        let client: PostgresConnection
        do {
            client = try PostgresConnection(url: url, applicationName: "sqlgen emulator")
        } catch {
            throw DatabaseError(postgres: error, sql: nil)
        }
        for setting in settings {
            do {
                try client.execute(setting)
            } catch where setting.hasPrefix("CREATE SCHEMA") && (error.sqlState == "23505" || error.sqlState == "42P06") {
                // Another emulator made the schema at the same moment.
            } catch {
                throw DatabaseError(postgres: error, sql: setting)
            }
        }
        return client
    }

    /// `postgresql://user:secret@host/db` → `postgresql://user@host/db`; `password=...` removed.
    static func redacted(_ url: String) -> String {
        if let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") {
            let credentials = url[scheme.upperBound..<at]
            let user = credentials.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            return String(url[..<scheme.upperBound]) + user + String(url[at...])
        }
        return url.split(separator: " ").filter { !$0.hasPrefix("password=") }.joined(separator: " ")
    }
}
