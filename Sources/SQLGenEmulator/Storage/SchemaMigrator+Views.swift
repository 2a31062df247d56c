// `@view(sql:)` types become SQLite views over the user's SELECT, created (or replaced when the SQL
// changed) at start and reload. The view has exactly the type's columns: a field whose column the
// SELECT lacks reads as NULL, as Data Connect documents.

extension SchemaMigrator {
    /// The user's SELECT without trailing semicolons and space, so it can be wrapped.
    static func trimmedViewSQL(_ sql: String) -> String {
        var text = Substring(sql)
        while let last = text.last, last == ";" || last.isWhitespace { text = text.dropLast() }
        return String(text)
    }

    /// Creates or replaces the SQLite views of the model's `@view(sql:)` types; returns the changes.
    /// A SELECT that SQLite cannot run stops with a message naming the type.
    static func migrateViews(_ database: Database, model: StoreModel) throws -> [String] {
        var changes: [String] = []
        for name in model.tableOrder {
            guard let table = model.tables[name], table.isView, let sql = table.viewSQL else { continue }
            let statement = try createViewStatement(table, database: database, sql: sql)
            let existing = try database.query("SELECT type, sql FROM sqlite_master WHERE name = ?", [.text(table.sqlName)])
            if let row = existing.first {
                if case .text(let type)? = row.first, type != "view" {
                    throw EmulatorError("@view type \"\(name)\": the database already has a \(type) named \"\(table.sqlName)\"; rename the view with @view(singular:) or the type")
                }
                if row.count > 1, row[1] == .text(statement) { continue }
                try database.execute("DROP VIEW IF EXISTS \(quote(table.sqlName))")
            }
            try database.execute(statement)
            changes.append("\(existing.isEmpty ? "created" : "replaced") view \(quote(table.sqlName))")
        }
        return changes
    }

    /// `CREATE VIEW "name" AS SELECT <each column or NULL> FROM (<sql>)`, after checking that
    /// SQLite can run the SELECT and reading which columns it yields.
    static func createViewStatement(_ table: StoreTable, database: Database, sql: String) throws -> String {
        let source = "(\n" + trimmedViewSQL(sql) + "\n) AS fdc_source"
        var available: Set<String> = []
        do {
            let probe = try database.prepare("SELECT * FROM \(source) LIMIT 0")
            for index in 0..<probe.columnCount { available.insert(probe.columnName(at: index).lowercased()) }
        } catch {
            throw EmulatorError("""
                @view type "\(table.name)": SQLite cannot run its @view(sql:) SELECT: \(error.message). \
                Data Connect runs this SQL on PostgreSQL, the emulator on SQLite: write SQL both accept \
                (quote identifiers with double quotes; no PostgreSQL-only functions or casts such as ::int)
                """)
        }
        let columns = table.columns.map { column -> String in
            let quoted = quote(column.sqlName)
            return available.contains(column.sqlName.lowercased()) ? "fdc_source.\(quoted) AS \(quoted)" : "NULL AS \(quoted)"
        }
        return "CREATE VIEW \(quote(table.sqlName)) AS SELECT " + columns.joined(separator: ", ") + " FROM " + source
    }
}
