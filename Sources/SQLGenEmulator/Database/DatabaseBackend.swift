// Where the emulator's data lives. The engine opens its connections through a backend: one that
// writes (migrations, mutations, seeds, imports), read-only ones that answer queries in parallel
// with it, and, where the database takes writes side by side, more that run mutations.

/// A database the emulator can keep its data in.
protocol DatabaseBackend: Sendable {
    /// The SQL its connections speak.
    var dialect: any SQLDialect { get }

    /// Where the data is, for messages (a file path).
    var location: String { get }

    /// The connection that writes.
    func openWriter() throws(DatabaseError) -> any SQLConnection

    /// A read-only connection, or nil when readers cannot see the writer's data (an in-memory
    /// database): queries then run on the writer.
    func openReader() throws(DatabaseError) -> (any SQLConnection)?

    /// How many writing connections, besides the engine's own, run mutations side by side: a
    /// database server locks rows, not the whole database. 0 where the database has one writer.
    var parallelWriteConnections: Int { get }

    /// How long a cheap query answered on the server's event loop may take before it moves to a
    /// task: nil where its budget of SQLite steps bounds it (a file read in place).
    var eventLoopTimeBudget: Duration? { get }
}

extension DatabaseBackend {
    var eventLoopTimeBudget: Duration? { nil }
    var parallelWriteConnections: Int { 0 }
}
