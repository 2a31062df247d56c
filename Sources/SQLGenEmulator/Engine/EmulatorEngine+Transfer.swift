// `--import` / `--export`: all rows of all tables as JSON, values in wire form keyed by field name:
// `{"version": 1, "tables": {"Movie": [{"id": "...", "title": "..."}]}}`.

import SQLGenJSON

extension EmulatorEngine {
    /// Every row of every table.
    public func exportData() throws(EmulatorError) -> JSONValue {
        var tables: [JSONMember] = []
        for name in model.tableOrder {
            guard let table = model.tables[name], !table.isView else { continue }
            let columns = table.columns.map { dialect.quote($0.sqlName) }.joined(separator: ", ")
            let rows: [[SQLValue]]
            do {
                rows = try databaseQuery("SELECT \(columns) FROM \(dialect.quote(table.sqlName)) ORDER BY \(dialect.insertionOrderColumn)")
            } catch {
                throw EmulatorError("export of \(name): \(error)")
            }
            tables.append(JSONMember(name, .array(rows.map { values in
                .object(zip(table.columns, values).map { JSONMember($0.0.name, StorageCodec.wireValue($0.1, typeName: $0.0.typeName, isList: $0.0.isList)) })
            })))
        }
        return .object([JSONMember("version", .int(1)), JSONMember("tables", .object(tables))])
    }

    /// Inserts (or replaces, by key) the rows of an export, in one transaction; returns the row count.
    @discardableResult
    public func importData(_ json: JSONValue) throws(EmulatorError) -> Int {
        guard case .object(let tables)? = json["tables"] else { throw EmulatorError("import: expected {\"version\": 1, \"tables\": {...}}") }
        var count = 0
        do {
            try databaseTransaction {
                // References are checked at commit, so tables may come in any order.
                try databaseExecute(dialect.deferForeignKeys)
                let restore = try suspendSearchIndexes(tables.compactMap { member in
                    model.tables[member.key].map { ($0, member.value.arrayValue?.count ?? 0) }
                })
                for member in tables {
                    guard let table = model.tables[member.key], !table.isView else { throw EmulatorError("import: unknown table \"\(member.key)\"") }
                    guard let rows = member.value.arrayValue else { throw EmulatorError("import: \(table.name) must be a list of rows") }
                    count += try importRows(rows, into: table)
                }
                for statement in restore { try databaseExecute(statement) }
            }
        } catch let error as EmulatorError {
            throw error
        } catch {
            throw EmulatorError("import: \(error)")
        }
        // An import is a database's worth of pages: into the file now, not at the next write; and
        // the tables' statistics describe it, where the database plans by them.
        checkpointNow()
        if let refresh = dialect.statisticsRefresh { _ = try? databaseExecute(refresh) }
        return count
    }

    /// Inserts `rows` into `table`, each checked first; rows that repeat a key are refused.
    private func importRows(_ rows: [JSONValue], into table: StoreTable) throws -> Int {
        let key = table.keyColumns.compactMap { table.column($0).map { dialect.quote($0.sqlName) } }
        var firstWithKey: [String: Int] = [:]
        var inserted = 0
        for (index, row) in rows.enumerated() {
            let imported = try ImportedRow(row, table: table, place: "\(table.name)[\(index)]", schema: schema)
            if let keyValues = imported.key {
                let text = String(decoding: JSONValue.array(keyValues).serialized(), as: UTF8.self)
                if let earlier = firstWithKey.updateValue(index, forKey: text) {
                    throw EmulatorError("import: \(table.name)[\(index)] has the key of \(table.name)[\(earlier)]")
                }
            }
            guard !imported.columns.isEmpty else { continue }
            let values = zip(imported.columns, imported.values).map { StorageCodec.sqlValue($1, typeName: $0.typeName, isList: $0.isList) }
            try databaseRun(dialect.insertOrReplace(into: dialect.quote(table.sqlName), columns: imported.columns.map { dialect.quote($0.sqlName) }, key: key), values)
            inserted += 1
        }
        return inserted
    }
}
