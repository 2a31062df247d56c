// Reading tables: root lookups and lists, columns, references, relations (`_on_`, `_via_`) and
// aggregates. Relations of all the rows at one position load together (one query per relation
// per level, parents matched with `IN (...)`), never one query per row.

import SQLGenLanguage
import SQLGenSchema

extension Executor {
    /// Parents per relation query; SQLite allows far more parameters, this keeps statements small.
    static let batchSize = 500

    func objectType(_ table: StoreTable) throws(FieldFailure) -> GraphQLObjectType {
        guard let type = schema.objectType(named: table.name) else { throw .internal("No object type \"\(table.name)\".") }
        return type
    }

    // MARK: SQL helpers

    func selectList(_ table: StoreTable, alias: String) -> String {
        table.columns.map { SQLBuilder.column(alias, $0) }.joined(separator: ", ")
    }

    func fetch(_ sql: String, _ params: [SQLiteValue]) throws(FieldFailure) -> [[SQLiteValue]] {
        let rows: [[SQLiteValue]]
        do {
            rows = try database.query(sql, params)
        } catch {
            throw Self.failure(error)
        }
        rowsLoaded += rows.count
        if rowsLoaded > limits.maxRows {
            throw FieldFailure("The operation loads too many rows (more than \(limits.maxRows)); lower the limits of its lists.", code: "RESOURCE_EXHAUSTED")
        }
        return rows
    }

    static func failure(_ error: SQLiteError) -> FieldFailure {
        if error.isConstraintViolation {
            return FieldFailure("Constraint violated: \(error.message).", code: error.message.contains("UNIQUE") || error.message.contains("PRIMARY") ? "ALREADY_EXISTS" : "FAILED_PRECONDITION")
        }
        return .internal("SQLite error: \(error.message).")
    }

    func decodeRow(_ values: [SQLiteValue], table: StoreTable) -> TableRow {
        TableRow(table: table.name, index: table.columnIndex, cells: values)
    }

    func limitClause(_ arguments: [String: JSONValue], params: inout [SQLiteValue]) -> String {
        var limit: Int64 = -1
        if case .int(let value)? = arguments["limit"] { limit = max(0, value) }
        var offset: Int64 = 0
        if case .int(let value)? = arguments["offset"] { offset = max(0, value) }
        params.append(.integer(limit))
        params.append(.integer(offset))
        return " LIMIT ? OFFSET ?"
    }

    // MARK: Root fields

    func resolveRootField(_ definition: GraphQLField, fields: [Field], arguments: [String: JSONValue], path: ResponsePath?) throws(FieldFailure) -> Resolved {
        if let native = NativeSQLField(definitionName: definition.name, directives: definition.directives) {
            return try nativeSQL(native, fields: fields, arguments: arguments)
        }
        if let target = searchTarget(definition) {
            return try fullTextSearch(target, arguments: arguments)
        }
        if let (tableName, columnName) = model.similarityFields[definition.name], let table = model.tables[tableName], let column = table.column(columnName) {
            return try similarity(table, column: column, arguments: arguments)
        }
        guard let (tableName, action) = model.rootFields[definition.name], let table = model.tables[tableName] else {
            throw FieldFailure("The emulator cannot resolve field \"\(definition.name)\".", code: "UNIMPLEMENTED")
        }
        switch action {
        case .single: return try lookup(table, arguments: arguments)
        case .list: return try list(table, arguments: arguments, fields: fields)
        default:
            if table.isView {
                throw FieldFailure("\"\(table.name)\" is a @view, which is read-only: change the tables its SQL reads instead.", code: "FAILED_PRECONDITION")
            }
            return try mutate(table, action: action, arguments: arguments)
        }
    }

    /// The condition selecting one row by `id`, `key` or `first`, and `first`'s ordering.
    func lookupCondition(_ table: StoreTable, arguments: [String: JSONValue], alias: String, params: inout [SQLiteValue]) throws(FieldFailure) -> (String, [String]) {
        if let id = arguments["id"], !id.isNull {
            guard table.keyColumns.count == 1, let column = table.column(table.keyColumns[0]) else { throw FieldFailure("\"\(table.name)\" has no single \"id\" key.") }
            params.append(StorageCodec.sqlValue(id, typeName: column.typeName, isList: false))
            return ("\(SQLBuilder.column(alias, column)) = ?", [])
        }
        if case .string(let expression)? = arguments["id_expr"], let column = table.column(table.keyColumns.first ?? "") {
            params.append(StorageCodec.scalarSQLValue(try serverValues.evaluate(expression, typeName: column.typeName)))
            return ("\(SQLBuilder.column(alias, column)) = ?", [])
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
                parts.append("\(SQLBuilder.column(alias, column)) = ?")
            }
            return (parts.joined(separator: " AND "), [])
        }
        if let first = arguments["first"], !first.isNull {
            let condition = try builder.filter(first["where"], table: table, alias: alias, params: &params)
            return (condition, try builder.order(first["orderBy"], table: table, alias: alias))
        }
        throw FieldFailure("Looking up a \"\(table.name)\" needs \"id\", \"key\" or \"first\".")
    }

    private func lookup(_ table: StoreTable, arguments: [String: JSONValue]) throws(FieldFailure) -> Resolved {
        let alias = builder.newAlias()
        var params: [SQLiteValue] = []
        let (condition, order) = try lookupCondition(table, arguments: arguments, alias: alias, params: &params)
        let orderSQL = (order + rowOrder(table, alias: alias)).joined(separator: ", ")
        let orderClause = orderSQL.isEmpty ? "" : " ORDER BY \(orderSQL)"
        let rows = try fetch("SELECT \(selectList(table, alias: alias)) FROM \(SchemaMigrator.quote(table.sqlName)) AS \(alias) WHERE \(condition)\(orderClause) LIMIT 1", params)
        guard let row = rows.first else { return .null }
        return .object(.row(decodeRow(row, table: table)))
    }

    private func list(_ table: StoreTable, arguments: [String: JSONValue], fields: [Field]) throws(FieldFailure) -> Resolved {
        let alias = builder.newAlias()
        var params: [SQLiteValue] = []
        let condition = try builder.filter(arguments["where"], table: table, alias: alias, params: &params)
        let order = try builder.order(arguments["orderBy"], table: table, alias: alias)
        let from = " FROM \(SchemaMigrator.quote(table.sqlName)) AS \(alias) WHERE \(condition)"
        if let plan = try aggregatePlan(table, fields: fields, alias: alias) {
            var sql = "SELECT " + plan.select.joined(separator: ", ") + from
            if !plan.groupBy.isEmpty { sql += " GROUP BY " + plan.groupBy.joined(separator: ", ") }
            sql += try builder.havingClause(arguments["having"], table: table, alias: alias, params: &params)
            if !order.isEmpty { sql += " ORDER BY " + order.joined(separator: ", ") }
            sql += limitClause(arguments, params: &params)
            return .list(try fetch(sql, params).map { .object(.row(plan.decode($0, table))) })
        }
        try SQLBuilder.requireNoHaving(arguments["having"])
        if arguments["distinct"] == .bool(true) {
            // Distinct over the selected columns only (relations of distinct rows have no key to follow).
            let columns = try selectedColumns(table, fields: fields)
            let select = columns.isEmpty ? "1" : columns.map { SQLBuilder.column(alias, $0) }.joined(separator: ", ")
            var sql = "SELECT DISTINCT " + select + from
            if !order.isEmpty { sql += " ORDER BY " + order.joined(separator: ", ") }
            sql += limitClause(arguments, params: &params)
            let index = Dictionary(columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            return .list(try fetch(sql, params).map { .object(.row(TableRow(table: table.name, index: index, cells: $0))) })
        }
        var sql = "SELECT " + selectList(table, alias: alias) + from
        let orderSQL = (order + rowOrder(table, alias: alias)).joined(separator: ", ")
        if !orderSQL.isEmpty { sql += " ORDER BY " + orderSQL }
        sql += limitClause(arguments, params: &params)
        return .list(try fetch(sql, params).map { .object(.row(decodeRow($0, table: table))) })
    }

    /// The tiebreak that keeps list order stable: insertion order for tables; views have no rowid.
    func rowOrder(_ table: StoreTable, alias: String) -> [String] {
        table.isView ? [] : ["\(alias).rowid"]
    }

    /// The columns a selection reads directly.
    func selectedColumns(_ table: StoreTable, fields: [Field]) throws(FieldFailure) -> [StoreColumn] {
        var columns: [StoreColumn] = []
        for (_, nodes) in collectFields(try objectType(table), subSelections(fields)) {
            guard let name = nodes.first?.name.value, let column = table.column(name), !columns.contains(where: { $0.name == name }) else { continue }
            columns.append(column)
        }
        return columns
    }

    // MARK: Aggregates

    struct AggregatePlan {
        var select: [String]
        var groupBy: [String]
        /// (response key, kind, column) per aggregate, in select order after the plain columns.
        var plainColumns: [StoreColumn]
        var aggregates: [(key: String, typeName: String)]

        func decode(_ values: [SQLiteValue], _ table: StoreTable) -> TableRow {
            let index = Dictionary(plainColumns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            var row = TableRow(table: table.name, index: index, cells: Array(values.prefix(plainColumns.count)))
            for (offset, aggregate) in aggregates.enumerated() {
                let index = plainColumns.count + offset
                guard index < values.count else { continue }
                row.aggregates[aggregate.key] = StorageCodec.wireValue(values[index], typeName: aggregate.typeName, isList: false)
            }
            return row
        }
    }

    /// A GROUP BY plan when the selection holds aggregate fields (`_count`, `rating_avg`), else nil.
    func aggregatePlan(_ table: StoreTable, fields: [Field], alias: String) throws(FieldFailure) -> AggregatePlan? {
        let selected = collectFields(try objectType(table), subSelections(fields))
        var plain: [StoreColumn] = []
        var aggregates: [(key: String, typeName: String)] = []
        var expressions: [String] = []
        for (key, nodes) in selected {
            guard let node = nodes.first else { continue }
            let name = node.name.value
            if let column = table.column(name) {
                if !plain.contains(where: { $0.name == column.name }) { plain.append(column) }
                continue
            }
            let distinct = isTrue(node.arguments.first { $0.name.value == "distinct" }?.value)
            guard let (expression, typeName) = SQLBuilder.aggregate(name, table: table, alias: alias, distinct: distinct) else { continue }
            aggregates.append((key, typeName))
            expressions.append(expression)
        }
        guard !aggregates.isEmpty else { return nil }
        let plainSQL = plain.map { SQLBuilder.column(alias, $0) }
        return AggregatePlan(select: plainSQL + expressions, groupBy: plainSQL, plainColumns: plain, aggregates: aggregates)
    }

    // MARK: Fields of rows

    func resolveRowField(_ type: GraphQLObjectType, _ definition: GraphQLField, fields: [Field], arguments: [String: JSONValue],
                         rows: [TableRow?]) throws(FieldFailure) -> [Resolved] {
        guard let table = model.tables[type.name] else { throw .internal("\"\(type.name)\" is not a table.") }
        let name = definition.name
        let key = fields.first?.responseKey ?? name
        if let column = table.column(name) {
            return rows.map { row in
                guard let row else { return .null }
                if let value = row[column.name] { return .value(StorageCodec.wireValue(value, typeName: column.typeName, isList: column.isList)) }
                return .value(row.aggregates[key] ?? .null)
            }
        }
        if rows.contains(where: { $0?.aggregates[key] != nil }) {
            return rows.map { .value($0?.aggregates[key] ?? .null) }
        }
        if let reference = table.reference(name) {
            return try loadReference(reference, rows: rows, table: table)
        }
        if let relation = table.relations[name] {
            return try loadRelation(relation, rows: rows, table: table, arguments: arguments, fields: fields)
        }
        if name == "_count" || SQLBuilder.aggregateSuffixes.contains(where: { name.hasSuffix($0) }) {
            // An aggregate outside an aggregate query: a single row counts as a group of one.
            return rows.map { _ in .value(name.hasSuffix("_count") ? .int(1) : .null) }
        }
        throw FieldFailure("The emulator cannot resolve field \"\(type.name).\(name)\".", code: "UNIMPLEMENTED")
    }

    /// The tuple condition `(a, b) IN (VALUES (?, ?), ...)` (or `a IN (?, ...)`) for `tuples`.
    func tupleCondition(_ columns: [String], _ tuples: [[SQLiteValue]], params: inout [SQLiteValue]) -> String {
        guard !tuples.isEmpty else { return "0" }
        for tuple in tuples { params += tuple }
        if columns.count == 1 {
            return "\(columns[0]) IN (" + Array(repeating: "?", count: tuples.count).joined(separator: ", ") + ")"
        }
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "(" + columns.joined(separator: ", ") + ") IN (VALUES " + Array(repeating: row, count: tuples.count).joined(separator: ", ") + ")"
    }

    /// Forward references (`review { movie { title } }`): the targets of all rows in one query per batch.
    private func loadReference(_ reference: StoreReference, rows: [TableRow?], table: StoreTable) throws(FieldFailure) -> [Resolved] {
        guard let target = model.tables[reference.target] else { throw .internal("Unknown table \"\(reference.target)\".") }
        let tuples = rows.map { row -> [SQLiteValue]? in
            guard let row else { return nil }
            let tuple = reference.foreignKeys.map { row[$0] ?? .null }
            return tuple.contains(.null) ? nil : tuple
        }
        var unique: [[SQLiteValue]] = []
        var seen: Set<[SQLiteValue]> = []
        for case let tuple? in tuples where seen.insert(tuple).inserted { unique.append(tuple) }
        let targetColumns = reference.targetColumns.compactMap(target.column)
        var found: [[SQLiteValue]: TableRow] = [:]
        var start = 0
        while start < unique.count {
            let batch = Array(unique[start..<min(unique.count, start + Self.batchSize)])
            start += Self.batchSize
            let alias = builder.newAlias()
            var params: [SQLiteValue] = []
            let condition = tupleCondition(targetColumns.map { SQLBuilder.column(alias, $0) }, batch, params: &params)
            for values in try fetch("SELECT \(selectList(target, alias: alias)) FROM \(SchemaMigrator.quote(target.sqlName)) AS \(alias) WHERE \(condition)", params) {
                let row = decodeRow(values, table: target)
                found[targetColumns.map { row[$0.name] ?? .null }] = row
            }
        }
        return tuples.map { tuple in
            guard let tuple, let row = found[tuple] else { return .null }
            return .object(.row(row))
        }
    }

    /// `_on_` and `_via_` relations for all rows: one query per batch, grouped by parent key.
    private func loadRelation(_ relation: StoreRelation, rows: [TableRow?], table: StoreTable, arguments: [String: JSONValue],
                              fields: [Field]) throws(FieldFailure) -> [Resolved] {
        // The parent columns each relation row points at, and the SQL columns holding that pointer.
        let parentColumns: [String]
        let resultTable: StoreTable
        let argumentTable: StoreTable
        let fromSQL: (String, String) -> String
        let pointerColumns: (String, String) -> [String]
        switch relation.kind {
        case .inverse(let childName, let referenceName):
            guard let child = model.tables[childName], let reference = child.reference(referenceName) else { throw .internal("Unknown relation \"\(relation.name)\".") }
            parentColumns = reference.targetColumns
            resultTable = child
            argumentTable = child
            fromSQL = { alias, _ in "\(SchemaMigrator.quote(child.sqlName)) AS \(alias)" }
            pointerColumns = { alias, _ in reference.foreignKeys.compactMap(child.column).map { SQLBuilder.column(alias, $0) } }
        case .via(let joinName, let nearName, let farName):
            guard let join = model.tables[joinName], let near = join.reference(nearName), let far = join.reference(farName),
                  let farTable = model.tables[far.target] else { throw .internal("Unknown relation \"\(relation.name)\".") }
            parentColumns = near.targetColumns
            resultTable = farTable
            argumentTable = join
            let farJoin: (String, String) -> String = { joinAlias, farAlias in
                zip(far.foreignKeys.compactMap(join.column), far.targetColumns.compactMap(farTable.column)).map {
                    SQLBuilder.column(joinAlias, $0.0) + " = " + SQLBuilder.column(farAlias, $0.1)
                }.joined(separator: " AND ")
            }
            fromSQL = { joinAlias, farAlias in
                "\(SchemaMigrator.quote(join.sqlName)) AS \(joinAlias) JOIN \(SchemaMigrator.quote(farTable.sqlName)) AS \(farAlias) ON \(farJoin(joinAlias, farAlias))"
            }
            pointerColumns = { joinAlias, _ in near.foreignKeys.compactMap(join.column).map { SQLBuilder.column(joinAlias, $0) } }
        }
        let tuples = rows.map { row -> [SQLiteValue]? in
            guard let row else { return nil }
            let tuple = parentColumns.map { row[$0] ?? .null }
            return tuple.contains(.null) ? nil : tuple
        }
        var unique: [[SQLiteValue]] = []
        var seen: Set<[SQLiteValue]> = []
        for case let tuple? in tuples where seen.insert(tuple).inserted { unique.append(tuple) }

        var grouped: [[SQLiteValue]: [TableRow]] = [:]
        var start = 0
        while start < unique.count {
            let batch = Array(unique[start..<min(unique.count, start + Self.batchSize)])
            start += Self.batchSize
            let argumentAlias = builder.newAlias()
            let resultAlias = argumentTable.name == resultTable.name && !relationIsVia(relation) ? argumentAlias : builder.newAlias()
            var params: [SQLiteValue] = []
            let pointers = pointerColumns(argumentAlias, resultAlias)
            let condition = tupleCondition(pointers, batch, params: &params)
            let filter = try builder.filter(arguments["where"], table: argumentTable, alias: argumentAlias, params: &params)
            let order = try builder.order(arguments["orderBy"], table: argumentTable, alias: argumentAlias)
            let from = " FROM " + fromSQL(argumentAlias, resultAlias) + " WHERE \(condition) AND (\(filter))"
            if let plan = try aggregatePlan(resultTable, fields: fields, alias: resultAlias) {
                var sql = "SELECT " + (plan.select + pointers).joined(separator: ", ") + from + " GROUP BY " + (pointers + plan.groupBy).joined(separator: ", ")
                sql += try builder.havingClause(arguments["having"], table: resultTable, alias: resultAlias, params: &params)
                if !order.isEmpty { sql += " ORDER BY " + order.joined(separator: ", ") }
                for values in try fetch(sql, params) {
                    let split = values.count - pointers.count
                    grouped[Array(values[split...]), default: []].append(plan.decode(Array(values[..<split]), resultTable))
                }
                continue
            }
            try SQLBuilder.requireNoHaving(arguments["having"])
            // Offset and limit apply per parent. Usually every matching row fits in
            // parents × (offset + limit): fetch them plainly and slice per parent here; when more
            // match, number each parent's rows with a window function instead.
            let orderSQL = (order + ["\(argumentAlias).rowid"]).joined(separator: ", ")
            var offset: Int64 = 0
            if case .int(let value)? = arguments["offset"] { offset = max(0, value) }
            var limit: Int64 = relation.isList ? Int64(Int32.max) : 1
            if relation.isList, case .int(let value)? = arguments["limit"] { limit = max(0, value) }
            let split = resultTable.columns.count
            let columnsSQL = selectList(resultTable, alias: resultAlias) + ", " + pointers.joined(separator: ", ")
            let cap = Int64(batch.count) * min(offset + limit, Int64(Int32.max))
            var plainParams = params
            plainParams.append(.integer(cap + 1))
            let plain = try fetch("SELECT " + columnsSQL + from + " ORDER BY \(orderSQL) LIMIT ?", plainParams)
            if Int64(plain.count) <= cap {
                var counts: [[SQLiteValue]: Int64] = [:]
                for values in plain {
                    let pointer = Array(values[split...])
                    let seen = counts[pointer, default: 0]
                    counts[pointer] = seen + 1
                    guard seen >= offset, seen < offset + limit else { continue }
                    grouped[pointer, default: []].append(decodeRow(Array(values[..<split]), table: resultTable))
                }
                continue
            }
            let inner = "SELECT " + columnsSQL + ", ROW_NUMBER() OVER (PARTITION BY \(pointers.joined(separator: ", ")) ORDER BY \(orderSQL)) AS sqlgen_rn" + from
            params.append(.integer(offset))
            params.append(.integer(offset + limit))
            let sql = "SELECT * FROM (\(inner)) WHERE sqlgen_rn > ? AND sqlgen_rn <= ? ORDER BY sqlgen_rn"
            for values in try fetch(sql, params) {
                grouped[Array(values[split..<(values.count - 1)]), default: []].append(decodeRow(Array(values[..<split]), table: resultTable))
            }
        }
        return tuples.map { tuple in
            let group = tuple.flatMap { grouped[$0] } ?? []
            if !relation.isList { return group.first.map { .object(.row($0)) } ?? .null }
            return .list(group.map { .object(.row($0)) })
        }
    }

    /// Whether an argument literal (or the variable it names) is `true`.
    func isTrue(_ value: Value?) -> Bool {
        switch value {
        case .boolean(let flag, _)?: return flag
        case .variable(let variable)?: return variables[variable.name.value] == .bool(true)
        default: return false
        }
    }

    private func relationIsVia(_ relation: StoreRelation) -> Bool {
        if case .via = relation.kind { return true }
        return false
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
