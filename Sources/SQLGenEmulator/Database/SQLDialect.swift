// The SQL that differs between databases, behind one interface per concern: what queries write
// (here), the schema and its catalog (`SQLSchemaDialect`), and full-text search
// (`SQLSearchDialect`). Everything else the emulator writes is standard SQL (SELECT, JOIN,
// EXISTS, IN, VALUES lists, COUNT and the other aggregates, CASE, COALESCE) with identifiers
// quoted by the dialect. Statements use `?` for their parameters, bound in the order they appear
// in the text; a backend whose server numbers its parameters rewrites them when it prepares.

import SQLGenJSON

/// Everything the emulator writes that one database spells its own way.
protocol SQLDialect: SQLQueryDialect, SQLSchemaDialect, SQLSearchDialect {}

/// A change of a list column (`T_ListUpdate`): the items of the one parameter, a JSON array.
enum ListUpdate: String, Sendable {
    /// The new items after the current ones.
    case append
    /// The new items before the current ones (the parameter comes before the current value).
    case prepend
    /// The new items not already in the list, after it.
    case add
    /// The list without the given items.
    case remove
}

/// The SQL of queries and writes.
protocol SQLQueryDialect: Sendable {
    /// How messages name the database (`SQLite`).
    var name: String { get }

    /// An identifier quoted so it is read as itself whatever it holds.
    func quote(_ identifier: String) -> String

    /// A literal for `value` (DDL cannot take parameters).
    func literal(_ value: SQLValue) -> String

    /// The condition that always holds, and the one that never does.
    var alwaysTrue: String { get }
    var alwaysFalse: String { get }

    /// The integer column of every table that orders its rows by insertion (the tiebreak of every
    /// list, and what a planned relation checks its rows' order by).
    var insertionOrderColumn: String { get }

    /// ` LIMIT ... OFFSET ...` with its parameters appended; `limit` nil for no limit.
    func limitClause(limit: Int64?, offset: Int64, params: inout [SQLValue]) -> String

    /// Text conditions on `expression`, each with one parameter: `text`, the text sought.
    func textContains(_ expression: String) -> String
    func textStartsWith(_ expression: String, text: String) -> String
    func textEndsWith(_ expression: String, text: String) -> String

    /// SQL LIKE (case-sensitive unless `ignoreCase`), one parameter: the pattern.
    func like(_ expression: String, ignoreCase: Bool) -> String

    /// PostgreSQL's `~` (`~*` with `ignoreCase`), one parameter: the pattern.
    func regexMatch(_ expression: String, ignoreCase: Bool) -> String

    /// Whether `regexMatch` can run `pattern` (checked first, so a bad pattern is the client's error).
    func acceptsRegex(_ pattern: String, ignoreCase: Bool) -> Bool

    /// Whether the list column `list` holds the one parameter.
    func listContains(_ list: String) -> String

    /// The new value of the list expression `list` of `column` after `update` (one parameter: a
    /// JSON array).
    func listUpdate(_ update: ListUpdate, of list: String, column: StoreColumn) -> String

    /// ` ON CONFLICT ...` for an insert that updates `updated` columns (quoted) of a row whose
    /// `conflict` columns (quoted) match an existing one; with none to update, it does nothing.
    func upsertClause(conflict: [String], updated: [String]) -> String

    /// An insert of one row into `table` (quoted) that replaces any row it conflicts with, by its
    /// `key` columns (quoted; empty: any unique conflict); one parameter per column.
    func insertOrReplace(into table: String, columns: [String], key: [String]) -> String

    /// What introduces a list of rows after `IN` in `(a, b) IN (<rows>)`: `VALUES ` where a row
    /// list reads its parameters' types from the rows alone, "" where it compares row by row.
    var tupleListIntroducer: String { get }

    /// The distance between the vector column `column` and `vector` by pgvector's `method`
    /// (`L2`, `COSINE`, `INNER_PRODUCT`), its parameters appended.
    func vectorDistance(_ column: String, to vector: [JSONValue], method: String, params: inout [SQLValue]) -> String

    /// Whether a failure's message is the distance failing on vectors of different dimensions.
    func isVectorDimensionMismatch(_ message: String) -> Bool

    /// Whether a failed statement aborts the whole transaction (rather than only its own work),
    /// so that work which must outlive a failure runs in a savepoint.
    var failedStatementAbortsTransaction: Bool { get }

    /// Whether this is the database Data Connect runs (PostgreSQL), which runs its native SQL and
    /// view SQL as written; elsewhere errors in such SQL say that it met another database.
    var runsDataConnectSQL: Bool { get }

    /// How native SQL's `$n` is written for this database.
    func nativeParameter(_ number: Int) -> String

    /// First words of native SQL that would take over the transaction or the connection.
    var connectionControlWords: Set<String> { get }

    /// Whether a `?` in native SQL would be read as a parameter.
    var readsQuestionMarkAsParameter: Bool { get }
}

extension SQLQueryDialect {
    /// An insert that replaces a row conflicting on any unique constraint.
    func insertOrReplace(into table: String, columns: [String]) -> String {
        insertOrReplace(into: table, columns: columns, key: [])
    }

    /// `alias."column"`: a column of a table named `alias` in the query.
    func column(_ alias: String, _ column: StoreColumn) -> String {
        alias + "." + quote(column.sqlName)
    }
}
