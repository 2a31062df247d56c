// A SQLite file (or a private in-memory database) as the emulator's backend: a writer with the
// emulator's settings, and read-only connections that read through a memory map.

/// The emulator's data in SQLite.
struct SQLiteBackend: DatabaseBackend {
    /// The file path, or `:memory:`.
    let path: String

    var dialect: any SQLDialect { SQLiteDialect() }

    var location: String { path }

    private var isShared: Bool { path != ":memory:" && !path.isEmpty }

    func openWriter() throws(DatabaseError) -> any SQLConnection {
        try SQLiteConnection(path: path, options: Self.options(readOnly: false))
    }

    func openReader() throws(DatabaseError) -> (any SQLConnection)? {
        guard isShared else { return nil }
        return try SQLiteConnection(path: path, options: Self.options(readOnly: true))
    }

    private static func options(readOnly: Bool) -> SQLiteConnection.Options {
        var options = SQLiteConnection.Options()
        // As PostgreSQL's LIKE, which `SQLiteDialect.like` relies on.
        options.caseSensitiveLike = true
        if readOnly {
            options.readOnly = true
            // Reads straight from the file's pages instead of copying them into the page cache.
            options.memoryMapBytes = 256 * 1024 * 1024
        }
        return options
    }
}
