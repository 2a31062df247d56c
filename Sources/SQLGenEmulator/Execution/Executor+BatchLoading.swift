// Batched loading for fields of many rows at once: references (one `IN (...)` query per batch of
// parents) and relations (`_on_`, `_via_`), with their tuple conditions and batches.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

extension Executor {
    /// The tuple condition `(a, b) IN (VALUES (?, ?), ...)` (or `a IN (?, ...)`) for `tuples`.
    func tupleCondition(_ columns: [String], _ tuples: [[SQLValue]], params: inout [SQLValue]) -> String {
        for tuple in tuples { params += tuple }
        return tupleCondition(columns, count: tuples.count)
    }

    /// The tuple condition for `count` tuples whose values are bound first, in order.
    func tupleCondition(_ columns: [String], count: Int) -> String {
        guard count > 0 else { return dialect.alwaysFalse }
        // Written as bytes (not joined from arrays of "?", nor `String(repeating:)`, which is slow
        // for short strings): a list's batches have hundreds.
        if columns.count == 1 {
            return "\(columns[0]) IN (" + Self.repeated(Array("?".utf8), count: count) + ")"
        }
        return "(" + columns.joined(separator: ", ") + ") IN (" + dialect.tupleListIntroducer + Self.valuesRows(width: columns.count, count: count) + ")"
    }

    /// `(?, ?), (?, ?), ...`: `count` rows of `width` parameters, for a VALUES list.
    static func valuesRows(width: Int, count: Int) -> String {
        let row = "(" + repeated(Array("?".utf8), count: width) + ")"
        return repeated(Array(row.utf8), count: count)
    }

    /// `count` copies of `item` separated by ", ".
    private static func repeated(_ item: [UInt8], count: Int) -> String {
        guard count > 0 else { return "" }
        // Written straight into the string's storage (the text is ASCII: valid UTF-8).
        return String(unsafeUninitializedCapacity: count * (item.count + 2)) { buffer in
            var offset = 0
            for index in 0..<count {
                if index > 0 {
                    buffer[offset] = UInt8(ascii: ",")
                    buffer[offset + 1] = UInt8(ascii: " ")
                    offset += 2
                }
                for byte in item {
                    buffer[offset] = byte
                    offset += 1
                }
            }
            return offset
        }
    }

    /// The distinct non-null parent tuples, in first-seen order.
    func uniqueTuples(_ tuples: [[SQLValue]?]) -> [[SQLValue]] {
        var unique: [[SQLValue]] = []
        var seen: Set<[SQLValue]> = []
        for case let tuple? in tuples where seen.insert(tuple).inserted { unique.append(tuple) }
        return unique
    }

    /// `tuples` in batches of `batchSize` (one query each).
    func batches(_ tuples: [[SQLValue]]) -> [[[SQLValue]]] {
        stride(from: 0, to: tuples.count, by: Self.batchSize).map { Array(tuples[$0..<min(tuples.count, $0 + Self.batchSize)]) }
    }

    /// The columns a reference's targets are read with: those the selection needs, and the
    /// referenced ones (which match rows to their referrers). In table order.
    func referenceColumns(_ reference: StoreReference, target: StoreTable, fields: [Field]) -> [StoreColumn] {
        let needed = Set(neededColumns(target, fields: fields).map(\.name)).union(reference.targetColumns)
        return target.columns.filter { needed.contains($0.name) }
    }

    /// The query reading one batch of a reference's targets (`columns`, by `referenceColumns`).
    func referenceBatchQuery(_ reference: StoreReference, target: StoreTable, columns: [StoreColumn], batch: [[SQLValue]]) -> (sql: String, params: [SQLValue]) {
        (referenceBatchSQL(reference, target: target, columns: columns, count: batch.count), batch.flatMap { $0 })
    }

    /// The SQL of `referenceBatchQuery` for `count` targets, whose key values are its only parameters.
    func referenceBatchSQL(_ reference: StoreReference, target: StoreTable, columns: [StoreColumn], count: Int) -> String {
        let alias = builder.newAlias()
        let condition = tupleCondition(reference.targetColumns.compactMap(target.column).map { dialect.column(alias, $0) }, count: count)
        return "SELECT \(columns.map { dialect.column(alias, $0) }.joined(separator: ", ")) FROM \(dialect.quote(target.sqlName)) AS \(alias) WHERE \(condition)"
    }

    /// Forward references (`review { movie { title } }`): the targets of all rows in one query per batch.
    func loadReference(_ reference: StoreReference, rows: [TableRow?], table: StoreTable, fields: [Field]) throws(FieldFailure) -> [Resolved] {
        guard let target = model.tables[reference.target] else { throw .internal("Unknown table \"\(reference.target)\".") }
        let tuples = rows.map { row -> [SQLValue]? in
            guard let row else { return nil }
            let tuple = reference.foreignKeys.map { row[$0] ?? .null }
            return tuple.contains(.null) ? nil : tuple
        }
        let targetColumns = reference.targetColumns.compactMap(target.column)
        let columns = referenceColumns(reference, target: target, fields: fields)
        let index = rowIndex(target, columns)
        let width = Int32(columns.count)
        var found: [[SQLValue]: TableRow] = [:]
        for batch in batches(uniqueTuples(tuples)) {
            let (sql, params) = referenceBatchQuery(reference, target: target, columns: columns, batch: batch)
            var count = 0
            try scan(sql, params) { statement throws(FieldFailure) in
                let row = TableRow(table: target.name, index: index, cells: statement.values(0..<width))
                found[targetColumns.map { row[$0.name] ?? .null }] = row
                count += 1
            }
            try countLoaded(count)
        }
        return tuples.map { tuple in
            guard let tuple, let row = found[tuple] else { return .null }
            return .object(.row(row))
        }
    }

    /// Where a relation's rows come from: the table its arguments filter (the child, or the join
    /// table of a `_via_`), the table of its rows, and the SQL columns pointing at the parent.
    struct RelationTables {
        /// The parent columns each relation row points at.
        var parentColumns: [String]
        /// The parents' table, and the columns of `argumentTable` pointing at its `parentColumns`.
        var parentTable: String
        var pointerColumnNames: [String]
        var resultTable: StoreTable
        var argumentTable: StoreTable
        var isVia: Bool
        /// `FROM` text for (argument alias, result alias).
        var fromSQL: (String, String) -> String
        var dialect: any SQLDialect

        /// The pointer columns, as SQL on `argumentTable` named `alias`.
        func pointerColumns(_ alias: String) -> [String] {
            pointerColumnNames.compactMap(argumentTable.column).map { dialect.column(alias, $0) }
        }
    }

    func relationTables(_ relation: StoreRelation) throws(FieldFailure) -> RelationTables {
        let dialect = dialect
        switch relation.kind {
        case .inverse(let childName, let referenceName):
            guard let child = model.tables[childName], let reference = child.reference(referenceName) else { throw .internal("Unknown relation \"\(relation.name)\".") }
            return RelationTables(parentColumns: reference.targetColumns, parentTable: reference.target, pointerColumnNames: reference.foreignKeys,
                                  resultTable: child, argumentTable: child, isVia: false,
                                  fromSQL: { alias, _ in "\(dialect.quote(child.sqlName)) AS \(alias)" }, dialect: dialect)
        case .via(let joinName, let nearName, let farName):
            guard let join = model.tables[joinName], let near = join.reference(nearName), let far = join.reference(farName),
                  let farTable = model.tables[far.target] else { throw .internal("Unknown relation \"\(relation.name)\".") }
            let farJoin: (String, String) -> String = { joinAlias, farAlias in
                zip(far.foreignKeys.compactMap(join.column), far.targetColumns.compactMap(farTable.column)).map {
                    dialect.column(joinAlias, $0.0) + " = " + dialect.column(farAlias, $0.1)
                }.joined(separator: " AND ")
            }
            return RelationTables(parentColumns: near.targetColumns, parentTable: near.target, pointerColumnNames: near.foreignKeys,
                                  resultTable: farTable, argumentTable: join, isVia: true,
                                  fromSQL: { joinAlias, farAlias in
                                      "\(dialect.quote(join.sqlName)) AS \(joinAlias) JOIN \(dialect.quote(farTable.sqlName)) AS \(farAlias) ON \(farJoin(joinAlias, farAlias))"
                                  }, dialect: dialect)
        }
    }

    /// One batch's query of relation rows: the selected columns, then the pointer columns.
    struct RelationRowsQuery {
        var sql: String
        var params: [SQLValue]
        var columns: [StoreColumn]
        var pointerCount: Int
        /// Per parent.
        var offset: Int64
        var limit: Int64
    }

    enum RelationBatchQuery {
        case rows(RelationRowsQuery)
        /// An aggregate selection: the aggregate columns, then the pointer columns, grouped by parent.
        case aggregate(sql: String, params: [SQLValue], plan: AggregatePlan, pointerCount: Int)
    }

    /// The query of one batch of parents (`batch`) of a relation.
    func relationBatchQuery(_ relation: StoreRelation, tables: RelationTables, batch: [[SQLValue]], arguments: [String: JSONValue],
                            fields: [Field]) throws(FieldFailure) -> RelationBatchQuery {
        let parents = batch.flatMap { $0 }
        switch try relationBatchQuery(relation, tables: tables, parentCount: batch.count, arguments: arguments, fields: fields) {
        case .rows(var query):
            query.params = parents + query.params
            return .rows(query)
        case .aggregate(let sql, let params, let plan, let pointerCount):
            return .aggregate(sql: sql, params: parents + params, plan: plan, pointerCount: pointerCount)
        }
    }

    /// The query of one batch of `parentCount` parents of a relation, without the parents'
    /// values: they are the first parameters, before `params`.
    /// `planned`: as in `listQuery`.
    func relationBatchQuery(_ relation: StoreRelation, tables: RelationTables, parentCount: Int, arguments: [String: JSONValue],
                            fields: [Field], planned: Bool = false, columns known: [StoreColumn]? = nil) throws(FieldFailure) -> RelationBatchQuery {
        let argumentAlias = builder.newAlias()
        let resultAlias = tables.argumentTable.name == tables.resultTable.name && !tables.isVia ? argumentAlias : builder.newAlias()
        var params: [SQLValue] = []
        let pointers = tables.pointerColumns(argumentAlias)
        let condition = tupleCondition(pointers, count: parentCount)
        let filter = try builder.filter(arguments["where"], table: tables.argumentTable, alias: argumentAlias, params: &params)
        let order = try builder.order(arguments["orderBy"], table: tables.argumentTable, alias: argumentAlias)
        let from = " FROM " + tables.fromSQL(argumentAlias, resultAlias) + " WHERE \(condition) AND (\(filter))"
        if !planned, let plan = try aggregatePlan(tables.resultTable, fields: fields, alias: resultAlias) {
            var sql = "SELECT " + (plan.select + pointers).joined(separator: ", ") + from + " GROUP BY " + (pointers + plan.groupBy).joined(separator: ", ")
            sql += try builder.havingClause(arguments["having"], table: tables.resultTable, alias: resultAlias, params: &params)
            if !order.isEmpty { sql += " ORDER BY " + order.joined(separator: ", ") }
            return .aggregate(sql: sql, params: params, plan: plan, pointerCount: pointers.count)
        }
        try SQLBuilder.requireNoHaving(arguments["having"])
        // Offset and limit apply per parent: one plain query ordered by parent first (the
        // foreign-key index gives that order without sorting when there is no orderBy), and
        // each parent's rows counted while stepping (`scanRelationRows`), keeping only its slice.
        let (offset, limit) = relationSlice(relation, arguments: arguments)
        let columns = known ?? neededColumns(tables.resultTable, fields: fields)
        let sql = "SELECT " + (columns.map { dialect.column(resultAlias, $0) } + pointers).joined(separator: ", ") + from
            + " ORDER BY " + (pointers + order + rowOrder(tables.argumentTable, alias: argumentAlias)).joined(separator: ", ")
        return .rows(RelationRowsQuery(sql: sql, params: params, columns: columns, pointerCount: pointers.count, offset: offset, limit: limit))
    }

    /// The rows each parent keeps of a relation: from `offset`, at most `limit` (one for a
    /// relation that is not a list).
    func relationSlice(_ relation: StoreRelation, arguments: [String: JSONValue]) -> (offset: Int64, limit: Int64) {
        var offset: Int64 = 0
        if case .int(let value)? = arguments["offset"] { offset = max(0, value) }
        var limit: Int64 = relation.isList ? Int64.max : 1
        if relation.isList, case .int(let value)? = arguments["limit"] { limit = max(0, value) }
        return (offset, limit)
    }

    /// Steps through a relation batch, calling `body` on each row within its parent's
    /// offset/limit slice, with the parent's number, its pointer and whether the row starts a run
    /// of that parent's rows. `parent` numbers pointers (0, 1, 2...; equal pointers, equal
    /// numbers); it is asked once per run, as the pointer is only copied out of the row when it
    /// changes. Counts of earlier parents are kept, in case a collation interleaves values that
    /// compare equal.
    func scanRelationRows(_ query: RelationRowsQuery, parent: ([SQLValue]) -> Int,
                          _ body: (any SQLStatement, Int, [SQLValue], Bool) throws(FieldFailure) -> Void) throws(FieldFailure) {
        let width = Int32(query.columns.count)
        let pointerColumns = width..<(width + Int32(query.pointerCount))
        var current: [SQLValue] = []
        var currentParent = 0
        var positions: [Int64] = []
        var startsRun = false
        var kept = 0
        try scan(query.sql, query.params) { statement throws(FieldFailure) in
            if current.isEmpty || !statement.matches(current, from: width) {
                current = statement.values(pointerColumns)
                currentParent = parent(current)
                if currentParent >= positions.count { positions += repeatElement(0, count: currentParent + 1 - positions.count) }
                startsRun = true
            }
            let position = positions[currentParent]
            positions[currentParent] += 1
            guard position >= query.offset, position - query.offset < query.limit else { return }
            try body(statement, currentParent, current, startsRun)
            startsRun = false
            kept += 1
        }
        try countLoaded(kept)
    }

    /// Numbers for distinct pointers, in first-seen order.
    struct PointerNumbers {
        private(set) var numbers: [[SQLValue]: Int]

        init(capacity: Int = 0) {
            numbers = Dictionary(minimumCapacity: capacity)
        }

        mutating func number(_ pointer: [SQLValue]) -> Int {
            if let number = numbers[pointer] { return number }
            let number = numbers.count
            numbers[pointer] = number
            return number
        }

        func existing(_ pointer: [SQLValue]) -> Int? { numbers[pointer] }
    }

    /// `_on_` and `_via_` relations for all rows: one query per batch, grouped by parent key.
    func loadRelation(_ relation: StoreRelation, rows: [TableRow?], table: StoreTable, arguments: [String: JSONValue],
                              fields: [Field]) throws(FieldFailure) -> [Resolved] {
        let tables = try relationTables(relation)
        let tuples = rows.map { row -> [SQLValue]? in
            guard let row else { return nil }
            let tuple = tables.parentColumns.map { row[$0] ?? .null }
            return tuple.contains(.null) ? nil : tuple
        }
        var numbers = PointerNumbers()
        var grouped: [[TableRow]] = []
        var aggregated: [[SQLValue]: [TableRow]] = [:]
        for batch in batches(uniqueTuples(tuples)) {
            switch try relationBatchQuery(relation, tables: tables, batch: batch, arguments: arguments, fields: fields) {
            case .aggregate(let sql, let params, let plan, let pointerCount):
                for values in try fetch(sql, params) {
                    let split = values.count - pointerCount
                    aggregated[Array(values[split...]), default: []].append(plan.decode(Array(values[..<split]), tables.resultTable))
                }
            case .rows(let query):
                let index = rowIndex(tables.resultTable, query.columns)
                let width = Int32(query.columns.count)
                try scanRelationRows(query, parent: { numbers.number($0) }) { statement, parent, _, _ in
                    if parent >= grouped.count { grouped += repeatElement([], count: parent + 1 - grouped.count) }
                    grouped[parent].append(TableRow(table: tables.resultTable.name, index: index, cells: statement.values(0..<width)))
                }
            }
        }
        return tuples.map { tuple in
            var group: [TableRow] = []
            if let tuple {
                if let number = numbers.existing(tuple), number < grouped.count {
                    group = grouped[number]
                } else if let rows = aggregated[tuple] {
                    group = rows
                }
            }
            if !relation.isList { return group.first.map { .object(.row($0)) } ?? .null }
            return .list(group.map { .object(.row($0)) })
        }
    }
}
