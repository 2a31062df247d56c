// PostgreSQL's spelling of what `SQLQueryDialect` asks for: Data Connect's own SQL. Lists are
// arrays of the column's element type, Vector columns pgvector's `vector`, and every table has a
// hidden identity column that orders its rows by insertion (SQLite's rowid).

import SQLGenJSON

/// The SQL PostgreSQL speaks.
struct PostgreSQLDialect: SQLDialect {
    /// Whether the database has pgvector's `vector` extension (for Vector columns).
    let hasVectorExtension: Bool

    /// The column every table gets for the insertion order.
    static let insertionOrderName = "__sqlgen_row"

    var name: String { "PostgreSQL" }

    func quote(_ identifier: String) -> String { StandardSQL.quote(identifier) }

    func literal(_ value: SQLValue) -> String {
        StandardSQL.literal(value) { "CAST(\(StandardSQL.stringLiteral(PostgreSQLParameters.byteaText($0))) AS bytea)" }
    }

    var alwaysTrue: String { "TRUE" }
    var alwaysFalse: String { "FALSE" }

    var insertionOrderColumn: String { quote(Self.insertionOrderName) }

    /// Written as numbers, not parameters: a statement prepared once gets a generic plan after
    /// five runs, and a generic plan cannot know how few rows a LIMIT asks for (it would read and
    /// sort a whole table where an index gives the first hundred in order).
    func limitClause(limit: Int64?, offset: Int64, params: inout [SQLValue]) -> String {
        " LIMIT \(limit.map(String.init) ?? "ALL") OFFSET \(offset)"
    }

    func textContains(_ expression: String) -> String { "strpos(\(expression), ?) > 0" }

    func textStartsWith(_ expression: String, text: String) -> String { "starts_with(\(expression), ?)" }

    /// `right` counts characters, as PostgreSQL's strings do.
    func textEndsWith(_ expression: String, text: String) -> String { "right(\(expression), \(text.unicodeScalars.count)) = ?" }

    func like(_ expression: String, ignoreCase: Bool) -> String { "\(expression) \(ignoreCase ? "ILIKE" : "LIKE") ?" }

    func regexMatch(_ expression: String, ignoreCase: Bool) -> String { "\(expression) \(ignoreCase ? "~*" : "~") ?" }

    /// Checked with the engine SQLite uses, so a pattern both refuse is the client's error alike.
    func acceptsRegex(_ pattern: String, ignoreCase: Bool) -> Bool {
        (try? RegexPattern.compile(pattern, ignoreCase: ignoreCase)) != nil
    }

    func listContains(_ list: String) -> String { "? = ANY(\(list))" }

    /// Each writes `list` once, so the parameters of an update composed over it stay in text order.
    func listUpdate(_ update: ListUpdate, of list: String, column: StoreColumn) -> String {
        let type = columnType(column)
        let empty = "CAST('{}' AS \(type))"
        let current = "COALESCE(\(list), \(empty))"
        switch update {
        case .append: return "array_cat(\(current), CAST(? AS \(type)))"
        case .prepend: return "array_cat(CAST(? AS \(type)), \(current))"
        case .add:
            // The current items, then each new item that is neither among them nor earlier in the new ones.
            let items = "SELECT fdc_item, fdc_at FROM unnest(\(current)) WITH ORDINALITY AS fdc_old(fdc_item, fdc_at)"
                + " UNION ALL SELECT fdc_item, 2147483648 + fdc_at FROM unnest(CAST(? AS \(type))) WITH ORDINALITY AS fdc_new(fdc_item, fdc_at)"
            let ranked = "SELECT fdc_item, fdc_at, row_number() OVER (PARTITION BY fdc_item ORDER BY fdc_at) AS fdc_seen FROM (\(items)) AS fdc_all"
            return "(SELECT COALESCE(array_agg(fdc_item ORDER BY fdc_at), \(empty)) FROM (\(ranked)) AS fdc_ranked"
                + " WHERE fdc_at < 2147483648 OR fdc_seen = 1)"
        case .remove:
            return "(SELECT COALESCE(array_agg(fdc_item ORDER BY fdc_at), \(empty)) FROM unnest(\(current)) WITH ORDINALITY AS fdc_old(fdc_item, fdc_at)"
                + " WHERE NOT (fdc_item = ANY(CAST(? AS \(type)))))"
        }
    }

    func upsertClause(conflict: [String], updated: [String]) -> String {
        let target = " ON CONFLICT (\(conflict.joined(separator: ", ")))"
        guard !updated.isEmpty else { return target + " DO NOTHING" }
        return target + " DO UPDATE SET " + updated.map { $0 + " = excluded." + $0 }.joined(separator: ", ")
    }

    /// Replaces the row with the same key; without a key, keeps the existing row.
    func insertOrReplace(into table: String, columns: [String], key: [String]) -> String {
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let insert = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(marks))"
        guard !key.isEmpty else { return insert + " ON CONFLICT DO NOTHING" }
        return insert + upsertClause(conflict: key, updated: columns.filter { !key.contains($0) })
    }

    /// A list of row constructors: each compares with the columns, which give the parameters their types.
    var tupleListIntroducer: String { "" }

    /// pgvector's operators: `<->` (L2), `<=>` (cosine distance), `<#>` (negated inner product).
    func vectorDistance(_ column: String, to vector: [JSONValue], method: String, params: inout [SQLValue]) -> String {
        params.append(.text(JSONValue.array(vector).jsonText))
        let operation = switch method {
        case "L2": "<->"
        case "COSINE": "<=>"
        default: "<#>"
        }
        return "(\(column) \(operation) CAST(? AS vector))"
    }

    func isVectorDimensionMismatch(_ message: String) -> Bool { message.contains("different vector dimensions") }

    var failedStatementAbortsTransaction: Bool { true }

    var runsDataConnectSQL: Bool { true }

    func nativeParameter(_ number: Int) -> String { "$\(number)" }

    var connectionControlWords: Set<String> {
        ["BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE", "PREPARE", "SET", "RESET", "DISCARD", "LISTEN", "UNLISTEN"]
    }

    var readsQuestionMarkAsParameter: Bool { false }
}
