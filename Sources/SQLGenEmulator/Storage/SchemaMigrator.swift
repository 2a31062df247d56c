// Creates the tables of a Data Connect schema, and applies additive changes (new tables, new
// columns, new indexes, search indexes) to an existing database, in the connection's dialect.
// Identifiers are always quoted; nothing from a request ever reaches DDL.

enum SchemaMigrator {
    /// Creates what is missing; returns a description of each change made.
    @discardableResult
    static func migrate(_ database: any SQLConnection, model: StoreModel) throws -> [String] {
        let dialect = database.dialect
        try checkReservedNames(model, dialect: dialect)
        if let problem = dialect.unsupportedFeature(in: model) { throw EmulatorError(problem) }
        for setting in dialect.migrationSettings { try database.execute(setting) }
        var changes: [String] = []
        try database.transaction {
            if let lock = dialect.migrationLock { try database.execute(lock) }
            changes += try dropStaleViews(database, model: model)
            for name in model.tableOrder {
                guard let table = model.tables[name], !table.isView else { continue }
                let existing = try dialect.columnNames(of: table.sqlName, on: database)
                if existing.isEmpty {
                    try database.execute(dialect.createTable(table, model: model))
                    changes.append("created table \(dialect.quote(table.sqlName))")
                } else {
                    changes += try addColumns(table, existing: existing, database: database, model: model)
                }
                for statement in dialect.createIndexes(table) { try database.execute(statement) }
            }
            for name in model.tableOrder {
                guard let table = model.tables[name], !table.isView else { continue }
                for statement in try dialect.missingForeignKeys(table, model: model, on: database) { try database.execute(statement) }
            }
            changes += try dialect.migrateSearchIndexes(model, on: database)
            changes += try migrateViews(database, model: model)
        }
        return changes
    }

    /// Refuses a table or view whose name the emulator keeps for its own objects.
    static func checkReservedNames(_ model: StoreModel, dialect: any SQLDialect) throws {
        let prefix = dialect.reservedPrefix
        for name in model.tableOrder {
            guard let table = model.tables[name], table.sqlName.lowercased().hasPrefix(prefix) else { continue }
            throw EmulatorError("type \"\(name)\": the SQL name \"\(table.sqlName)\" starts with \"\(prefix)\", which the emulator keeps for its search indexes; choose another name")
        }
    }

    /// What going from `old` to `new` would lose: dropped tables or columns, changed types or keys.
    static func destructiveChanges(from old: StoreModel, to new: StoreModel, dialect: any SQLDialect) -> [String] {
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
                if dialect.columnType(now) != dialect.columnType(column) || now.isList != column.isList { problems.append("type of \(name).\(column.name) changed") }
            }
        }
        return problems
    }

    /// Drops every table of `model` (for a reset while running).
    static func dropAll(_ database: any SQLConnection, model: StoreModel) throws {
        let dialect = database.dialect
        try database.execute(dialect.foreignKeysOff)
        defer { _ = try? database.execute(dialect.foreignKeysOn) }
        try database.transaction {
            try dialect.dropSearchIndexes(on: database)
            for name in model.tableOrder.reversed() {
                guard let table = model.tables[name], !table.isView else { continue }
                try database.execute(dialect.dropTable(dialect.quote(table.sqlName)))
            }
        }
    }
}
