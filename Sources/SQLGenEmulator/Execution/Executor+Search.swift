// `<plural>_search(query:, queryFormat:, relevanceThreshold:, where:, orderBy:, limit:, offset:)`:
// full-text search over a table's `@searchable` columns. A database with a text search of its own
// as Data Connect uses it (PostgreSQL) parses, matches and ranks (`ts_rank`). Elsewhere the
// emulator parses the query as PostgreSQL would for each format, and searches through the table's
// persistent index when the database has a current one, else an index made for the request, else
// (a database without full-text indexes) substring matches; the dialect writes each. There the
// relevance is the share of the query's words and phrases a row contains (0 to 1):
// `relevanceThreshold` compares with it, and rows rank by it, then by the index's score, then in
// insertion order.

import SQLGenJSON
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
        let alias = builder.newAlias()
        var params: [SQLValue] = []
        if let search = dialect.textSearch(text, format: format, columns: target.columns, alias: alias, params: &params) {
            // The database parses, matches and ranks; its rank is what `relevanceThreshold` compares with.
            return try searchRows(target.table, alias: alias, from: search.from, conditions: [search.condition], ranking: [search.rank],
                                  order: ["fdc_relevance DESC"] + rowOrder(target.table, alias: alias), threshold: threshold, arguments: arguments, params: params)
        }
        guard target.table.isView else { return try search(target, query: query, threshold: threshold, arguments: arguments) }
        // A view has no persistent index: a database keeps none current on a view, and a view's
        // rows have no insertion order to key one by. Its rows are copied into a temporary table
        // for the request, which is then searched like a table without an index.
        let copy = "sqlgen_search_rows_\(builder.newAlias())"
        let statements = dialect.temporaryCopy(of: target.table.sqlName, named: copy)
        do {
            try database.execute(statements.create)
        } catch {
            _ = try? database.execute(statements.drop)
            throw Self.failure(error)
        }
        defer { _ = try? database.execute(statements.drop) }
        var copied = target
        copied.table.sqlName = copy
        return try search(copied, query: query, threshold: threshold, arguments: arguments)
    }

    /// Searches a table: with its persistent index when it has a current one, else with an index
    /// made for the request, else with the columns themselves.
    private func search(_ target: SearchTarget, query: FullTextQuery, threshold: Double?, arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
        let alias = builder.newAlias()
        if let index = dialect.persistentSearchIndex(of: target.table, on: database) {
            return try runSearch(target, query: query, source: index, threshold: threshold, arguments: arguments, alias: alias)
        }
        if dialect.hasFullTextIndexes,
           let index = dialect.temporarySearchIndex(named: "sqlgen_search_\(builder.newAlias())", columns: target.columns, of: target.table.sqlName,
                                                    stems: target.stems),
           createTemporary(index.create, drop: index.drop) {
            defer { _ = try? database.execute(index.drop) }
            return try runSearch(target, query: query, source: index.source, threshold: threshold, arguments: arguments, alias: alias)
        }
        return try runSearch(target, query: query, source: .columns(target.columns), threshold: threshold, arguments: arguments, alias: alias)
    }

    /// Runs the statements making a temporary index; on failure drops what they made and says so.
    private func createTemporary(_ statements: [String], drop: String) -> Bool {
        do {
            for statement in statements { try database.execute(statement) }
            return true
        } catch {
            _ = try? database.execute(drop)
            return false
        }
    }

    /// The share of `leaves` a row matches, in [0, 1]: the relevance `relevanceThreshold` compares with.
    private func share(_ leaves: [FullTextQuery], source: SearchSource, alias: String, params: inout [SQLValue]) -> String {
        guard !leaves.isEmpty else { return "0.0" }
        let parts = leaves.map { "(CASE WHEN \(dialect.searchCondition($0, in: source, alias: alias, params: &params)) THEN 1.0 ELSE 0.0 END)" }
        return "((\(parts.joined(separator: " + "))) / \(leaves.count).0)"
    }

    /// The search as one SELECT: the relevance and the tiebreak score, the query's boolean tree
    /// over the leaves' conditions, `where`, the relevance threshold, `orderBy` (then relevance,
    /// then the tiebreak score, then insertion order), `limit`/`offset`. Parameters bind in the
    /// order the text holds them: the ranking's, the tiebreak join's, then the conditions'.
    private func runSearch(_ target: SearchTarget, query: FullTextQuery, source: SearchSource, threshold: Double?,
                           arguments: [String: JSONValue], alias: String) throws(FieldFailure) -> Resolved {
        var params: [SQLValue] = []
        let leaves = query.positiveLeaves
        let relevance = share(leaves, source: source, alias: alias, params: &params)
        let tiebreak = dialect.searchTiebreak(leaves, in: source, alias: alias, params: &params)
        let conditions = [condition(query, source: source, alias: alias, params: &params)]
        return try searchRows(target.table, alias: alias, from: tiebreak.join, conditions: conditions, ranking: [relevance, tiebreak.score],
                              order: ["fdc_relevance DESC", "fdc_tiebreak", alias + "." + dialect.insertionOrderColumn], threshold: threshold, arguments: arguments, params: params)
    }

    /// The search as one SELECT of the rows of `table` (as `alias`) joined with `from`, meeting
    /// `conditions` and `where`, with the `ranking` values (the relevance first) as extra columns;
    /// ordered by `orderBy`, then `order`; the relevance threshold and
    /// `limit`/`offset` applied to the whole.
    private func searchRows(_ table: StoreTable, alias: String, from: String, conditions: [String], ranking: [String], order: [String],
                            threshold: Double?, arguments: [String: JSONValue], params: [SQLValue]) throws(FieldFailure) -> Resolved {
        var params = params
        let conditions = conditions + [try builder.filter(arguments["where"], table: table, alias: alias, params: &params)]
        let userOrder = try builder.order(arguments["orderBy"], table: table, alias: alias)
        let names = ["fdc_relevance", "fdc_tiebreak"]
        let rankColumns = ranking.enumerated().map { "\($0.element) AS \(names[min($0.offset, 1)])" }
        let inner = "SELECT \(selectList(table, alias: alias)), \(rankColumns.joined(separator: ", "))"
            + " FROM \(dialect.quote(table.sqlName)) AS \(alias)\(from) WHERE "
            + conditions.map { "(\($0))" }.joined(separator: " AND ")
            + " ORDER BY " + (userOrder + order).joined(separator: ", ")
        var sql = "SELECT * FROM (\(inner)) AS fdc_rows"
        if let threshold {
            sql += " WHERE fdc_relevance >= ?"
            params.append(.real(threshold))
        }
        sql += limitClause(arguments, params: &params)
        let rows: [[SQLValue]]
        do {
            rows = try fetch(sql, params)
        } catch where dialect.isSearchQueryError(error.message) {
            throw FieldFailure("The search query cannot be read: \(error.message).")
        }
        return .list(rows.map { .object(.row(decodeRow(Array($0.dropLast(ranking.count)), table: table))) })
    }

    private func condition(_ query: FullTextQuery, source: SearchSource, alias: String, params: inout [SQLValue]) -> String {
        switch query {
        case .term, .phrase: return dialect.searchCondition(query, in: source, alias: alias, params: &params)
        case .and(let items): return "(" + items.map { condition($0, source: source, alias: alias, params: &params) }.joined(separator: " AND ") + ")"
        case .or(let items): return "(" + items.map { condition($0, source: source, alias: alias, params: &params) }.joined(separator: " OR ") + ")"
        case .not(let inner): return "NOT " + condition(inner, source: source, alias: alias, params: &params)
        }
    }
}
