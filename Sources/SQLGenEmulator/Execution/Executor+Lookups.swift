// Root lookups (`movie(id:)`, `key:`, `first:`): the condition that selects one row, and the
// query that reads it.

import SQLGenJSON
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

extension Executor {
    /// The condition selecting one row by `id`, `key` or `first`, and `first`'s ordering.
    func lookupCondition(_ table: StoreTable, arguments: [String: JSONValue], alias: String, params: inout [SQLValue]) throws(FieldFailure) -> (String, [String]) {
        if let id = arguments["id"], !id.isNull {
            guard table.keyColumns.count == 1, let column = table.column(table.keyColumns[0]) else { throw FieldFailure("\"\(table.name)\" has no single \"id\" key.") }
            params.append(StorageCodec.sqlValue(id, typeName: column.typeName, isList: false))
            return ("\(dialect.column(alias, column)) = ?", [])
        }
        if case .string(let expression)? = arguments["id_expr"], let column = table.column(table.keyColumns.first ?? "") {
            params.append(StorageCodec.scalarSQLValue(try serverValues.evaluate(expression, typeName: column.typeName)))
            return ("\(dialect.column(alias, column)) = ?", [])
        }
        if let key = arguments["key"], !key.isNull {
            var parts: [String] = []
            for name in table.keyColumns {
                guard let column = table.column(name) else { continue }
                let value: JSONValue
                if let given = key[name], !given.isNull {
                    value = given
                } else if case .string(let expression)? = key[name + "_expr"] {
                    value = try serverValues.evaluate(expression, typeName: column.typeName)
                } else {
                    throw FieldFailure("The key of \"\(table.name)\" needs \"\(name)\".")
                }
                params.append(StorageCodec.sqlValue(value, typeName: column.typeName, isList: false))
                parts.append("\(dialect.column(alias, column)) = ?")
            }
            return (parts.joined(separator: " AND "), [])
        }
        if let first = arguments["first"], !first.isNull {
            let condition = try builder.filter(first["where"], table: table, alias: alias, params: &params)
            return (condition, try builder.order(first["orderBy"], table: table, alias: alias))
        }
        throw FieldFailure("Looking up a \"\(table.name)\" needs \"id\", \"key\" or \"first\".")
    }

    /// A SELECT of whole rows (the columns a selection needs) and its parameters.
    struct RowsQuery {
        var sql: String
        var params: [SQLValue]
        var columns: [StoreColumn]
    }

    /// The query of a root lookup (`movie(id:)`, `key:`, `first:`): at most one row.
    /// `columns`: the `neededColumns` when the caller has them (a `QueryPlan`'s selection).
    /// `planned`: a plan's selection on `table`, whose `columns` are always the same, which keeps
    /// the text made for the same alias and condition (the SQL of one lookup per request).
    func lookupQuery(_ table: StoreTable, arguments: [String: JSONValue], fields: [Field], columns known: [StoreColumn]? = nil,
                     planned: PlannedSelection? = nil) throws(FieldFailure) -> RowsQuery {
        let alias = builder.newAlias()
        var params: [SQLValue] = []
        let (condition, order) = try lookupCondition(table, arguments: arguments, alias: alias, params: &params)
        let columns = known ?? neededColumns(table, fields: fields)
        let sql = planned?.lookupSQL(alias: alias, condition: condition, order: order) { lookupText(table, alias, condition, order, columns) }
            ?? lookupText(table, alias, condition, order, columns)
        return RowsQuery(sql: sql, params: params, columns: columns)
    }

    private func lookupText(_ table: StoreTable, _ alias: String, _ condition: String, _ order: [String], _ columns: [StoreColumn]) -> String {
        let orderSQL = (order + rowOrder(table, alias: alias)).joined(separator: ", ")
        let orderClause = orderSQL.isEmpty ? "" : " ORDER BY \(orderSQL)"
        let select = columns.map { dialect.column(alias, $0) }.joined(separator: ", ")
        return "SELECT \(select) FROM \(dialect.quote(table.sqlName)) AS \(alias) WHERE \(condition)\(orderClause) LIMIT 1"
    }

    func lookup(_ table: StoreTable, arguments: [String: JSONValue], fields: [Field]) throws(FieldFailure) -> Resolved {
        let query = try lookupQuery(table, arguments: arguments, fields: fields)
        return try fetchRows(query.sql, query.params, table: table, columns: query.columns).first ?? .null
    }
}
