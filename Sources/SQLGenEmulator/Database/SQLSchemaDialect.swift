// The schema's SQL: tables, indexes, columns added later, and the catalog queries a migration
// reads the database's current schema with.

/// One object of the database's schema as its catalog describes it.
struct SchemaObject: Equatable {
    /// `table`, `view`, `index`, `trigger`.
    var kind: String
    /// The statement that made it, as the database keeps it (nil when it keeps none).
    var sql: String?
}

/// The SQL of the schema and of its catalog.
protocol SQLSchemaDialect: Sendable {
    /// The column type that stores `column`'s values.
    func columnType(_ column: StoreColumn) -> String

    /// `CREATE TABLE` for `table`, with its key and the foreign keys to the other tables of `model`.
    func createTable(_ table: StoreTable, model: StoreModel) -> String

    /// The statements making `table`'s unique and plain indexes (foreign keys are indexed too).
    func createIndexes(_ table: StoreTable) -> [String]

    /// Adds `column` to an existing table; `fill` (a literal or a parenthesised expression) is the
    /// default that fills existing rows of a required column.
    func addColumn(_ column: StoreColumn, to table: StoreTable, fill: String?) -> String

    /// Statements run on the writing connection before a migration.
    var migrationSettings: [String] { get }

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
