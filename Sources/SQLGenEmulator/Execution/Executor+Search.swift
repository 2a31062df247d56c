// `<plural>_search(query:, queryFormat:, relevanceThreshold:, where:, orderBy:, limit:, offset:)`:
// full-text search over a table's `@searchable` columns. With SQLite's FTS5 (when the system
// SQLite has it) the columns are indexed in a temporary FTS5 table for the request, with the
// Porter stemmer unless every column's language is "simple". Without FTS5, words match as
// case-insensitive substrings (LIKE), without stemming. The relevance is the share of the query's
// words and phrases a row contains (0 to 1), not PostgreSQL's `ts_rank`: `relevanceThreshold`
// compares with it, and rows rank by it, then (FTS5) by bm25, then in insertion order. The set
// of matching rows follows PostgreSQL's query syntax for each format.

import CSQLite
import SQLGenLanguage
import SQLGenSchema

/// A table with `@searchable` columns, for its `_search` field.
struct SearchTarget {
    var table: StoreTable
    var columns: [StoreColumn]
    /// False when every searchable column says `@searchable(language: "simple")`.
    var stems: Bool
}

extension Executor {
    /// Whether the linked SQLite was built with FTS5.
    static let sqliteHasFTS5 = sqlite3_compileoption_used("ENABLE_FTS5") == 1

    /// Set by tests to run the LIKE fallback on a SQLite that has FTS5.
    @TaskLocal static var searchWithoutFTS5 = false

    /// The table a `<plural>_search` field searches (from its `@fdc_generated` marker), with its searchable columns.
    func searchTarget(_ definition: GraphQLField) -> SearchTarget? {
        guard definition.name.hasSuffix("_search"),
              let generated = definition.directives.first(where: { $0.name.value == "fdc_generated" }),
              generated.arguments.contains(where: { $0.name.value == "purpose" && $0.value == .enumValue("QUERY_MULTIPLE_BY_SEARCH", $0.value.range) }),
              case .string(let from)? = generated.arguments.first(where: { $0.name.value == "from" })?.value,
              let table = model.tables[from.value], let type = schema.objectType(named: table.name) else { return nil }
        var columns: [StoreColumn] = []
        var stems = false
        for field in type.fields {
            guard let searchable = field.directives.first(where: { $0.name.value == "searchable" }), let column = table.column(field.name) else { continue }
            columns.append(column)
            var language = "english"
            if case .string(let given)? = searchable.arguments.first(where: { $0.name.value == "language" })?.value { language = given.value }
            if language.lowercased() != "simple" { stems = true }
        }
        return columns.isEmpty ? nil : SearchTarget(table: table, columns: columns, stems: stems)
    }

    func fullTextSearch(_ target: SearchTarget, arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
        let table = target.table
        let field = "\(table.plural)_search"
        if table.isView {
            throw FieldFailure("\"\(field)\": the emulator searches tables only, and \"\(table.name)\" is a @view.", code: "UNIMPLEMENTED")
        }
        var format = "QUERY"
        if case .string(let given)? = arguments["queryFormat"] { format = given }
        guard case .string(let text)? = arguments["query"],
              let query = try FullTextQuery.parse(text, format: format, dropStopWords: target.stems) else {
            // PostgreSQL matches nothing for an empty query (or one of stop words only).
            return .list([])
        }
        var threshold: Double?
        switch arguments["relevanceThreshold"] {
        case .double(let value)?: threshold = value
        case .int(let value)?: threshold = Double(value)
        default: break
        }
        let alias = builder.newAlias()
        let leaves = query.positiveLeaves
        if Self.sqliteHasFTS5, !Self.searchWithoutFTS5, let index = try? createSearchIndex(target) {
            defer { _ = try? database.execute("DROP TABLE IF EXISTS temp.\(index)") }
            let leaf: (FullTextQuery, inout [SQLiteValue]) -> String = { node, params in
                params.append(.text(Self.fts5Expression(node)))
                return "\(alias).rowid IN (SELECT rowid FROM temp.\(index) WHERE \(index) MATCH ?)"
            }
            var params: [SQLiteValue] = []
            let share = Self.share(leaves, leaf: leaf, params: &params)
            params.append(.text(leaves.map(Self.fts5Expression).joined(separator: " OR ")))
            let bm25 = "COALESCE((SELECT bm25(\(index)) FROM temp.\(index) WHERE \(index) MATCH ? AND rowid = \(alias).rowid), 0)"
            return try runSearch(target, query: query, ranking: (share, bm25), params: params, threshold: threshold, arguments: arguments, alias: alias, leaf: leaf)
        }
        let leaf: (FullTextQuery, inout [SQLiteValue]) -> String = { node, params in
            Self.likeCondition(node, columns: target.columns, alias: alias, params: &params)
        }
        var params: [SQLiteValue] = []
        let share = Self.share(leaves, leaf: leaf, params: &params)
        return try runSearch(target, query: query, ranking: (share, "0"), params: params, threshold: threshold, arguments: arguments, alias: alias, leaf: leaf)
    }

    /// The share of `leaves` a row matches, in [0, 1]: the relevance `relevanceThreshold` compares with.
    private static func share(_ leaves: [FullTextQuery], leaf: (FullTextQuery, inout [SQLiteValue]) -> String, params: inout [SQLiteValue]) -> String {
        guard !leaves.isEmpty else { return "0.0" }
        let parts = leaves.map { "(CASE WHEN \(leaf($0, &params)) THEN 1.0 ELSE 0.0 END)" }
        return "((\(parts.joined(separator: " + "))) / \(leaves.count).0)"
    }

    /// Creates `temp.sqlgen_search_<n>` (FTS5) over the table's searchable columns, keyed by rowid;
    /// throws when SQLite lacks FTS5.
    private func createSearchIndex(_ target: SearchTarget) throws(SQLiteError) -> String {
        let name = "sqlgen_search_\(builder.newAlias())"
        let columns = target.columns.indices.map { "c\($0)" }
        let tokenizer = target.stems ? "porter unicode61 remove_diacritics 2" : "unicode61 remove_diacritics 2"
        try database.execute("CREATE VIRTUAL TABLE temp.\(name) USING fts5(\(columns.joined(separator: ", ")), tokenize = '\(tokenizer)')")
        do {
            let source = target.columns.map { SchemaMigrator.quote($0.sqlName) }.joined(separator: ", ")
            try database.execute("INSERT INTO temp.\(name)(rowid, \(columns.joined(separator: ", "))) SELECT rowid, \(source) FROM \(SchemaMigrator.quote(target.table.sqlName))")
        } catch {
            _ = try? database.execute("DROP TABLE IF EXISTS temp.\(name)")
            throw error
        }
        return name
    }

    /// The search as one SELECT: the query's boolean tree over `leaf` conditions, `where`, the
    /// relevance threshold, `orderBy` (then relevance, then the tiebreak score, then insertion
    /// order), `limit`/`offset`. `params` already holds the ranking expressions' values.
    private func runSearch(_ target: SearchTarget, query: FullTextQuery, ranking: (relevance: String, tiebreak: String), params initial: [SQLiteValue],
                           threshold: Double?, arguments: [String: JSONValue], alias: String,
                           leaf: (FullTextQuery, inout [SQLiteValue]) -> String) throws(FieldFailure) -> Resolved {
        let table = target.table
        var params = initial
        var conditions = [Self.condition(query, leaf: leaf, params: &params)]
        conditions.append(try builder.filter(arguments["where"], table: table, alias: alias, params: &params))
        let order = try builder.order(arguments["orderBy"], table: table, alias: alias)
        let inner = "SELECT \(selectList(table, alias: alias)), \(ranking.relevance) AS fdc_relevance, \(ranking.tiebreak) AS fdc_tiebreak"
            + " FROM \(SchemaMigrator.quote(table.sqlName)) AS \(alias) WHERE "
            + conditions.map { "(\($0))" }.joined(separator: " AND ")
            + " ORDER BY " + (order + ["fdc_relevance DESC", "fdc_tiebreak", "\(alias).rowid"]).joined(separator: ", ")
        var sql = "SELECT * FROM (\(inner))"
        if let threshold {
            sql += " WHERE fdc_relevance >= ?"
            params.append(.real(threshold))
        }
        sql += limitClause(arguments, params: &params)
        let rows: [[SQLiteValue]]
        do {
            rows = try fetch(sql, params)
        } catch where error.message.contains("fts5") {
            throw FieldFailure("The search query cannot be read: \(error.message).")
        }
        return .list(rows.map { .object(.row(decodeRow(Array($0.dropLast(2)), table: table))) })
    }

    private static func condition(_ query: FullTextQuery, leaf: (FullTextQuery, inout [SQLiteValue]) -> String, params: inout [SQLiteValue]) -> String {
        switch query {
        case .term, .phrase: return leaf(query, &params)
        case .and(let items): return "(" + items.map { condition($0, leaf: leaf, params: &params) }.joined(separator: " AND ") + ")"
        case .or(let items): return "(" + items.map { condition($0, leaf: leaf, params: &params) }.joined(separator: " OR ") + ")"
        case .not(let inner): return "NOT " + condition(inner, leaf: leaf, params: &params)
        }
    }

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
    static func likeCondition(_ leaf: FullTextQuery, columns: [StoreColumn], alias: String, params: inout [SQLiteValue]) -> String {
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
            return "LOWER(\(SQLBuilder.column(alias, column))) LIKE ? ESCAPE '\\'"
        }
        return "(" + parts.joined(separator: " OR ") + ")"
    }
}
