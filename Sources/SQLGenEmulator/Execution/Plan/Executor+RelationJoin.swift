// A planned relation without `orderBy` reads its rows by joining the parents' keys, bound as a
// VALUES list, to the relation's table: SQLite then seeks the foreign-key index once per parent in
// the list's order. The generic query (`relationBatchQuery`) says `key IN (?, ...) ORDER BY key,
// rowid` instead, for which SQLite first builds and sorts a temporary index of the keys: about 7%
// of a list of 100 movies with their reviews (sqlite-floor.c: 2.60M against 2.40M instructions
// per request).
//
// Without an ORDER BY, the order SQLite returns the joined rows in is its nested loop's (each
// parent's rows in index order, that is by rowid), which SQL does not promise. So the query also
// returns each row's rowid, and the scan checks that every parent's rows come in rowid order;
// when they do not, the plan gives up and the generic executor answers.

extension Executor {
    /// The joined query of one batch of `parentCount` parents, or nil when the relation needs the
    /// generic query (an `orderBy`, or rows without a rowid). Its columns are `columns`, the
    /// pointer columns, then the rowid that orders each parent's rows.
    /// Without `where` and `orderBy` its text depends on the number of parents only, and
    /// `selection` keeps the last one made.
    func relationJoinQuery(_ relation: StoreRelation, tables: RelationTables, parentCount: Int, arguments: [String: JSONValue],
                           columns: [StoreColumn], selection: PlannedSelection) throws(FieldFailure) -> RelationRowsQuery? {
        guard parentCount > 0, !tables.argumentTable.isView, !tables.resultTable.isView else { return nil }
        let (offset, limit) = relationSlice(relation, arguments: arguments)
        try SQLBuilder.requireNoHaving(arguments["having"])
        let fixedText = arguments["where"] == nil && arguments["orderBy"] == nil
        if fixedText, let (sql, pointerCount) = selection.joinedSQL(parents: parentCount) {
            return RelationRowsQuery(sql: sql, params: [], columns: columns, pointerCount: pointerCount, offset: offset, limit: limit)
        }
        let argumentAlias = builder.newAlias()
        let resultAlias = tables.argumentTable.name == tables.resultTable.name && !tables.isVia ? argumentAlias : builder.newAlias()
        guard try builder.order(arguments["orderBy"], table: tables.argumentTable, alias: argumentAlias).isEmpty else { return nil }
        let parentsAlias = builder.newAlias()
        let pointers = tables.pointerColumns(argumentAlias, resultAlias)
        var params: [SQLiteValue] = []
        let filter = try builder.filter(arguments["where"], table: tables.argumentTable, alias: argumentAlias, params: &params)
        let matches = pointers.indices.map { "\(pointers[$0]) = \(parentsAlias).column\($0 + 1)" }
        let select = columns.map { SQLBuilder.column(resultAlias, $0) } + pointers + ["\(argumentAlias).rowid"]
        // CROSS JOIN keeps the parents the outer loop (SQLite never reorders it).
        let sql = "SELECT " + select.joined(separator: ", ")
            + " FROM (VALUES " + Self.valuesRows(width: pointers.count, count: parentCount) + ") AS \(parentsAlias)"
            + " CROSS JOIN " + tables.fromSQL(argumentAlias, resultAlias)
            + " WHERE " + matches.joined(separator: " AND ") + " AND (\(filter))"
        if fixedText, params.isEmpty { selection.keepJoinedSQL(sql, parents: parentCount, pointerCount: pointers.count) }
        return RelationRowsQuery(sql: sql, params: params, columns: columns, pointerCount: pointers.count, offset: offset, limit: limit)
    }
}
