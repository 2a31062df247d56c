// New columns of an existing table. A required (non-null) column is added NOT NULL: filled from
// its literal `@default(value:)` or constant `@default(sql:)` when the table has rows, refused
// without one (existing rows would have no value), and on an empty table the table is recreated
// (a NOT NULL column cannot be added without a default).

extension SchemaMigrator {
    /// Adds the columns of `table` missing from the database (`existing` holds its SQL column names).
    static func addColumns(_ table: StoreTable, existing: [String], database: any SQLConnection, model: StoreModel) throws -> [String] {
        let dialect = database.dialect
        func quote(_ identifier: String) -> String { dialect.quote(identifier) }
        let missing = table.columns.filter { !existing.contains($0.sqlName) }
        guard !missing.isEmpty else { return [] }
        let isEmpty = try database.query("SELECT 1 FROM \(quote(table.sqlName)) LIMIT 1").isEmpty
        if isEmpty, missing.contains(where: \.isNonNull), dialect.recreatesTableForRequiredColumn {
            try database.execute(dialect.dropTable(quote(table.sqlName)))
            try database.execute(dialect.createTable(table, model: model))
            return ["recreated empty table \(quote(table.sqlName)) with new column\(missing.count == 1 ? "" : "s") "
                    + missing.map { quote($0.sqlName) }.joined(separator: ", ")]
        }
        var changes: [String] = []
        for column in missing {
            let fill = fillDefault(column, dialect: dialect)
            if column.isNonNull, fill == nil, !isEmpty { throw EmulatorError(unfillableMessage(table, column)) }
            do {
                try database.execute(dialect.addColumn(column, to: table, fill: fill))
            } catch {
                throw EmulatorError("cannot add column \"\(table.name).\(column.name)\" to the existing table: \(error.message)"
                                    + (column.isNonNull ? " (a required column needs a constant default to fill existing rows)" : ""))
            }
            let note = !column.isNonNull ? "" : isEmpty ? " (NOT NULL, to an empty table)" : " (NOT NULL, existing rows filled with its default)"
            changes.append("added column \(quote(table.sqlName)).\(quote(column.sqlName))\(note)")
        }
        return changes
    }

    /// The SQL default that fills existing rows for a new required column: its literal
    /// `@default(value:)` or its `@default(sql:)` expression; nil for none or a server value (`expr:`).
    static func fillDefault(_ column: StoreColumn, dialect: any SQLDialect) -> String? {
        switch column.defaultValue {
        case .value(let value)?:
            let stored = StorageCodec.sqlValue(value, typeName: column.typeName, isList: column.isList)
            return stored == .null ? nil : dialect.literal(stored, for: column)
        case .sql(let expression)?:
            return "(\(expression))"
        default:
            return nil
        }
    }

    static func unfillableMessage(_ table: StoreTable, _ column: StoreColumn) -> String {
        "new required column \"\(table.name).\(column.name)\" cannot be added: the table has rows and the column has no @default(value:) "
            + "or @default(sql:) to fill them; give it one, make the field optional, or start over with --reset"
    }

    /// New required columns that cannot be filled on tables that have rows (for a reload to refuse,
    /// or to reset when allowed). Tables not yet in the database are fine.
    static func unfillableColumns(_ database: any SQLConnection, model: StoreModel) -> [String] {
        let dialect = database.dialect
        var problems: [String] = []
        for name in model.tableOrder {
            // Only real tables: a view of the same name (a view type turned table) is replaced, not altered.
            guard let table = model.tables[name], !table.isView,
                  (try? dialect.schemaObject(named: table.sqlName, on: database))?.kind == "table",
                  let existing = try? dialect.columnNames(of: table.sqlName, on: database), !existing.isEmpty else { continue }
            let unfillable = table.columns.filter { !existing.contains($0.sqlName) && $0.isNonNull && fillDefault($0, dialect: dialect) == nil }
            guard !unfillable.isEmpty, let sample = try? database.query("SELECT 1 FROM \(dialect.quote(table.sqlName)) LIMIT 1"),
                  !sample.isEmpty else { continue }
            problems += unfillable.map { "required column \(name).\($0.name) has no default for existing rows" }
        }
        return problems
    }
}
