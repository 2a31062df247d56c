// Full-text search's SQL: a persistent index per table with `@searchable` columns (made, rebuilt
// and dropped by migrations), an index made for one request when there is none, and the
// conditions and ranking of a search over either, or over the columns themselves.

/// Where a search looks words up.
enum SearchSource {
    /// A full-text index: how FROM names it, and the column a match is written on.
    case index(table: String, column: String)
    /// The searchable columns themselves (no index: substring matches).
    case columns([StoreColumn])
}

/// A search the database runs with its own text search: a FROM item that brings the parsed query
/// (its parameters first), the condition a row matches on, and the row's rank.
struct TextSearch {
    var from: String
    var condition: String
    var rank: String
}

/// The SQL of full-text search.
protocol SQLSearchDialect: Sendable {
    /// The database's own text search over `columns` of the rows `alias` (parsing `text` in
    /// `format`, matching and ranking as Data Connect does), its parameters appended; nil when the
    /// emulator reads the query itself (`FullTextQuery`) and asks for each word's condition.
    func textSearch(_ text: String, format: String, columns: [StoreColumn], alias: String, params: inout [SQLValue]) -> TextSearch?

    /// Names of tables and views starting with it are the emulator's own (its indexes).
    var reservedPrefix: String { get }

    /// Whether the database has full-text indexes; without, search matches substrings.
    var hasFullTextIndexes: Bool { get }

    /// Makes, rebuilds or drops the persistent indexes so that each table of `model` with
    /// searchable columns has a current one; returns the changes made.
    func migrateSearchIndexes(_ model: StoreModel, on connection: any SQLConnection) throws(DatabaseError) -> [String]

    /// Drops every persistent index (before every table is dropped).
    func dropSearchIndexes(on connection: any SQLConnection) throws(DatabaseError)

    /// Stops keeping the indexes of `tables` current, before they get many rows at once; returns
    /// the statements that bring them back, rebuilt (run once the rows are in).
    func suspendSearchIndexes(_ tables: [(table: StoreTable, newRows: Int)], on connection: any SQLConnection) throws(DatabaseError) -> [String]

    /// The table's persistent index as a search reads it, when the database has a current one.
    func persistentSearchIndex(of table: StoreTable, on connection: any SQLConnection) -> SearchSource?

    /// The statements copying the rows of `table` (SQL name) into a temporary table `name`, and
    /// dropping it.
    func temporaryCopy(of table: String, named name: String) -> (create: String, drop: String)

    /// The statements making a temporary index `name` of `columns` of `table` (SQL name) and
    /// dropping it, and how a search reads it; nil when the database has no full-text indexes.
    func temporarySearchIndex(named name: String, columns: [StoreColumn], of table: String, stems: Bool)
        -> (create: [String], drop: String, source: SearchSource)?

    /// The condition that the row `alias` holds the word or phrase `leaf`, its parameters appended.
    func searchCondition(_ leaf: FullTextQuery, in source: SearchSource, alias: String, params: inout [SQLValue]) -> String

    /// The tiebreak score of the rows matching any of `leaves` (lower first) and the join that
    /// brings it, its parameters appended.
    func searchTiebreak(_ leaves: [FullTextQuery], in source: SearchSource, alias: String, params: inout [SQLValue]) -> (score: String, join: String)

    /// Whether a failure's message is the database refusing the search query.
    func isSearchQueryError(_ message: String) -> Bool
}
