// New columns of an existing table. A required (non-null) column is added NOT NULL: filled from
// its literal `@default(value:)` or constant `@default(sql:)` when the table has rows, refused
// without one (existing rows would have no value), and on an empty table the table is recreated
// (SQLite cannot add a NOT NULL column without a default).

extension SchemaMigrator {
    /// Adds the columns of `table` missing from the database (`existing` holds its SQL column names).
    static func addColumns(_ table: StoreTable, existing: [String], database: Database, model: StoreModel) throws -> [String] {
        let missing = table.columns.filter { !existing.contains($0.sqlName) }
        guard !missing.isEmpty else { return [] }
        let isEmpty = try database.query("SELECT 1 FROM \(quote(table.sqlName)) LIMIT 1").isEmpty
        if isEmpty, missing.contains(where: \.isNonNull) {
            try database.execute("DROP TABLE \(quote(table.sqlName))")
            try database.execute(createTable(table, model: model))
            return ["recreated empty table \(quote(table.sqlName)) with new column\(missing.count == 1 ? "" : "s") "
                    + missing.map { quote($0.sqlName) }.joined(separator: ", ")]
        }
        var changes: [String] = []
        for column in missing {
            var sql = "ALTER TABLE \(quote(table.sqlName)) ADD COLUMN \(quote(column.sqlName)) \(sqlType(column))"
            if column.isNonNull {
                guard let fill = fillDefault(column) else { throw EmulatorError(unfillableMessage(table, column)) }
                sql += " NOT NULL DEFAULT " + fill
            } else if case .sql(let expression)? = column.defaultValue {
                sql += " DEFAULT (\(expression))"
            }
            do {
                try database.execute(sql)
            } catch {
                throw EmulatorError("cannot add column \"\(table.name).\(column.name)\" to the existing table: \(error.message)"
                                    + (column.isNonNull ? " (a required column needs a constant default to fill existing rows)" : ""))
            }
            changes.append("added column \(quote(table.sqlName)).\(quote(column.sqlName))\(column.isNonNull ? " (NOT NULL, existing rows filled with its default)" : "")")
        }
        return changes
    }

    /// The SQL default that fills existing rows for a new required column: its literal
    /// `@default(value:)` or its `@default(sql:)` expression; nil for none or a server value (`expr:`).
    static func fillDefault(_ column: StoreColumn) -> String? {
        switch column.defaultValue {
        case .value(let value)?:
            let literal = sqlLiteral(StorageCodec.sqlValue(value, typeName: column.typeName, isList: column.isList))
            return literal == "NULL" ? nil : literal
        case .sql(let expression)?:
            return "(\(expression))"
        default:
            return nil
        }
    }

    /// A SQLite literal for a value (DDL cannot take bound parameters).
    static func sqlLiteral(_ value: SQLiteValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return number.isFinite ? "\(number)" : "NULL"
        case .text(let text): return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
        case .blob(let bytes):
            let hex = Array("0123456789ABCDEF".utf8)
            return "X'" + String(decoding: bytes.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] }, as: UTF8.self) + "'"
        }
    }

    static func unfillableMessage(_ table: StoreTable, _ column: StoreColumn) -> String {
        "new required column \"\(table.name).\(column.name)\" cannot be added: the table has rows and the column has no @default(value:) "
            + "or @default(sql:) to fill them; give it one, make the field optional, or start over with --reset"
    }

    /// New required columns that cannot be filled on tables that have rows (for a reload to refuse,
    /// or to reset when allowed). Tables not yet in the database are fine.
    static func unfillableColumns(_ database: Database, model: StoreModel) -> [String] {
        var problems: [String] = []
        for name in model.tableOrder {
            // Only real tables: a view of the same name (a view type turned table) is replaced, not altered.
            guard let table = model.tables[name], !table.isView,
                  let kind = try? database.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table.sqlName)]), !kind.isEmpty,
                  let rows = try? database.query("SELECT name FROM pragma_table_info(?)", [.text(table.sqlName)]) else { continue }
            let existing = rows.compactMap { row -> String? in
                if case .text(let text)? = row.first { return text }
                return nil
            }
            guard !existing.isEmpty else { continue }
            let unfillable = table.columns.filter { !existing.contains($0.sqlName) && $0.isNonNull && fillDefault($0) == nil }
            guard !unfillable.isEmpty, let sample = try? database.query("SELECT 1 FROM \(quote(table.sqlName)) LIMIT 1"), !sample.isEmpty else { continue }
            problems += unfillable.map { "required column \(name).\($0.name) has no default for existing rows" }
        }
        return problems
    }
}
