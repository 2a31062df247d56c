// The persistent full-text index of each table with `@searchable` columns: an FTS5 table with
// external content (it reads the words from the table itself, by rowid, and stores only the
// index), kept in sync by AFTER INSERT / UPDATE / DELETE triggers on the table.

/// The FTS5 index of one table's `@searchable` columns, and the triggers that keep it current.
struct FTS5Index {
    /// Every index, shadow table and trigger of the emulator starts with it; the migrator refuses
    /// user tables and views whose name does, so they never collide.
    static let reservedPrefix = "__sqlgen_"
    /// The prefix of index and trigger names.
    static let prefix = "__sqlgen_search_"

    let table: StoreTable
    let columns: [StoreColumn]
    let stems: Bool
    private let dialect = SQLiteDialect()

    /// Nil when the table has no searchable column, or cannot have the index: a view (SQLite has
    /// no triggers on views) or a searchable column named `rank` or `rowid` (FTS5 reserves them;
    /// the index's columns take the table's column names so that FTS5 can read the content).
    init?(_ table: StoreTable) {
        let columns = table.searchableColumns
        guard !table.isView, !columns.isEmpty,
              !columns.contains(where: { ["rank", "rowid"].contains($0.sqlName.lowercased()) }) else { return nil }
        self.table = table
        self.columns = columns
        stems = table.searchStems
    }

    /// `__sqlgen_search_<table>_fts`: the ending keeps it distinct from FTS5's shadow tables of
    /// another index (`<index>_data`, `_idx`, `_docsize`, `_config`) whatever the table names.
    var name: String { Self.prefix + table.sqlName + "_fts" }

    /// The tokenizer for `stems`, also used by the per-request index (views, reserved column names).
    static func tokenizer(stems: Bool) -> String {
        stems ? "porter unicode61 remove_diacritics 2" : "unicode61 remove_diacritics 2"
    }

    private var quotedName: String { dialect.quote(name) }
    private var columnList: String { columns.map { dialect.quote($0.sqlName) }.joined(separator: ", ") }

    private func values(_ row: String) -> String {
        columns.map { row + "." + dialect.quote($0.sqlName) }.joined(separator: ", ")
    }

    /// As SQLite keeps it in `sqlite_master` (compared there to see whether the index is current).
    var createStatement: String {
        "CREATE VIRTUAL TABLE \(quotedName) USING fts5(\(columnList), content=\(dialect.literal(.text(table.sqlName))), "
            + "content_rowid='rowid', tokenize='\(Self.tokenizer(stems: stems))')"
    }

    /// Replaces the index's contents with the words of the table's current rows.
    var rebuildStatement: String { "INSERT INTO \(quotedName)(\(quotedName)) VALUES('rebuild')" }

    /// The triggers, by name. FTS5's 'delete' command must be given the values the row was
    /// indexed with, which the triggers read from `old`.
    var triggers: [(name: String, sql: String)] {
        let table = dialect.quote(self.table.sqlName)
        let insert = "INSERT INTO \(quotedName)(rowid, \(columnList)) VALUES (new.rowid, \(values("new")));"
        let delete = "INSERT INTO \(quotedName)(\(quotedName), rowid, \(columnList)) VALUES ('delete', old.rowid, \(values("old")));"
        // An update that leaves the rowid and the searchable columns alone does not touch the index.
        let changed = (["old.rowid IS NOT new.rowid"] + columns.map { column -> String in
            let quoted = dialect.quote(column.sqlName)
            return "old.\(quoted) IS NOT new.\(quoted)"
        }).joined(separator: " OR ")
        return [
            (name + "_insert", "CREATE TRIGGER \(dialect.quote(name + "_insert")) AFTER INSERT ON \(table) BEGIN \(insert) END"),
            (name + "_delete", "CREATE TRIGGER \(dialect.quote(name + "_delete")) AFTER DELETE ON \(table) BEGIN \(delete) END"),
            (name + "_update", "CREATE TRIGGER \(dialect.quote(name + "_update")) AFTER UPDATE ON \(table) WHEN \(changed) BEGIN \(delete) \(insert) END"),
        ]
    }
}
