// What the console asks of the engine it shows: the operations it hosts with their variables,
// the stored collections (Data Connect tables, AEM content fragment models) and their rows, a
// run of one operation with the SQL it took, and the expanded schema. Plain values, so the
// console's HTTP side never reaches into an engine's state.

import SQLGenHTTP
import SQLGenJSON

/// An engine the console can show and drive.
protocol ConsoleSource: Sendable {
    /// `dataconnect` or `aem`: what the page calls the collections and which controls it shows.
    var consoleMode: String { get }
    func consoleOverview() async -> ConsoleOverview
    func consoleRun(_ run: ConsoleRunRequest) async -> ConsoleRunResult
    func consoleRows(_ query: ConsoleRowsQuery) async -> ConsoleRows
    func consoleSchema() async -> String
    /// Who sent `request`, in a word or two (`uid ann`, `signed out`), for the request log.
    func callerLabel(_ request: HTTPRequest) -> String
}

/// The hosted operations and the stored collections.
struct ConsoleOverview: Sendable {
    var operations: [ConsoleOperation]
    var collections: [ConsoleCollection]
}

/// One hosted operation and the form its variables need.
struct ConsoleOperation: Sendable {
    var connector: String
    var name: String
    /// `query` or `mutation`.
    var kind: String
    /// Who may run it (`PUBLIC`, `USER`...), as the console labels it.
    var access: String
    var text: String
    var variables: [ConsoleVariable]
}

/// A table, a view or a content fragment model, with the columns the rows view shows.
struct ConsoleCollection: Sendable {
    var name: String
    var rows: Int
    var isView: Bool
    var columns: [String]
}

/// The caller a console run acts as.
enum ConsoleCaller: Sendable, Equatable {
    /// Bypasses `@auth`, as seeds and the ad-hoc endpoint do.
    case admin
    case signedOut
    /// A signed-in user with these claims (`auth.token`).
    case user(uid: String, claims: JSONValue)
    /// Whatever `Authorization: Bearer <token>` would make of it.
    case bearer(String)
}

/// A request to run one hosted operation from the console.
struct ConsoleRunRequest: Sendable {
    var connector: String
    var name: String
    var variables: JSONValue
    var caller: ConsoleCaller
}

/// One SQL statement a run executed, with its parameters and the rows it stepped through.
struct ConsoleStatement: Sendable, Equatable {
    var sql: String
    var parameters: [SQLValue]
    var rows: Int
}

/// How a console run turned out: the HTTP status and JSON body a client would have got, the
/// time it took and the SQL it ran.
struct ConsoleRunResult: Sendable {
    var status: Int
    var body: [UInt8]
    var duration: Duration
    var statements: [ConsoleStatement]
    /// Statements past the log's capacity, counted but not kept.
    var statementsOmitted: Int
}

/// A page of one collection's rows.
struct ConsoleRowsQuery: Sendable {
    var collection: String
    var offset: Int
    var limit: Int
    /// A column name from the collection's `columns`; nil for the collection's own order.
    var sort: String?
    var descending: Bool

    static let largestPage = 500
}

/// One page of rows, or why there is none.
struct ConsoleRows: Sendable {
    var columns: [String]
    var rows: [[JSONValue]]
    var total: Int
    var error: String?

    static func failure(_ message: String) -> ConsoleRows {
        ConsoleRows(columns: [], rows: [], total: 0, error: message)
    }
}
