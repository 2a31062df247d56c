// Aggregate expressions (`_count`, `rating_avg`...) and the `having:` conditions on them.

import SQLGenJSON

extension SQLBuilder {
    static let aggregateSuffixes = ["_count", "_sum", "_avg", "_min", "_max"]

    /// Whether `name` is an aggregate field of `table`.
    static func isAggregate(_ name: String, table: StoreTable) -> Bool {
        name == "_count" || aggregateSuffixes.contains { name.hasSuffix($0) && table.column(String(name.dropLast($0.count))) != nil }
    }

    /// The SQL of aggregate field `name` of `table` and its result type, nil when `name` is not one.
    func aggregate(_ name: String, table: StoreTable, alias: String, distinct: Bool) -> (sql: String, typeName: String)? {
        if name == "_count" { return ("COUNT(*)", "Int") }
        guard let suffix = Self.aggregateSuffixes.first(where: { name.hasSuffix($0) }),
              let column = table.column(String(name.dropLast(suffix.count))) else { return nil }
        let distinctSQL = distinct ? "DISTINCT " : ""
        let sqlColumn = dialect.column(alias, column)
        switch suffix {
        case "_count": return ("COUNT(\(distinctSQL)\(sqlColumn))", "Int")
        case "_sum": return ("SUM(\(distinctSQL)\(sqlColumn))", column.typeName)
        case "_avg": return ("AVG(\(distinctSQL)\(sqlColumn))", "Float")
        case "_min": return ("MIN(\(sqlColumn))", column.typeName)
        default: return ("MAX(\(sqlColumn))", column.typeName)
        }
    }

    /// ` HAVING ...` for a coerced `T_Having` (each member a scalar filter on one aggregate), or "".
    func havingClause(_ having: JSONValue?, table: StoreTable, alias: String, params: inout [SQLValue]) throws(FieldFailure) -> String {
        guard case .object(let members)? = having else { return "" }
        var conditions: [String] = []
        for member in members where !member.value.isNull {
            guard let (expression, typeName) = aggregate(member.key, table: table, alias: alias, distinct: false) else {
                throw FieldFailure("Unknown aggregate \"\(member.key)\" in \"having\" on \"\(table.name)\".")
            }
            let column = StoreColumn(name: member.key, sqlName: member.key, typeName: typeName, isList: false, isNonNull: false, isEnum: false,
                                     defaultValue: nil, isUnique: false)
            conditions += try scalarFilter(member.value, column: column, sqlColumn: expression, params: &params)
        }
        return conditions.isEmpty ? "" : " HAVING " + conditions.joined(separator: " AND ")
    }

    /// `having` filters groups, which only exist when the selection holds an aggregate field.
    static func requireNoHaving(_ having: JSONValue?) throws(FieldFailure) {
        guard case .object(let members)? = having, members.contains(where: { !$0.value.isNull }) else { return }
        throw FieldFailure("\"having\" filters groups of aggregates: select an aggregate field such as \"_count\" (plain fields then group the rows).")
    }
}
