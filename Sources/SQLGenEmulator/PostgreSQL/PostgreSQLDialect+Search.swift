// PostgreSQL's own full-text search, as Data Connect runs `_search`: the searchable columns'
// `to_tsvector` in each column's language, the query parsed by the function of its format
// (`websearch_to_tsquery`, `plainto_tsquery`, `phraseto_tsquery`, `to_tsquery`), `@@` to match and
// `ts_rank` to rank. A GIN index per table over the same expression serves the match.

extension PostgreSQLDialect {
    /// Every index this dialect makes for search starts with it.
    private static let searchIndexPrefix = "__sqlgen_search_"

    var reservedPrefix: String { "__sqlgen_" }

    var hasFullTextIndexes: Bool { true }

    /// The searchable columns' words: `to_tsvector` per column, in its language, joined.
    func documentVector(_ columns: [StoreColumn], alias: String?) -> String {
        let parts = columns.map { column -> String in
            let name = alias.map { $0 + "." + quote(column.sqlName) } ?? quote(column.sqlName)
            return "to_tsvector(\(configuration(column.searchLanguage ?? "english")), COALESCE(\(name), ''))"
        }
        return "(" + parts.joined(separator: " || ") + ")"
    }

    private func configuration(_ language: String) -> String {
        "CAST(\(StandardSQL.stringLiteral(language.lowercased())) AS regconfig)"
    }

    func textSearch(_ text: String, format: String, columns: [StoreColumn], alias: String, params: inout [SQLValue]) -> TextSearch? {
        let function = switch format {
        case "PLAIN": "plainto_tsquery"
        case "PHRASE": "phraseto_tsquery"
        case "ADVANCED": "to_tsquery"
        default: "websearch_to_tsquery"
        }
        // The query in the first language that stems, as its words are compared with stemmed ones.
        let language = columns.compactMap(\.searchLanguage).first { $0.lowercased() != "simple" } ?? "simple"
        params.append(.text(text))
        let vector = documentVector(columns, alias: alias)
        return TextSearch(from: ", \(function)(\(configuration(language)), ?) AS fdc_query",
                          condition: "\(vector) @@ fdc_query", rank: "ts_rank(\(vector), fdc_query)")
    }

    private func searchIndexName(_ table: StoreTable) -> String {
        Self.identifier(Self.searchIndexPrefix + table.sqlName)
    }

    /// One GIN index per table with searchable columns, remade when its expression changed (kept
    /// in its comment, as PostgreSQL keeps its own form of the expression).
    func migrateSearchIndexes(_ model: StoreModel, on connection: any SQLConnection) throws(DatabaseError) -> [String] {
        var wanted: [String: (table: StoreTable, expression: String)] = [:]
        for name in model.tableOrder {
            guard let table = model.tables[name], !table.isView, !table.searchableColumns.isEmpty else { continue }
            wanted[searchIndexName(table)] = (table, documentVector(table.searchableColumns, alias: nil))
        }
        let existing = try searchIndexes(on: connection)
        var changes: [String] = []
        for (name, _) in existing where wanted[name] == nil {
            try connection.execute("DROP INDEX IF EXISTS \(quote(name))")
            changes.append("dropped search index \(quote(name))")
        }
        for (name, index) in wanted.sorted(by: { $0.key < $1.key }) where existing[name] != index.expression {
            if existing[name] != nil { try connection.execute("DROP INDEX IF EXISTS \(quote(name))") }
            try connection.execute("CREATE INDEX \(quote(name)) ON \(quote(index.table.sqlName)) USING gin (\(index.expression))")
            try connection.execute("COMMENT ON INDEX \(quote(name)) IS \(StandardSQL.stringLiteral(index.expression))")
            changes.append("\(existing[name] == nil ? "created" : "rebuilt") search index \(quote(name)) of \(quote(index.table.sqlName))")
        }
        return changes
    }

    /// The search indexes of the current schema, with the expression each was made for.
    private func searchIndexes(on connection: any SQLConnection) throws(DatabaseError) -> [String: String] {
        let pairs = try connection.textPairs("SELECT c.relname, COALESCE(obj_description(c.oid, 'pg_class'), '') FROM pg_class c"
                                             + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'i'"
                                             + " AND starts_with(c.relname, ?)", [.text(Self.searchIndexPrefix)])
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    func dropSearchIndexes(on connection: any SQLConnection) throws(DatabaseError) {
        for name in try searchIndexes(on: connection).keys { try connection.execute("DROP INDEX IF EXISTS \(quote(name))") }
    }

    /// The server keeps GIN indexes current on every write.
    func suspendSearchIndexes(_ tables: [(table: StoreTable, newRows: Int)], on connection: any SQLConnection) throws(DatabaseError) -> [String] { [] }

    // What follows serves a search the emulator parses itself, which `textSearch` replaces here.

    func persistentSearchIndex(of table: StoreTable, on connection: any SQLConnection) -> SearchSource? { nil }

    func temporaryCopy(of table: String, named name: String) -> (create: String, drop: String) {
        ("CREATE TEMPORARY TABLE \(quote(name)) AS SELECT * FROM \(quote(table))", "DROP TABLE IF EXISTS \(quote(name))")
    }

    func temporarySearchIndex(named name: String, columns: [StoreColumn], of table: String, stems: Bool)
        -> (create: [String], drop: String, source: SearchSource)? { nil }

    /// A case-insensitive substring match on any of the columns.
    func searchCondition(_ leaf: FullTextQuery, in source: SearchSource, alias: String, params: inout [SQLValue]) -> String {
        guard case .columns(let columns) = source else { return alwaysFalse }
        let text: String
        switch leaf {
        case .term(let word, _): text = word
        case .phrase(let words): text = words.joined(separator: " ")
        default: return alwaysFalse
        }
        let parts = columns.map { column -> String in
            params.append(.text(text))
            return "strpos(lower(\(alias).\(quote(column.sqlName))), lower(?)) > 0"
        }
        return "(" + parts.joined(separator: " OR ") + ")"
    }

    func searchTiebreak(_ leaves: [FullTextQuery], in source: SearchSource, alias: String, params: inout [SQLValue]) -> (score: String, join: String) { ("0", "") }

    func isSearchQueryError(_ message: String) -> Bool { message.contains("tsquery") }
}
