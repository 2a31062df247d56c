// Creates the SQLite tables of a Data Connect schema, and applies additive changes (new tables,
// new columns, new indexes, search indexes) to an existing database. Identifiers are always
// quoted; nothing from a request ever reaches DDL.

enum SchemaMigrator {
    /// `"name"` with embedded quotes doubled. Queries quote every column they name, so the
    /// common case (no quote inside) is written in one go, without splitting.
    static func quote(_ identifier: String) -> String {
        let bytes = identifier.utf8
        guard bytes.contains(UInt8(ascii: "\"")) else {
            return String(unsafeUninitializedCapacity: bytes.count + 2) { buffer in
                buffer[0] = UInt8(ascii: "\"")
                var end = 1
                for byte in bytes {
                    buffer[end] = byte
                    end += 1
                }
                buffer[end] = UInt8(ascii: "\"")
                return end + 1
            }
        }
        return "\"" + identifier.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    static func sqlType(_ column: StoreColumn) -> String {
        if column.isList { return "TEXT" }
        switch column.typeName {
        case "Int", "Int64", "Boolean": return "INTEGER"
        case "Float": return "REAL"
        default: return "TEXT"
        }
    }

    /// Creates what is missing; returns a description of each change made.
    @discardableResult
    static func migrate(_ database: Database, model: StoreModel) throws -> [String] {
        try checkReservedNames(model)
        // The search triggers must see the rows that INSERT OR REPLACE deletes (import, native
        // SQL): SQLite fires delete triggers for them only with recursive triggers on. Without
        // that, the index would keep the old row's words and FTS5's next 'delete' would corrupt it.
        try database.execute("PRAGMA recursive_triggers=ON")
        var changes: [String] = []
        try database.transaction {
            changes += try dropStaleViews(database, model: model)
            for name in model.tableOrder {
                guard let table = model.tables[name], !table.isView else { continue }
                let existing = try database.query("SELECT name FROM pragma_table_info(?)", [.text(table.sqlName)]).compactMap { row -> String? in
                    if case .text(let text)? = row.first { return text }
                    return nil
                }
                if existing.isEmpty {
                    try database.execute(createTable(table, model: model))
                    changes.append("created table \(quote(table.sqlName))")
                } else {
                    changes += try addColumns(table, existing: existing, database: database, model: model)
                }
                for statement in indexes(table) { try database.execute(statement) }
            }
            changes += try migrateSearchIndexes(database, model: model)
            changes += try migrateViews(database, model: model)
        }
        return changes
    }

    /// What going from `old` to `new` would lose: dropped tables or columns, changed types or keys.
    static func destructiveChanges(from old: StoreModel, to new: StoreModel) -> [String] {
        var problems: [String] = []
        for name in old.tableOrder {
            guard let before = old.tables[name], !before.isView else { continue }
            guard let after = new.tables[name], !after.isView, after.sqlName == before.sqlName else {
                problems.append("table \(name) removed or renamed")
                continue
            }
            if before.keyColumns != after.keyColumns { problems.append("key of \(name) changed") }
            for column in before.columns {
                guard let now = after.columns.first(where: { $0.sqlName == column.sqlName }) else {
                    problems.append("column \(name).\(column.name) removed")
                    continue
                }
                if sqlType(now) != sqlType(column) || now.isList != column.isList { problems.append("type of \(name).\(column.name) changed") }
            }
        }
        return problems
    }

    /// Drops every table of `model` (for a reset while running).
    static func dropAll(_ database: Database, model: StoreModel) throws {
        try database.execute("PRAGMA foreign_keys=OFF")
        defer { _ = try? database.execute("PRAGMA foreign_keys=ON") }
        try database.transaction {
            try dropSearchObjects(database, keeping: [])
            for name in model.tableOrder.reversed() {
                guard let table = model.tables[name], !table.isView else { continue }
                try database.execute("DROP TABLE IF EXISTS \(quote(table.sqlName))")
            }
        }
    }

    static func createTable(_ table: StoreTable, model: StoreModel) -> String {
        var parts: [String] = []
        for column in table.columns {
            var part = "\(quote(column.sqlName)) \(sqlType(column))"
            if column.isNonNull { part += " NOT NULL" }
            if case .sql(let expression)? = column.defaultValue { part += " DEFAULT (\(expression))" }
            parts.append(part)
        }
        let keySQL = table.keyColumns.compactMap { table.column($0)?.sqlName }.map(quote)
        if !keySQL.isEmpty { parts.append("PRIMARY KEY (\(keySQL.joined(separator: ", ")))") }
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

    static func indexes(_ table: StoreTable) -> [String] {
        var statements: [String] = []
        func columns(_ names: [String]) -> [String] { names.compactMap { table.column($0)?.sqlName } }
        for group in table.uniqueGroups {
            let sqlNames = columns(group)
            guard !sqlNames.isEmpty else { continue }
            let name = table.sqlName + "_" + sqlNames.joined(separator: "_") + "_uidx"
            statements.append("CREATE UNIQUE INDEX IF NOT EXISTS \(quote(name)) ON \(quote(table.sqlName)) (\(sqlNames.map(quote).joined(separator: ", ")))")
        }
        // Foreign keys are indexed so relation loads and cascades do not scan.
        for group in table.indexGroups + table.references.map(\.foreignKeys) {
            let sqlNames = columns(group)
            guard !sqlNames.isEmpty, sqlNames != Array(columns(table.keyColumns).prefix(sqlNames.count)) else { continue }
            let name = table.sqlName + "_" + sqlNames.joined(separator: "_") + "_idx"
            statements.append("CREATE INDEX IF NOT EXISTS \(quote(name)) ON \(quote(table.sqlName)) (\(sqlNames.map(quote).joined(separator: ", ")))")
        }
        return statements
    }
}
