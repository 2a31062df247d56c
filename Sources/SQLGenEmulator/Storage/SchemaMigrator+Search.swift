// The persistent full-text index of each table with `@searchable` columns: an FTS5 table with
// external content (it reads the words from the table itself, by rowid, and stores only the
// index), kept in sync by AFTER INSERT / UPDATE / DELETE triggers on the table. The migrator makes
// it at start and reload, and drops and rebuilds it when the searchable columns or the tokenizer
// change or a trigger is missing (a table recreated, a database from an older sqlgen). A SQLite
// without FTS5 gets no index: search then matches words with LIKE.

extension StoreTable {
    /// The `@searchable` columns, in field order.
    var searchableColumns: [StoreColumn] { columns.filter { $0.searchLanguage != nil } }

    /// Whether search stems words (Porter): false only when every searchable column says `language: "simple"`.
    var searchStems: Bool { searchableColumns.contains { $0.searchLanguage?.lowercased() != "simple" } }
}

/// The FTS5 index of one table's `@searchable` columns, and the triggers that keep it current.
struct SearchIndex {
    /// Every index, shadow table and trigger of the emulator starts with it; the migrator refuses
    /// user tables and views whose name does, so they never collide.
    static let reservedPrefix = "__sqlgen_"
    /// The prefix of index and trigger names.
    static let prefix = "__sqlgen_search_"

    let table: StoreTable
    let columns: [StoreColumn]
    let stems: Bool

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

    private var quotedName: String { SchemaMigrator.quote(name) }
    private var columnList: String { columns.map { SchemaMigrator.quote($0.sqlName) }.joined(separator: ", ") }

    private func values(_ row: String) -> String {
        columns.map { row + "." + SchemaMigrator.quote($0.sqlName) }.joined(separator: ", ")
    }

    /// As SQLite keeps it in `sqlite_master` (compared there to see whether the index is current).
    var createStatement: String {
        "CREATE VIRTUAL TABLE \(quotedName) USING fts5(\(columnList), content=\(SchemaMigrator.sqlLiteral(.text(table.sqlName))), "
            + "content_rowid='rowid', tokenize='\(Self.tokenizer(stems: stems))')"
    }

    /// Replaces the index's contents with the words of the table's current rows.
    var rebuildStatement: String { "INSERT INTO \(quotedName)(\(quotedName)) VALUES('rebuild')" }

    /// The triggers, by name. FTS5's 'delete' command must be given the values the row was
    /// indexed with, which the triggers read from `old`.
    var triggers: [(name: String, sql: String)] {
        let table = SchemaMigrator.quote(self.table.sqlName)
        let insert = "INSERT INTO \(quotedName)(rowid, \(columnList)) VALUES (new.rowid, \(values("new")));"
        let delete = "INSERT INTO \(quotedName)(\(quotedName), rowid, \(columnList)) VALUES ('delete', old.rowid, \(values("old")));"
        // An update that leaves the rowid and the searchable columns alone does not touch the index.
        let changed = (["old.rowid IS NOT new.rowid"] + columns.map { column -> String in
            let quoted = SchemaMigrator.quote(column.sqlName)
            return "old.\(quoted) IS NOT new.\(quoted)"
        }).joined(separator: " OR ")
        return [
            (name + "_insert", "CREATE TRIGGER \(SchemaMigrator.quote(name + "_insert")) AFTER INSERT ON \(table) BEGIN \(insert) END"),
            (name + "_delete", "CREATE TRIGGER \(SchemaMigrator.quote(name + "_delete")) AFTER DELETE ON \(table) BEGIN \(delete) END"),
            (name + "_update", "CREATE TRIGGER \(SchemaMigrator.quote(name + "_update")) AFTER UPDATE ON \(table) WHEN \(changed) BEGIN \(delete) \(insert) END"),
        ]
    }
}

extension SchemaMigrator {
    /// Refuses a table or view whose name the emulator keeps for its own objects.
    static func checkReservedNames(_ model: StoreModel) throws {
        for name in model.tableOrder {
            guard let table = model.tables[name], table.sqlName.lowercased().hasPrefix(SearchIndex.reservedPrefix) else { continue }
            throw EmulatorError("type \"\(name)\": the SQL name \"\(table.sqlName)\" starts with \"\(SearchIndex.reservedPrefix)\", which the emulator keeps for its search indexes; choose another name")
        }
    }

    /// Creates, rebuilds or drops the search indexes so that each table with searchable columns
    /// has a current one (none without FTS5); returns the changes.
    static func migrateSearchIndexes(_ database: Database, model: StoreModel) throws -> [String] {
        let wanted = Executor.usesFTS5 ? model.tableOrder.compactMap { model.tables[$0].flatMap(SearchIndex.init) } : []
        var changes = try dropSearchObjects(database, keeping: wanted)
        for index in wanted {
            let names = [index.name] + index.triggers.map(\.name)
            var existing: [String: String] = [:]
            for name in names {
                guard let row = try database.query("SELECT sql FROM sqlite_master WHERE name = ?", [.text(name)]).first else { continue }
                if case .text(let sql)? = row.first { existing[name] = sql }
            }
            if existing[index.name] == index.createStatement, index.triggers.allSatisfy({ existing[$0.name] == $0.sql }) { continue }
            for trigger in index.triggers where existing[trigger.name] != nil {
                try database.execute("DROP TRIGGER IF EXISTS \(quote(trigger.name))")
            }
            if existing[index.name] != nil { try database.execute("DROP TABLE IF EXISTS \(quote(index.name))") }
            try database.execute(index.createStatement)
            for trigger in index.triggers { try database.execute(trigger.sql) }
            try database.execute(index.rebuildStatement)
            changes.append("\(existing[index.name] == nil ? "created" : "rebuilt") search index \(quote(index.name)) of \(quote(index.table.sqlName))")
        }
        return changes
    }

    /// Drops the search triggers and indexes not in `keeping` (all of them for an empty list):
    /// the triggers first, since they write to the index. Without FTS5 an index cannot be
    /// dropped (SQLite needs the module), but its triggers can, so writes still work.
    @discardableResult
    static func dropSearchObjects(_ database: Database, keeping: [SearchIndex]) throws -> [String] {
        let kept = Set(keeping.flatMap { [$0.name] + $0.triggers.map(\.name) }.map { $0.lowercased() })
        let pattern = SearchIndex.prefix.replacingOccurrences(of: "_", with: "\\_") + "%"
        var changes: [String] = []
        for row in try database.query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ? ESCAPE '\\'", [.text(pattern)]) {
            guard case .text(let name)? = row.first, !kept.contains(name.lowercased()) else { continue }
            try database.execute("DROP TRIGGER IF EXISTS \(quote(name))")
        }
        let indexes = "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ? ESCAPE '\\' AND sql LIKE 'CREATE VIRTUAL TABLE%'"
        for row in try database.query(indexes, [.text(pattern)]) {
            guard case .text(let name)? = row.first, !kept.contains(name.lowercased()) else { continue }
            if Executor.usesFTS5 {
                try database.execute("DROP TABLE IF EXISTS \(quote(name))")
                changes.append("dropped search index \(quote(name))")
            }
        }
        return changes
    }
}
