// SQLite's tables, indexes and added columns, and its catalog (`sqlite_master`, `pragma_table_info`).

extension SQLiteDialect {
    /// Booleans as 0/1, lists and JSON values as JSON text.
    func columnType(_ column: StoreColumn) -> String {
        if column.isList { return "TEXT" }
        switch column.typeName {
        case "Int", "Int64", "Boolean": return "INTEGER"
        case "Float": return "REAL"
        default: return "TEXT"
        }
    }

    func createTable(_ table: StoreTable, model: StoreModel) -> String {
        let definitions = columnDefinitions(table)
        var parts = definitions.columns
        if let key = definitions.primaryKey { parts.append(key) }
        for reference in table.references {
            guard let target = model.tables[reference.target], !target.isView else { continue }
            let local = reference.foreignKeys.compactMap { table.column($0)?.sqlName }.map(quote)
            let remote = reference.targetColumns.compactMap { target.column($0)?.sqlName }.map(quote)
            guard !local.isEmpty, local.count == remote.count else { continue }
            // Data Connect: deleting a row deletes rows that require it, and clears optional references.
            let action = reference.isNonNull ? "CASCADE" : "SET NULL"
            parts.append("FOREIGN KEY (\(local.joined(separator: ", "))) REFERENCES \(quote(target.sqlName)) (\(remote.joined(separator: ", "))) ON DELETE \(action)")
        }
        return "CREATE TABLE IF NOT EXISTS \(quote(table.sqlName)) (\n  " + parts.joined(separator: ",\n  ") + "\n)"
    }

    func createIndexes(_ table: StoreTable) -> [String] { standardIndexes(table) }

    /// Every column type is stored as one of SQLite's five storage classes.
    func unsupportedFeature(in model: StoreModel) -> String? { nil }

    func literal(_ value: SQLValue, for column: StoreColumn) -> String { literal(value) }

    /// `createTable` declares them.
    func missingForeignKeys(_ table: StoreTable, model: StoreModel, on connection: any SQLConnection) throws(DatabaseError) -> [String] { [] }

    var recreatesTableForRequiredColumn: Bool { true }

    func dropTable(_ table: String) -> String { "DROP TABLE IF EXISTS \(table)" }

    func recordViewStatement(_ view: String, statement: String) -> String? { nil }

    /// SQLite plans without statistics unless asked to keep them.
    var statisticsRefresh: String? { nil }

    /// SQLite's writer holds the database's only write lock for the whole transaction.
    var migrationLock: String? { nil }

    func addColumn(_ column: StoreColumn, to table: StoreTable, fill: String?) -> String {
        var sql = "ALTER TABLE \(quote(table.sqlName)) ADD COLUMN \(quote(column.sqlName)) \(columnType(column))"
        if column.isNonNull, let fill {
            sql += " NOT NULL DEFAULT " + fill
        } else if case .sql(let expression)? = column.defaultValue {
            sql += " DEFAULT (\(expression))"
        }
        return sql
    }

    /// The search triggers must see the rows that INSERT OR REPLACE deletes (import, native
    /// SQL): SQLite fires delete triggers for them only with recursive triggers on. Without
    /// that, the index would keep the old row's words and FTS5's next 'delete' would corrupt it.
    var migrationSettings: [String] { ["PRAGMA recursive_triggers=ON"] }

    var foreignKeysOff: String { "PRAGMA foreign_keys=OFF" }
    var foreignKeysOn: String { "PRAGMA foreign_keys=ON" }
    var deferForeignKeys: String { "PRAGMA defer_foreign_keys=ON" }

    // MARK: Catalog

    func columnNames(of table: String, on connection: any SQLConnection) throws(DatabaseError) -> [String] {
        try connection.texts("SELECT name FROM pragma_table_info(?)", [.text(table)])
    }

    func schemaObject(named name: String, on connection: any SQLConnection) throws(DatabaseError) -> SchemaObject? {
        guard let row = try connection.query("SELECT type, sql FROM sqlite_master WHERE name = ?", [.text(name)]).first,
              case .text(let kind)? = row.first else { return nil }
        var sql: String?
        if row.count > 1, case .text(let text) = row[1] { sql = text }
        return SchemaObject(kind: kind, sql: sql)
    }

    func hasObject(namedIgnoringCase name: String, on connection: any SQLConnection) throws(DatabaseError) -> Bool {
        try !connection.query("SELECT 1 FROM sqlite_master WHERE name = ? COLLATE NOCASE", [.text(name)]).isEmpty
    }

    func views(on connection: any SQLConnection) throws(DatabaseError) -> [(name: String, sql: String)] {
        try connection.textPairs("SELECT name, sql FROM sqlite_master WHERE type = 'view'").map { (name: $0.0, sql: $0.1) }
    }

    /// It does when both columns are declared with the same one of TEXT, INTEGER and REAL and
    /// neither table declares a collation (the migrator declares none): a value stored under that
    /// affinity is then never converted for the comparison, values of different storage classes
    /// are never equal (an integral REAL is stored as an INTEGER under INTEGER affinity, an
    /// INTEGER as a REAL under REAL affinity), and text compares by its bytes.
    func keysCompareAsBytes(keyTable: String, keys: [String], pointerTable: String, pointers: [String],
                            on connection: any SQLConnection) -> Bool {
        guard keys.count == pointers.count, let keyTypes = declaredTypes(keyTable, on: connection),
              let pointerTypes = declaredTypes(pointerTable, on: connection) else { return false }
        for (key, pointer) in zip(keys, pointers) {
            guard let keyType = keyTypes[key], keyType == pointerTypes[pointer], ["TEXT", "INTEGER", "REAL"].contains(keyType) else { return false }
        }
        return true
    }

    /// The declared type of each column of `table`, upper-cased; nil when the table declares a collation.
    private func declaredTypes(_ table: String, on connection: any SQLConnection) -> [String: String]? {
        guard let definition = try? connection.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)]),
              case .text(let sql)? = definition.first?.first, !sql.uppercased().contains("COLLATE"),
              let rows = try? connection.query("SELECT name, type FROM pragma_table_info(?)", [.text(table)]) else { return nil }
        var types: [String: String] = [:]
        for row in rows {
            guard row.count == 2, case .text(let name) = row[0], case .text(let type) = row[1] else { continue }
            types[name] = type.uppercased()
        }
        return types
    }
}
