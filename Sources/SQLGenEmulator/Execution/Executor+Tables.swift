// Reading tables: root lists (lookups: `Executor+Lookups.swift`), columns, aggregates and the
// fields of rows. References and relations (`_on_`, `_via_`) of all the rows at one position load
// together (`Executor+BatchLoading.swift`), never one query per row.

import SQLGenJSON
import SQLGenLanguage
import SQLGenDataConnect
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
        table.columns.map { dialect.column(alias, $0) }.joined(separator: ", ")
    }

    func fetch(_ sql: String, _ params: [SQLValue]) throws(FieldFailure) -> [[SQLValue]] {
        let rows: [[SQLValue]]
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

    /// Runs `sql` and calls `body` on each result row, read straight from the statement (no
    /// intermediate arrays of rows). `body` must not run other queries.
    func scan(_ sql: String, _ params: [SQLValue], _ body: (any SQLStatement) throws(FieldFailure) -> Void) throws(FieldFailure) {
        let statement: any SQLStatement
        do {
            statement = try database.boundStatement(sql, params)
        } catch {
            throw Self.failure(error)
        }
        defer { statement.reset() }
        while true {
            let hasRow: Bool
            do {
                hasRow = try statement.step()
            } catch {
                throw Self.failure(error)
            }
            guard hasRow else { return }
            try body(statement)
        }
    }

    /// Counts rows kept by a `scan` against the request's row limit.
    func countLoaded(_ count: Int) throws(FieldFailure) {
        rowsLoaded += count
        if rowsLoaded > limits.maxRows {
            throw FieldFailure("The operation loads too many rows (more than \(limits.maxRows)); lower the limits of its lists.", code: "RESOURCE_EXHAUSTED")
        }
    }

    /// The rows of `table` selected by `sql`, whose result columns are `columns`.
    func fetchRows(_ sql: String, _ params: [SQLValue], table: StoreTable, columns: [StoreColumn]) throws(FieldFailure) -> [Resolved] {
        let index = rowIndex(table, columns)
        let width = Int32(columns.count)
        var rows: [Resolved] = []
        try scan(sql, params) { statement throws(FieldFailure) in
            rows.append(.object(.row(TableRow(table: table.name, index: index, cells: statement.values(0..<width)))))
        }
        try countLoaded(rows.count)
        return rows
    }

    /// The columns of `table` that a selection (`fields`, the nodes of the field returning the
    /// rows) needs: the columns it selects, and those its references and relations follow. In
    /// table order. Reading only these keeps unselected text (a key not asked for, too) out of
    /// every row.
    /// Fragments count whatever their type condition or `@skip`/`@include` (a column too many
    /// is harmless), so this walks the selection without collecting fields.
    func neededColumns(_ table: StoreTable, fields: [Field]) -> [StoreColumn] {
        var needed = Array(repeating: false, count: table.columns.count)
        func need(_ name: String) {
            if let position = table.columnIndex[name], position < needed.count { needed[position] = true }
        }
        var visited: Set<String> = []
        func walk(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    let name = field.name.value
                    if table.columnIndex[name] != nil {
                        need(name)
                    } else if let reference = table.reference(name) {
                        for column in reference.foreignKeys { need(column) }
                    } else if let relation = table.relations[name] {
                        for column in relationParentColumns(relation) { need(column) }
                    }
                case .inlineFragment(let fragment):
                    walk(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard let fragment = fragments[name], visited.insert(name).inserted else { continue }
                    walk(fragment.selectionSet)
                }
            }
        }
        for field in fields {
            if let set = field.selectionSet { walk(set) }
        }
        if !needed.contains(false) { return table.columns }
        // None needed (`__typename` alone): SQL needs at least one result column; the key is the
        // smallest choice at hand.
        if !needed.contains(true) {
            let key = table.keyColumns.compactMap(table.column)
            return key.isEmpty ? table.columns : key
        }
        return table.columns.indices.filter { needed[$0] }.map { table.columns[$0] }
    }

    /// The parent columns a relation's rows point at.
    func relationParentColumns(_ relation: StoreRelation) -> [String] {
        switch relation.kind {
        case .inverse(let childName, let referenceName):
            return model.tables[childName]?.reference(referenceName)?.targetColumns ?? []
        case .via(let joinName, let nearName, _):
            return model.tables[joinName]?.reference(nearName)?.targetColumns ?? []
        }
    }

    /// Column name → cell position for rows holding `columns` (the table's shared index when all).
    func rowIndex(_ table: StoreTable, _ columns: [StoreColumn]) -> [String: Int] {
        if columns.count == table.columns.count { return table.columnIndex }
        var index: [String: Int] = [:]
        index.reserveCapacity(columns.count)
        for (position, column) in columns.enumerated() where index[column.name] == nil { index[column.name] = position }
        return index
    }

    static func failure(_ error: DatabaseError) -> FieldFailure {
        if error.isConstraintViolation {
            return FieldFailure("Constraint violated: \(error.message).", code: error.kind == .uniqueViolation ? "ALREADY_EXISTS" : "FAILED_PRECONDITION")
        }
        return .internal("\(error.database) error: \(error.message).")
    }

    func decodeRow(_ values: [SQLValue], table: StoreTable) -> TableRow {
        TableRow(table: table.name, index: table.columnIndex, cells: values)
    }

    func limitClause(_ arguments: [String: JSONValue], params: inout [SQLValue]) -> String {
        var limit: Int64?
        if case .int(let value)? = arguments["limit"] { limit = max(0, value) }
        var offset: Int64 = 0
        if case .int(let value)? = arguments["offset"] { offset = max(0, value) }
        return dialect.limitClause(limit: limit, offset: offset, params: &params)
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
            // Every derived root field is served above: this one comes from a secondary schema.
            throw FieldFailure("The emulator cannot resolve field \"\(definition.name)\": it is not a Data Connect field but a secondary schema's, served by that schema's httpGraphql datasource, which the emulator does not call.", code: "UNIMPLEMENTED")
        }
        switch action {
        case .single: return try lookup(table, arguments: arguments, fields: fields)
        case .list: return try list(table, arguments: arguments, fields: fields)
        default:
            if table.isView {
                throw FieldFailure("\"\(table.name)\" is a @view, which is read-only: change the tables its SQL reads instead.", code: "FAILED_PRECONDITION")
            }
            return try mutate(table, action: action, arguments: arguments)
        }
    }

    /// The query of a root list field, by the kind of rows it returns.
    enum ListQuery {
        /// Table rows (the common case).
        case rows(RowsQuery)
        /// Groups of an aggregate selection (`_count`, `rating_avg`...).
        case aggregate(sql: String, params: [SQLValue], plan: AggregatePlan)
        /// `distinct: true`: the distinct combinations of the selected columns.
        case distinct(sql: String, params: [SQLValue], index: [String: Int])
    }

    /// `planned`: the selection is a `QueryPlan`'s, which never holds aggregates (so none are looked for).
    /// `planned`: for a `QueryPlan` (no aggregates), whose selection gives `columns` (`neededColumns`).
    func listQuery(_ table: StoreTable, arguments: [String: JSONValue], fields: [Field], planned: Bool = false,
                   columns known: [StoreColumn]? = nil) throws(FieldFailure) -> ListQuery {
        let alias = builder.newAlias()
        var params: [SQLValue] = []
        let condition = try builder.filter(arguments["where"], table: table, alias: alias, params: &params)
        let order = try builder.order(arguments["orderBy"], table: table, alias: alias)
        let from = " FROM \(dialect.quote(table.sqlName)) AS \(alias) WHERE \(condition)"
        if !planned, let plan = try aggregatePlan(table, fields: fields, alias: alias) {
            var sql = "SELECT " + plan.select.joined(separator: ", ") + from
            if !plan.groupBy.isEmpty { sql += " GROUP BY " + plan.groupBy.joined(separator: ", ") }
            sql += try builder.havingClause(arguments["having"], table: table, alias: alias, params: &params)
            if !order.isEmpty { sql += " ORDER BY " + order.joined(separator: ", ") }
            sql += limitClause(arguments, params: &params)
            return .aggregate(sql: sql, params: params, plan: plan)
        }
        try SQLBuilder.requireNoHaving(arguments["having"])
        if arguments["distinct"] == .bool(true) {
            // Distinct over the selected columns only (relations of distinct rows have no key to follow).
            let columns = try selectedColumns(table, fields: fields)
            let select = columns.isEmpty ? "1" : columns.map { dialect.column(alias, $0) }.joined(separator: ", ")
            var sql = "SELECT DISTINCT " + select + from
            if !order.isEmpty { sql += " ORDER BY " + order.joined(separator: ", ") }
            sql += limitClause(arguments, params: &params)
            let index = Dictionary(columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            return .distinct(sql: sql, params: params, index: index)
        }
        let columns = known ?? neededColumns(table, fields: fields)
        var sql = "SELECT " + columns.map { dialect.column(alias, $0) }.joined(separator: ", ") + from
        let orderSQL = (order + rowOrder(table, alias: alias)).joined(separator: ", ")
        if !orderSQL.isEmpty { sql += " ORDER BY " + orderSQL }
        sql += limitClause(arguments, params: &params)
        return .rows(RowsQuery(sql: sql, params: params, columns: columns))
    }

    private func list(_ table: StoreTable, arguments: [String: JSONValue], fields: [Field]) throws(FieldFailure) -> Resolved {
        switch try listQuery(table, arguments: arguments, fields: fields) {
        case .rows(let query):
            return .list(try fetchRows(query.sql, query.params, table: table, columns: query.columns))
        case .aggregate(let sql, let params, let plan):
            return .list(try fetch(sql, params).map { .object(.row(plan.decode($0, table))) })
        case .distinct(let sql, let params, let index):
            return .list(try fetch(sql, params).map { .object(.row(TableRow(table: table.name, index: index, cells: $0))) })
        }
    }

    /// The tiebreak that keeps list order stable: insertion order for tables; views have none.
    func rowOrder(_ table: StoreTable, alias: String) -> [String] {
        table.isView ? [] : [alias + "." + dialect.insertionOrderColumn]
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

        func decode(_ values: [SQLValue], _ table: StoreTable) -> TableRow {
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
            guard let (expression, typeName) = builder.aggregate(name, table: table, alias: alias, distinct: distinct) else { continue }
            aggregates.append((key, typeName))
            expressions.append(expression)
        }
        guard !aggregates.isEmpty else { return nil }
        let plainSQL = plain.map { dialect.column(alias, $0) }
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
            return try loadReference(reference, rows: rows, table: table, fields: fields)
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
}
