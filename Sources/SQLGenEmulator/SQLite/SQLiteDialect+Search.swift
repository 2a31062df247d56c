// SQLite's full-text search: FTS5 indexes (`FTS5Index`), made, rebuilt and dropped by migrations;
// a temporary FTS5 index for a request when a table has no persistent one; MATCH conditions and
// bm25 as the tiebreak. A SQLite without FTS5 gets no index: search then matches words with LIKE.

extension SQLiteDialect {
    /// Set by tests to run as on a SQLite without FTS5 on one that has it: search uses the LIKE
    /// fallback, and an engine opened meanwhile makes no search index (and drops its triggers).
    @TaskLocal static var searchWithoutFTS5 = false

    /// Whether search and the migrator use FTS5: SQLite has it and no test said otherwise.
    static var usesFTS5: Bool { SQLiteConnection.hasFTS5 && !searchWithoutFTS5 }

    var reservedPrefix: String { FTS5Index.reservedPrefix }

    /// SQLite's FTS5 reads another query syntax: the emulator parses PostgreSQL's.
    func textSearch(_ text: String, format: String, columns: [StoreColumn], alias: String, params: inout [SQLValue]) -> TextSearch? { nil }

    var hasFullTextIndexes: Bool { Self.usesFTS5 }

    func migrateSearchIndexes(_ model: StoreModel, on connection: any SQLConnection) throws(DatabaseError) -> [String] {
        let wanted = Self.usesFTS5 ? model.tableOrder.compactMap { model.tables[$0].flatMap(FTS5Index.init) } : []
        var changes = try dropSearchObjects(keeping: wanted, on: connection)
        for index in wanted {
            let names = [index.name] + index.triggers.map(\.name)
            var existing: [String: String] = [:]
            for name in names {
                guard let row = try connection.query("SELECT sql FROM sqlite_master WHERE name = ?", [.text(name)]).first else { continue }
                if case .text(let sql)? = row.first { existing[name] = sql }
            }
            if existing[index.name] == index.createStatement, index.triggers.allSatisfy({ existing[$0.name] == $0.sql }) { continue }
            for trigger in index.triggers where existing[trigger.name] != nil {
                try connection.execute("DROP TRIGGER IF EXISTS \(quote(trigger.name))")
            }
            if existing[index.name] != nil { try connection.execute("DROP TABLE IF EXISTS \(quote(index.name))") }
            try connection.execute(index.createStatement)
            for trigger in index.triggers { try connection.execute(trigger.sql) }
            try connection.execute(index.rebuildStatement)
            changes.append("\(existing[index.name] == nil ? "created" : "rebuilt") search index \(quote(index.name)) of \(quote(index.table.sqlName))")
        }
        return changes
    }

    func dropSearchIndexes(on connection: any SQLConnection) throws(DatabaseError) {
        try dropSearchObjects(keeping: [], on: connection)
    }

    /// Drops the search triggers and indexes not in `keeping`: the triggers first, since they
    /// write to the index. Without FTS5 an index cannot be dropped (SQLite needs the module), but
    /// its triggers can, so writes still work.
    @discardableResult
    private func dropSearchObjects(keeping: [FTS5Index], on connection: any SQLConnection) throws(DatabaseError) -> [String] {
        let kept = Set(keeping.flatMap { [$0.name] + $0.triggers.map(\.name) }.map { $0.lowercased() })
        let pattern = FTS5Index.prefix.replacingOccurrences(of: "_", with: "\\_") + "%"
        var changes: [String] = []
        for row in try connection.query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ? ESCAPE '\\'", [.text(pattern)]) {
            guard case .text(let name)? = row.first, !kept.contains(name.lowercased()) else { continue }
            try connection.execute("DROP TRIGGER IF EXISTS \(quote(name))")
        }
        let indexes = "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ? ESCAPE '\\' AND sql LIKE 'CREATE VIRTUAL TABLE%'"
        for row in try connection.query(indexes, [.text(pattern)]) {
            guard case .text(let name)? = row.first, !kept.contains(name.lowercased()) else { continue }
            if Self.usesFTS5 {
                try connection.execute("DROP TABLE IF EXISTS \(quote(name))")
                changes.append("dropped search index \(quote(name))")
            }
        }
        return changes
    }

    /// Drops the triggers of the tables that get at least an eighth of the rows they hold:
    /// rebuilding costs about a tenth of indexing row by row through the triggers (10,000 rows:
    /// ~0.03 s against ~0.4 s), but reads the whole table, so small imports into large tables
    /// keep the triggers.
    func suspendSearchIndexes(_ tables: [(table: StoreTable, newRows: Int)], on connection: any SQLConnection) throws(DatabaseError) -> [String] {
        guard Self.usesFTS5 else { return [] }
        var suspended: [FTS5Index] = []
        for (table, newRows) in tables {
            guard let index = FTS5Index(table), !suspended.contains(where: { $0.name == index.name }),
                  try connection.query("SELECT sql FROM sqlite_master WHERE name = ?", [.text(index.name)]).first?.first == .text(index.createStatement),
                  case .integer(let existing)? = try connection.query("SELECT COUNT(*) FROM \(quote(table.sqlName))").first?.first,
                  newRows * 8 >= Int(existing) else { continue }
            for trigger in index.triggers { try connection.execute("DROP TRIGGER IF EXISTS \(quote(trigger.name))") }
            suspended.append(index)
        }
        return suspended.flatMap { $0.triggers.map(\.sql) + [$0.rebuildStatement] }
    }

    /// The index when the database has it and its triggers as the migrator makes them for the
    /// current schema (so a search never reads an index of other columns, or one that writes
    /// stopped updating).
    func persistentSearchIndex(of table: StoreTable, on connection: any SQLConnection) -> SearchSource? {
        guard Self.usesFTS5, let index = FTS5Index(table) else { return nil }
        let expected = [(index.name, index.createStatement)] + index.triggers
        let marks = Array(repeating: "?", count: expected.count).joined(separator: ", ")
        guard let rows = try? connection.query("SELECT name, sql FROM sqlite_master WHERE name IN (\(marks))", expected.map { .text($0.0) }),
              rows.count == expected.count,
              expected.allSatisfy({ name, sql in rows.contains { $0 == [.text(name), .text(sql)] } }) else { return nil }
        let quoted = quote(index.name)
        return .index(table: quoted, column: quoted)
    }

    func temporaryCopy(of table: String, named name: String) -> (create: String, drop: String) {
        ("CREATE TEMP TABLE \(name) AS SELECT * FROM \(quote(table))", "DROP TABLE IF EXISTS temp.\(name)")
    }

    /// Keyed by rowid, like the persistent index.
    func temporarySearchIndex(named name: String, columns: [StoreColumn], of table: String, stems: Bool)
        -> (create: [String], drop: String, source: SearchSource)? {
        guard Self.usesFTS5 else { return nil }
        let indexColumns = columns.indices.map { "c\($0)" }.joined(separator: ", ")
        let source = columns.map { quote($0.sqlName) }.joined(separator: ", ")
        return ([
            "CREATE VIRTUAL TABLE temp.\(name) USING fts5(\(indexColumns), tokenize = '\(FTS5Index.tokenizer(stems: stems))')",
            "INSERT INTO temp.\(name)(rowid, \(indexColumns)) SELECT rowid, \(source) FROM \(quote(table))",
        ], "DROP TABLE IF EXISTS temp.\(name)", .index(table: "temp." + name, column: name))
    }

    func searchCondition(_ leaf: FullTextQuery, in source: SearchSource, alias: String, params: inout [SQLValue]) -> String {
        switch source {
        case .index(let table, let column):
            params.append(.text(Self.fts5Expression(leaf)))
            return "\(alias).rowid IN (SELECT rowid FROM \(table) WHERE \(column) MATCH ?)"
        case .columns(let columns):
            return likeCondition(leaf, columns: columns, alias: alias, params: &params)
        }
    }

    /// bm25 of every matching row at once, joined by rowid (one FTS5 query, not one per row).
    func searchTiebreak(_ leaves: [FullTextQuery], in source: SearchSource, alias: String, params: inout [SQLValue]) -> (score: String, join: String) {
        guard case .index(let table, let column) = source else { return ("0", "") }
        params.append(.text(leaves.map(Self.fts5Expression).joined(separator: " OR ")))
        let join = " LEFT JOIN (SELECT rowid AS fdc_rowid, bm25(\(column)) AS fdc_score FROM \(table) WHERE \(column) MATCH ?) AS fdc_ranked"
            + " ON fdc_ranked.fdc_rowid = \(alias).rowid"
        return ("COALESCE(fdc_ranked.fdc_score, 0)", join)
    }

    func isSearchQueryError(_ message: String) -> Bool { message.contains("fts5") }

    /// One word or phrase as an FTS5 query string (quoted, so no word is read as an operator).
    static func fts5Expression(_ leaf: FullTextQuery) -> String {
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        switch leaf {
        case .term(let word, let prefix): return quoted(word) + (prefix ? " *" : "")
        case .phrase(let words): return quoted(words.joined(separator: " "))
        default: return ""
        }
    }

    /// One word or phrase as a case-insensitive substring match on any searchable column.
    private func likeCondition(_ leaf: FullTextQuery, columns: [StoreColumn], alias: String, params: inout [SQLValue]) -> String {
        let text: String
        switch leaf {
        case .term(let word, _): text = word
        case .phrase(let words): text = words.joined(separator: " ")
        default: return "0"
        }
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        let parts = columns.map { column -> String in
            params.append(.text("%" + escaped + "%"))
            return "LOWER(\(alias).\(quote(column.sqlName))) LIKE ? ESCAPE '\\'"
        }
        return "(" + parts.joined(separator: " OR ") + ")"
    }
}
