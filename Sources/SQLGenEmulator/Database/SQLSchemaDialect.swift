// The schema's SQL: tables, indexes, columns added later, and the catalog queries a migration
// reads the database's current schema with.

/// One object of the database's schema as its catalog describes it.
struct SchemaObject: Equatable {
    /// `table`, `view`, `index`, `trigger`.
    var kind: String
    /// The statement that made it, as the database keeps it (nil when it keeps none).
    var sql: String?
}

extension SQLSchemaDialect {
    /// `"name" type [NOT NULL] [DEFAULT (sql)]` for each column of `table`, and its primary key.
    func columnDefinitions(_ table: StoreTable) -> (columns: [String], primaryKey: String?) {
        let columns = table.columns.map { column -> String in
            var part = "\(quote(column.sqlName)) \(columnType(column))"
            if column.isNonNull { part += " NOT NULL" }
            if case .sql(let expression)? = column.defaultValue { part += " DEFAULT (\(expression))" }
            return part
        }
        let key = table.keyColumns.compactMap { table.column($0)?.sqlName }.map(quote)
        return (columns, key.isEmpty ? nil : "PRIMARY KEY (\(key.joined(separator: ", ")))")
    }

    /// `CREATE [UNIQUE] INDEX IF NOT EXISTS` for `table`'s unique groups, plain indexes and
    /// foreign keys (so relation loads and cascades do not scan), in standard SQL.
    func standardIndexes(_ table: StoreTable) -> [String] {
        var statements: [String] = []
        func columns(_ names: [String]) -> [String] { names.compactMap { table.column($0)?.sqlName } }
        for group in table.uniqueGroups {
            let sqlNames = columns(group)
            guard !sqlNames.isEmpty else { continue }
            let name = table.sqlName + "_" + sqlNames.joined(separator: "_") + "_uidx"
            statements.append("CREATE UNIQUE INDEX IF NOT EXISTS \(quote(name)) ON \(quote(table.sqlName)) (\(sqlNames.map(quote).joined(separator: ", ")))")
        }
        for group in table.indexGroups + table.references.map(\.foreignKeys) {
            let sqlNames = columns(group)
            guard !sqlNames.isEmpty, sqlNames != Array(columns(table.keyColumns).prefix(sqlNames.count)) else { continue }
            let name = table.sqlName + "_" + sqlNames.joined(separator: "_") + "_idx"
            statements.append("CREATE INDEX IF NOT EXISTS \(quote(name)) ON \(quote(table.sqlName)) (\(sqlNames.map(quote).joined(separator: ", ")))")
        }
        return statements
    }
}

/// The SQL of the schema and of its catalog.
protocol SQLSchemaDialect: Sendable {
    func quote(_ identifier: String) -> String

    /// The column type that stores `column`'s values.
    func columnType(_ column: StoreColumn) -> String

    /// Why the database cannot hold `model` (a column type it lacks), nil when it can.
    func unsupportedFeature(in model: StoreModel) -> String?

    /// `CREATE TABLE` for `table`, with its key and the foreign keys to the other tables of `model`.
    func createTable(_ table: StoreTable, model: StoreModel) -> String

    /// The statements making `table`'s unique and plain indexes (foreign keys are indexed too).
    func createIndexes(_ table: StoreTable) -> [String]

    /// Adds `column` to an existing table; `fill` (a literal or a parenthesised expression) is the
    /// default that fills existing rows of a required column.
    func addColumn(_ column: StoreColumn, to table: StoreTable, fill: String?) -> String

    /// A literal of `value` as a default of `column` (DDL cannot take parameters).
    func literal(_ value: SQLValue, for column: StoreColumn) -> String

    /// The statements adding the foreign keys of `table` that the database does not have yet,
    /// run once every table exists (empty where `createTable` declares them).
    func missingForeignKeys(_ table: StoreTable, model: StoreModel, on connection: any SQLConnection) throws(DatabaseError) -> [String]

    /// Whether a required column is added to an empty table by recreating the table (the
    /// database cannot add a NOT NULL column without a default); else it is added as is.
    var recreatesTableForRequiredColumn: Bool { get }

    /// Drops the table `table` (quoted), whatever refers to it.
    func dropTable(_ table: String) -> String

    /// A statement that keeps the statement that made the view `view` (quoted) where `views`
    /// and `schemaObject` read it, for a database whose catalog keeps only its own form; nil
    /// when the catalog keeps the statement as written.
    func recordViewStatement(_ view: String, statement: String) -> String?

    /// A statement that refreshes the planner's statistics after many rows came at once (an
    /// import), nil when the database needs none.
    var statisticsRefresh: String? { get }

    /// Statements run on the writing connection before a migration.
    var migrationSettings: [String] { get }

    /// A statement run first in a migration's transaction that keeps other processes from
    /// migrating the same database until it ends; nil when the database locks for it anyway.
    var migrationLock: String? { get }

    /// Statements that turn foreign-key enforcement off and back on (around dropping every table).
    var foreignKeysOff: String { get }
    var foreignKeysOn: String { get }

    /// A statement that makes the current transaction check foreign keys at commit only (an
    /// import brings tables in any order).
    var deferForeignKeys: String { get }

    // MARK: Catalog

    /// The column names of the table `table` (its SQL name); empty when there is no such table.
    func columnNames(of table: String, on connection: any SQLConnection) throws(DatabaseError) -> [String]

    /// The object named `name` (exactly), nil when there is none.
    func schemaObject(named name: String, on connection: any SQLConnection) throws(DatabaseError) -> SchemaObject?

    /// Whether some object is named `name`, ignoring case.
    func hasObject(namedIgnoringCase name: String, on connection: any SQLConnection) throws(DatabaseError) -> Bool

    /// Every view, with the statement that made it.
    func views(on connection: any SQLConnection) throws(DatabaseError) -> [(name: String, sql: String)]

    /// Whether SQL's `=` between the `pointer` columns of the table `pointerTable` and the `key`
    /// columns of `keyTable` (SQL names, pairwise) holds exactly when the values' bytes are equal,
    /// by the columns' declarations in the database itself.
    func keysCompareAsBytes(keyTable: String, keys: [String], pointerTable: String, pointers: [String],
                            on connection: any SQLConnection) -> Bool
}
