// SQLite's spelling of what `SQLQueryDialect` asks for. The functions `sqlgen_regexp` and
// `sqlgen_vector_distance` are registered on every connection (`SQLFunctions`); LIKE is
// case-sensitive because every connection sets `case_sensitive_like`, as PostgreSQL's is.

import SQLGenJSON

/// The SQL SQLite speaks.
struct SQLiteDialect: SQLDialect {
    var name: String { "SQLite" }

    func quote(_ identifier: String) -> String { StandardSQL.quote(identifier) }

    func literal(_ value: SQLValue) -> String {
        StandardSQL.literal(value) { bytes in
            let hex = Array("0123456789ABCDEF".utf8)
            return "X'" + String(decoding: bytes.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] }, as: UTF8.self) + "'"
        }
    }

    var alwaysTrue: String { "1" }
    var alwaysFalse: String { "0" }

    var insertionOrderColumn: String { "rowid" }

    /// A negative limit is none.
    func limitClause(limit: Int64?, offset: Int64, params: inout [SQLValue]) -> String {
        params.append(.integer(limit ?? -1))
        params.append(.integer(offset))
        return " LIMIT ? OFFSET ?"
    }

    func textContains(_ expression: String) -> String { "instr(\(expression), ?) > 0" }

    func textStartsWith(_ expression: String, text: String) -> String { textStartsWith(expression, byteCount: text.utf8.count) }
    func textEndsWith(_ expression: String, text: String) -> String { textEndsWith(expression, byteCount: text.utf8.count) }

    func textStartsWith(_ expression: String, byteCount: Int) -> String { "substr(\(expression), 1, \(byteCount)) = ?" }

    func textEndsWith(_ expression: String, byteCount: Int) -> String {
        "(\(byteCount) = 0 OR substr(\(expression), -\(max(1, byteCount))) = ?)"
    }

    func like(_ expression: String, ignoreCase: Bool) -> String {
        ignoreCase ? "lower(\(expression)) LIKE lower(?)" : "\(expression) LIKE ?"
    }

    func regexMatch(_ expression: String, ignoreCase: Bool) -> String {
        "sqlgen_regexp(\(expression), ?, \(ignoreCase ? 1 : 0))"
    }

    func acceptsRegex(_ pattern: String, ignoreCase: Bool) -> Bool {
        (try? SQLFunctions.compileRegex(pattern, ignoreCase: ignoreCase)) != nil
    }

    /// Lists are stored as JSON text.
    func listContains(_ list: String) -> String {
        "EXISTS (SELECT 1 FROM json_each(\(list)) WHERE value = ?)"
    }

    func listUpdate(_ update: ListUpdate, of list: String, column: StoreColumn) -> String { listUpdate(update, of: list) }

    func listUpdate(_ update: ListUpdate, of list: String) -> String {
        let current = "json_each(COALESCE(\(list), '[]'))"
        switch update {
        case .append: return "(SELECT json_group_array(value) FROM (SELECT value FROM \(current) UNION ALL SELECT value FROM json_each(?)))"
        case .prepend: return "(SELECT json_group_array(value) FROM (SELECT value FROM json_each(?) UNION ALL SELECT value FROM \(current)))"
        case .add: return "(SELECT json_group_array(value) FROM (SELECT value FROM \(current) UNION SELECT value FROM json_each(?)))"
        case .remove: return "(SELECT json_group_array(value) FROM (SELECT value FROM \(current) WHERE value NOT IN (SELECT value FROM json_each(?))))"
        }
    }

    func upsertClause(conflict: [String], updated: [String]) -> String {
        let target = " ON CONFLICT (\(conflict.joined(separator: ", ")))"
        guard !updated.isEmpty else { return target + " DO NOTHING" }
        return target + " DO UPDATE SET " + updated.map { $0 + " = excluded." + $0 }.joined(separator: ", ")
    }

    /// SQLite replaces the rows of any unique conflict: the key needs no naming.
    func insertOrReplace(into table: String, columns: [String], key: [String]) -> String { insertOrReplace(into: table, columns: columns) }

    var tupleListIntroducer: String { "VALUES " }

    func insertOrReplace(into table: String, columns: [String]) -> String {
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT OR REPLACE INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(marks))"
    }

    func vectorDistance(_ column: String, to vector: [JSONValue], method: String, params: inout [SQLValue]) -> String {
        params.append(.text(JSONValue.array(vector).jsonText))
        params.append(.text(method))
        return "sqlgen_vector_distance(\(column), ?, ?)"
    }

    func isVectorDimensionMismatch(_ message: String) -> Bool {
        message.contains(SQLFunctions.dimensionErrorPrefix)
    }

    /// A failed statement undoes its own changes only.
    var failedStatementAbortsTransaction: Bool { false }

    var runsDataConnectSQL: Bool { false }

    func nativeParameter(_ number: Int) -> String { "?\(number)" }

    var connectionControlWords: Set<String> { ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "PRAGMA"] }

    var readsQuestionMarkAsParameter: Bool { true }
}
