// `@view(sql:)` types become views over the user's SELECT, created (or replaced when the SQL
// changed) at start and reload. The view has exactly the type's columns: a field whose column the
// SELECT lacks reads as NULL, as Data Connect documents.

extension SchemaMigrator {
    /// The user's SELECT without its final semicolon (comments after it stay: the wrapper starts a
    /// new line after the SQL), so it can be wrapped in a subquery. Quotes and comments are skipped
    /// while looking for it.
    static func trimmedViewSQL(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        var index = 0
        var lastSemicolon: Int?
        var contentAfterSemicolon = false
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "-"), next == UInt8(ascii: "-") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                // A doubled quote inside is two adjacent quoted runs: the same skipping handles it.
                index += 1
                while index < bytes.count, bytes[index] != byte { index += 1 }
                index += 1
                contentAfterSemicolon = true
                continue
            }
            if byte == UInt8(ascii: ";") {
                lastSemicolon = index
                contentAfterSemicolon = false
            } else if !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
                contentAfterSemicolon = true
            }
            index += 1
        }
        guard let lastSemicolon, !contentAfterSemicolon else { return sql }
        var trimmed = bytes
        trimmed.remove(at: lastSemicolon)
        return String(decoding: trimmed, as: UTF8.self)
    }

    /// Creates or replaces the views of the model's `@view(sql:)` types; returns the changes.
    /// A SELECT that the database cannot run stops with a message naming the type.
    static func migrateViews(_ database: any SQLConnection, model: StoreModel) throws -> [String] {
        let dialect = database.dialect
        var changes: [String] = []
        for name in model.tableOrder {
            guard let table = model.tables[name], table.isView else { continue }
            guard let sql = table.viewSQL else {
                // `@view(name:)` names a view the user maintains in the database.
                if try !dialect.hasObject(namedIgnoringCase: table.sqlName, on: database) {
                    changes.append("view \(dialect.quote(table.sqlName)) of @view(name:) type \"\(name)\" is not in the database: create it there (in \(dialect.name)'s SQL) before querying \"\(table.plural)\"")
                }
                continue
            }
            let statement = try createViewStatement(table, database: database, sql: sql)
            let existing = try dialect.schemaObject(named: table.sqlName, on: database)
            if let existing {
                if existing.kind != "view" {
                    throw EmulatorError("@view type \"\(name)\": the database already has a \(existing.kind) named \"\(table.sqlName)\"; rename the view with @view(singular:) or the type")
                }
                if existing.sql == statement { continue }
                try database.execute("DROP VIEW IF EXISTS \(dialect.quote(table.sqlName))")
            }
            try database.execute(statement)
            if let record = dialect.recordViewStatement(dialect.quote(table.sqlName), statement: statement) { try database.execute(record) }
            changes.append("\(existing == nil ? "created" : "replaced") view \(dialect.quote(table.sqlName))")
        }
        return changes
    }

    /// Drops the views this migrator created for `@view(sql:)` types the schema no longer has (they
    /// are recognised by their `fdc_source` wrapper), so a table may take the name again.
    static func dropStaleViews(_ database: any SQLConnection, model: StoreModel) throws -> [String] {
        let dialect = database.dialect
        let current = Set(model.tables.values.filter { $0.viewSQL != nil }.map { $0.sqlName.lowercased() })
        var changes: [String] = []
        for (name, sql) in try dialect.views(on: database) {
            guard sql.hasSuffix("\n) AS fdc_source"), !current.contains(name.lowercased()) else { continue }
            try database.execute("DROP VIEW \(dialect.quote(name))")
            changes.append("dropped view \(dialect.quote(name))")
        }
        return changes
    }

    /// `CREATE VIEW "name" AS SELECT <each column or NULL> FROM (<sql>)`, after checking that
    /// the database can run the SELECT and reading which columns it yields.
    static func createViewStatement(_ table: StoreTable, database: any SQLConnection, sql: String) throws -> String {
        let dialect = database.dialect
        let source = "(\n" + trimmedViewSQL(sql) + "\n) AS fdc_source"
        var available: Set<String> = []
        do {
            let probe = try database.prepareNative("SELECT * FROM \(source) LIMIT 0")
            for index in 0..<probe.columnCount { available.insert(probe.columnName(at: index).lowercased()) }
        } catch {
            let note = dialect.runsDataConnectSQL ? "" : """
                 Data Connect runs this SQL on PostgreSQL, the emulator on \(dialect.name): write SQL both accept \
                (quote identifiers with double quotes; no PostgreSQL-only functions or casts such as ::int)
                """
            throw EmulatorError("@view type \"\(table.name)\": \(dialect.name) cannot run its @view(sql:) SELECT: \(error.message).\(note)")
        }
        let columns = table.columns.map { column -> String in
            let quoted = dialect.quote(column.sqlName)
            return available.contains(column.sqlName.lowercased()) ? "fdc_source.\(quoted) AS \(quoted)" : "NULL AS \(quoted)"
        }
        return "CREATE VIEW \(dialect.quote(table.sqlName)) AS SELECT " + columns.joined(separator: ", ") + " FROM " + source
    }
}
