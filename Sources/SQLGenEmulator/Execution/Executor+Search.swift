// `<plural>_search(query:, queryFormat:, relevanceThreshold:, where:, orderBy:, limit:, offset:)`:
// full-text search over a table's `@searchable` columns. With SQLite's FTS5 (when the system
// SQLite has it) a table's columns are in its persistent FTS5 index (SchemaMigrator+Search), a
// view's are indexed in a temporary FTS5 table for the request; both use the Porter stemmer
// unless every column's language is "simple". Without FTS5, words match as case-insensitive
// substrings (LIKE), without stemming. The relevance is the share of the query's words and
// phrases a row contains (0 to 1), not PostgreSQL's `ts_rank`: `relevanceThreshold` compares
// with it, and rows rank by it, then (FTS5) by bm25, then in insertion order. The set of
// matching rows follows PostgreSQL's query syntax for each format.

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
    static let sqliteHasFTS5 = Database.hasFTS5

    /// Set by tests to run as on a SQLite without FTS5 on one that has it: search uses the LIKE
    /// fallback, and an engine opened meanwhile makes no search index (and drops its triggers).
    @TaskLocal static var searchWithoutFTS5 = false

    /// Whether search and the migrator use FTS5: SQLite has it and no test said otherwise.
    static var usesFTS5: Bool { sqliteHasFTS5 && !searchWithoutFTS5 }

    /// The table a `<plural>_search` field searches (from its `@fdc_generated` marker), with its searchable columns.
    func searchTarget(_ definition: GraphQLField) -> SearchTarget? {
        guard definition.name.hasSuffix("_search"),
              let generated = definition.directives.first(where: { $0.name.value == "fdc_generated" }),
              generated.arguments.contains(where: { $0.name.value == "purpose" && $0.value == .enumValue("QUERY_MULTIPLE_BY_SEARCH", $0.value.range) }),
              case .string(let from)? = generated.arguments.first(where: { $0.name.value == "from" })?.value,
              let table = model.tables[from.value] else { return nil }
        let columns = table.searchableColumns
        return columns.isEmpty ? nil : SearchTarget(table: table, columns: columns, stems: table.searchStems)
    }

    func fullTextSearch(_ target: SearchTarget, arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
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
        guard target.table.isView else { return try search(target, query: query, threshold: threshold, arguments: arguments) }
        // A view has no persistent index: SQLite has no triggers on views to keep one current, and
        // a view's rows have no rowid to key one by. Its rows are copied into a temporary table
        // for the request, which is then searched like a table without an index (a temporary
        // FTS5 index, or LIKE).
        let copy = "sqlgen_search_rows_\(builder.newAlias())"
        do {
            try database.execute("CREATE TEMP TABLE \(copy) AS SELECT * FROM \(SchemaMigrator.quote(target.table.sqlName))")
        } catch {
            _ = try? database.execute("DROP TABLE IF EXISTS temp.\(copy)")
            throw Self.failure(error)
        }
        defer { _ = try? database.execute("DROP TABLE IF EXISTS temp.\(copy)") }
        var copied = target
        copied.table.sqlName = copy
        return try search(copied, query: query, threshold: threshold, arguments: arguments)
    }

    /// Searches a table: with its persistent index when it has a current one, else with an index
    /// made for the request; with LIKE when SQLite lacks FTS5 (or a test says so).
    private func search(_ target: SearchTarget, query: FullTextQuery, threshold: Double?, arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
        let alias = builder.newAlias()
        let leaves = query.positiveLeaves
        if Self.usesFTS5 {
            if let index = persistentIndex(target.table) {
                let quoted = SchemaMigrator.quote(index)
                return try ftsSearch(target, query: query, index: (quoted, quoted), threshold: threshold, arguments: arguments, alias: alias)
            }
            if let index = try? createSearchIndex(target) {
                defer { _ = try? database.execute("DROP TABLE IF EXISTS temp.\(index)") }
                return try ftsSearch(target, query: query, index: ("temp." + index, index), threshold: threshold, arguments: arguments, alias: alias)
            }
        }
        let leaf: (FullTextQuery, inout [SQLiteValue]) -> String = { node, params in
            Self.likeCondition(node, columns: target.columns, alias: alias, params: &params)
        }
        var params: [SQLiteValue] = []
        let share = Self.share(leaves, leaf: leaf, params: &params)
        return try runSearch(target, query: query, ranking: (share, "0", ""), params: params, threshold: threshold, arguments: arguments, alias: alias, leaf: leaf)
    }

    /// The search through an FTS5 index: `table` is how FROM names it, `column` its hidden column
    /// of the same name (for MATCH and bm25).
    private func ftsSearch(_ target: SearchTarget, query: FullTextQuery, index: (table: String, column: String), threshold: Double?,
                           arguments: [String: JSONValue], alias: String) throws(FieldFailure) -> Resolved {
        let leaf: (FullTextQuery, inout [SQLiteValue]) -> String = { node, params in
            params.append(.text(Self.fts5Expression(node)))
            return "\(alias).rowid IN (SELECT rowid FROM \(index.table) WHERE \(index.column) MATCH ?)"
        }
        let leaves = query.positiveLeaves
        var params: [SQLiteValue] = []
        let share = Self.share(leaves, leaf: leaf, params: &params)
        params.append(.text(leaves.map(Self.fts5Expression).joined(separator: " OR ")))
        // bm25 of every matching row at once, joined by rowid (one FTS5 query, not one per row).
        let join = " LEFT JOIN (SELECT rowid AS fdc_rowid, bm25(\(index.column)) AS fdc_score FROM \(index.table) WHERE \(index.column) MATCH ?) AS fdc_ranked"
            + " ON fdc_ranked.fdc_rowid = \(alias).rowid"
        return try runSearch(target, query: query, ranking: (share, "COALESCE(fdc_ranked.fdc_score, 0)", join), params: params, threshold: threshold,
                             arguments: arguments, alias: alias, leaf: leaf)
    }

    /// The name of the table's persistent index when the database has it and its triggers as
    /// the migrator makes them for the current schema (so a search never reads an index of other
    /// columns, or one that writes stopped updating).
    private func persistentIndex(_ table: StoreTable) -> String? {
        guard let index = SearchIndex(table) else { return nil }
        let expected = [(index.name, index.createStatement)] + index.triggers
        let marks = Array(repeating: "?", count: expected.count).joined(separator: ", ")
        guard let rows = try? database.query("SELECT name, sql FROM sqlite_master WHERE name IN (\(marks))", expected.map { .text($0.0) }),
              rows.count == expected.count,
              expected.allSatisfy({ name, sql in rows.contains { $0 == [.text(name), .text(sql)] } }) else { return nil }
        return index.name
    }

    /// The share of `leaves` a row matches, in [0, 1]: the relevance `relevanceThreshold` compares with.
    private static func share(_ leaves: [FullTextQuery], leaf: (FullTextQuery, inout [SQLiteValue]) -> String, params: inout [SQLiteValue]) -> String {
        guard !leaves.isEmpty else { return "0.0" }
        let parts = leaves.map { "(CASE WHEN \(leaf($0, &params)) THEN 1.0 ELSE 0.0 END)" }
        return "((\(parts.joined(separator: " + "))) / \(leaves.count).0)"
    }

    /// Creates `temp.sqlgen_search_<n>` (FTS5) over the table's searchable columns, keyed by
    /// rowid, for a table without a persistent index; throws when SQLite lacks FTS5.
    private func createSearchIndex(_ target: SearchTarget) throws(SQLiteError) -> String {
        let name = "sqlgen_search_\(builder.newAlias())"
        let columns = target.columns.indices.map { "c\($0)" }
        try database.execute("CREATE VIRTUAL TABLE temp.\(name) USING fts5(\(columns.joined(separator: ", ")), tokenize = '\(SearchIndex.tokenizer(stems: target.stems))')")
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
    /// order), `limit`/`offset`. `params` already holds the values of the ranking expressions
    /// and of the ranking join (in that order, as they appear in the SQL).
    private func runSearch(_ target: SearchTarget, query: FullTextQuery, ranking: (relevance: String, tiebreak: String, join: String), params initial: [SQLiteValue],
                           threshold: Double?, arguments: [String: JSONValue], alias: String,
                           leaf: (FullTextQuery, inout [SQLiteValue]) -> String) throws(FieldFailure) -> Resolved {
        let table = target.table
        var params = initial
        var conditions = [Self.condition(query, leaf: leaf, params: &params)]
        conditions.append(try builder.filter(arguments["where"], table: table, alias: alias, params: &params))
        let order = try builder.order(arguments["orderBy"], table: table, alias: alias)
        let inner = "SELECT \(selectList(table, alias: alias)), \(ranking.relevance) AS fdc_relevance, \(ranking.tiebreak) AS fdc_tiebreak"
            + " FROM \(SchemaMigrator.quote(table.sqlName)) AS \(alias)\(ranking.join) WHERE "
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
