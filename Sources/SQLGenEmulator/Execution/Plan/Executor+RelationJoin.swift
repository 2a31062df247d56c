// A planned relation without `orderBy` reads its rows by joining the parents' keys, bound as a
// numbered VALUES list, to the relation's table: the database then seeks the foreign-key index
// once per parent in the list's order. The generic query (`relationBatchQuery`) says `key IN (?,
// ...) ORDER BY key, <insertion order>` instead, for which SQLite first builds and sorts a
// temporary index of the keys (figures in benchmarks/README.md, session 5).
//
// Each row carries its parent's number in the list, so the scan reads one integer per row where
// it would otherwise read and compare the pointer columns. That number is the row's parent only
// when SQL's `=` between the pointer columns and the keys holds exactly when their pointer bytes
// are equal (the generic path numbers parents by those bytes, and drops rows whose pointer equals
// a key in SQL only): `keysCompareAsBytes` says when.
//
// Without an ORDER BY, the order the joined rows come in is the nested loop's (the parents in
// list order, each one's rows in index order, that is by insertion order), which SQL does not
// promise. So the query also returns each row's insertion-order column, and the scan checks that
// the parents come in list order and each one's rows in that order; when they do not, the plan
// gives up and the generic executor answers.

import SQLGenJSON

extension Executor {
    /// One batch's joined query: its columns are the selected columns, the parent's number in the
    /// batch, then the insertion-order column that orders each parent's rows.
    struct JoinedRelationQuery {
        var sql: String
        var params: [SQLValue]
        /// Per parent.
        var offset: Int64
        var limit: Int64
    }

    /// The joined query of one batch of `parentCount` parents, or nil when the relation needs the
    /// generic query (an `orderBy`, a view, keys that compare other than as bytes).
    /// Without `where` and `orderBy` its text depends on the number of parents only, and
    /// `selection` keeps the last one made.
    func relationJoinQuery(_ relation: StoreRelation, tables: RelationTables, parentCount: Int, arguments: [String: JSONValue],
                           columns: [StoreColumn], selection: PlannedSelection) throws(FieldFailure) -> JoinedRelationQuery? {
        guard parentCount > 0, !tables.argumentTable.isView, !tables.resultTable.isView,
              let schema = try? database.schemaVersion(),
              selection.keysCompareAsBytes(schema: schema, { keysCompareAsBytes(tables) }) else { return nil }
        let (offset, limit) = relationSlice(relation, arguments: arguments)
        try SQLBuilder.requireNoHaving(arguments["having"])
        let fixedText = arguments["where"] == nil && arguments["orderBy"] == nil
        if fixedText, let sql = selection.joinedSQL(parents: parentCount) {
            return JoinedRelationQuery(sql: sql, params: [], offset: offset, limit: limit)
        }
        let argumentAlias = builder.newAlias()
        let resultAlias = tables.argumentTable.name == tables.resultTable.name && !tables.isVia ? argumentAlias : builder.newAlias()
        guard try builder.order(arguments["orderBy"], table: tables.argumentTable, alias: argumentAlias).isEmpty else { return nil }
        let parentsAlias = builder.newAlias()
        let pointers = tables.pointerColumns(argumentAlias)
        var params: [SQLValue] = []
        let filter = try builder.filter(arguments["where"], table: tables.argumentTable, alias: argumentAlias, params: &params)
        // column1 is the parent's number; its key follows.
        let matches = pointers.indices.map { "\(pointers[$0]) = \(parentsAlias).column\($0 + 2)" }
        let select = columns.map { dialect.column(resultAlias, $0) } + ["\(parentsAlias).column1", argumentAlias + "." + dialect.insertionOrderColumn]
        // CROSS JOIN keeps the parents the outer loop (SQLite never reorders it).
        let sql = "SELECT " + select.joined(separator: ", ")
            + " FROM (VALUES " + Self.numberedValuesRows(width: pointers.count, count: parentCount) + ") AS \(parentsAlias)"
            + " CROSS JOIN " + tables.fromSQL(argumentAlias, resultAlias)
            + " WHERE " + matches.joined(separator: " AND ") + " AND (\(filter))"
        if fixedText, params.isEmpty { selection.keepJoinedSQL(sql, parents: parentCount) }
        return JoinedRelationQuery(sql: sql, params: params, offset: offset, limit: limit)
    }

    /// Steps through a joined query's rows (`width` selected columns each), calling `body` on
    /// each row within its parent's offset/limit slice with the parent's number in `parents`.
    /// Returns the rows kept; throws `RenderedRows.unplannable` when the rows come out of order.
    func scanJoinedRelation(_ query: JoinedRelationQuery, parents: PointerSet, batch: Range<Int>, width: Int32,
                            _ body: (any SQLStatement, Int) throws(FieldFailure) -> Void) throws(FieldFailure) -> Int {
        var parent = -1
        var lastOrder = Int64.min
        var position: Int64 = 0
        var kept = 0
        try scan(query.sql, parents: parents, batch, then: query.params) { statement throws(FieldFailure) in
            let number = Int(statement.cell(at: width).int64)
            let order = statement.cell(at: width + 1).int64
            if number != parent {
                guard number > parent, number < batch.count else { throw RenderedRows.unplannable }
                parent = number
                position = 0
            } else {
                guard order > lastOrder else { throw RenderedRows.unplannable }
                position += 1
            }
            lastOrder = order
            guard position >= query.offset, position - query.offset < query.limit else { return }
            try body(statement, batch.lowerBound + number)
            kept += 1
        }
        return kept
    }

    /// Whether SQL's `=` between the relation's pointer columns and parent keys read from the
    /// parents' key columns holds exactly when their `PointerCodec` bytes are equal, by the
    /// columns' declarations in the database (`PointerCodec` writes -0.0 as 0.0).
    private func keysCompareAsBytes(_ tables: RelationTables) -> Bool {
        guard let parentTable = model.tables[tables.parentTable], !parentTable.isView,
              tables.parentColumns.count == tables.pointerColumnNames.count else { return false }
        var keys: [String] = []
        var pointers: [String] = []
        for (key, pointer) in zip(tables.parentColumns, tables.pointerColumnNames) {
            guard let keyColumn = parentTable.column(key), let pointerColumn = tables.argumentTable.column(pointer) else { return false }
            keys.append(keyColumn.sqlName)
            pointers.append(pointerColumn.sqlName)
        }
        return dialect.keysCompareAsBytes(keyTable: parentTable.sqlName, keys: keys, pointerTable: tables.argumentTable.sqlName, pointers: pointers,
                                          on: database)
    }

    /// `(0, ?, ...), (1, ?, ...), ...`: `count` rows of a number and `width` parameters.
    private static func numberedValuesRows(width: Int, count: Int) -> String {
        let parameters = String(repeating: ", ?", count: width)
        var text = ""
        text.reserveCapacity(count * (parameters.utf8.count + 8))
        for index in 0..<count {
            if index > 0 { text += ", " }
            text += "(\(index)\(parameters))"
        }
        return text
    }
}
