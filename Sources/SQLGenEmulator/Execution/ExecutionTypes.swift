// The values flowing through the executor: objects being completed, resolved field values, and
// the errors that go into the response.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// One row of a table, or a group row of an aggregate query. Cells are read by GraphQL column
/// name through `index`, which rows of one query share (no per-row dictionary).
struct TableRow {
    var table: String
    var index: [String: Int]
    var cells: [SQLValue]
    /// Aggregate results by response key (`_count`, `rating_avg`), already in wire form.
    var aggregates: [String: JSONValue] = [:]

    subscript(column: String) -> SQLValue? {
        guard let position = index[column], position < cells.count else { return nil }
        return cells[position]
    }
}

/// A response path as a linked list: a field or list item adds one node, and the array of keys
/// and indices is only built for an error.
final class ResponsePath {
    let parent: ResponsePath?
    let element: JSONValue

    init(parent: ResponsePath?, _ element: JSONValue) {
        self.parent = parent
        self.element = element
    }

    var elements: [JSONValue] {
        var result: [JSONValue] = []
        var node: ResponsePath? = self
        while let current = node {
            result.append(current.element)
            node = current.parent
        }
        return result.reversed()
    }
}

/// The object a selection set is executed on.
enum ObjectSource {
    case root
    case row(TableRow)
    case introspection(IntrospectionNode)
}

/// A field's value before completion. Not `indirect` (lists already hold their items out of
/// line), so a value costs no allocation of its own.
enum Resolved {
    case null
    /// A leaf value in wire form.
    case value(JSONValue)
    case object(ObjectSource)
    case list([Resolved])
    /// An error was recorded; the position becomes null.
    case failed
}

/// Where a response names an error's kind under `extensions`: `code` (Data Connect) or
/// graphql-java's `classification` (AEM), which apps of each match on.
enum ErrorKindKey: String, Sendable {
    case code, classification
}

/// A response error (GraphQL spec §7.1.2).
public struct ResponseError: Sendable, Equatable {
    public var message: String
    public var locations: [SourceLocation]
    /// Field names and list indices; empty for request errors.
    public var path: [JSONValue]
    /// The error's kind, under `extensions` (see `ErrorKindKey`).
    public var code: String

    public init(message: String, locations: [SourceLocation] = [], path: [JSONValue] = [], code: String) {
        self.message = message
        self.locations = locations
        self.path = path
        self.code = code
    }

    var json: JSONValue { json(kindKey: .code) }

    func json(kindKey: ErrorKindKey) -> JSONValue {
        var members = [JSONMember("message", .string(message))]
        if !locations.isEmpty {
            members.append(JSONMember("locations", .array(locations.map {
                .object([JSONMember("line", .int(Int64($0.line))), JSONMember("column", .int(Int64($0.column)))])
            })))
        }
        if !path.isEmpty { members.append(JSONMember("path", .array(path))) }
        members.append(JSONMember("extensions", .object([JSONMember(kindKey.rawValue, .string(code))])))
        return .object(members)
    }
}

/// The outcome of executing one operation.
public struct ExecutionResult: Sendable {
    /// `data`; nil when execution did not start (request errors).
    public var data: JSONValue?
    public var errors: [ResponseError]

    public init(data: JSONValue?, errors: [ResponseError]) {
        self.data = data
        self.errors = errors
    }

    /// The response body: `{"data": ..., "errors": [...]}`.
    public var json: JSONValue { json(kindKey: .code) }

    /// The response body with each error's kind under `kindKey`.
    func json(kindKey: ErrorKindKey) -> JSONValue {
        var members: [JSONMember] = []
        if !errors.isEmpty { members.append(JSONMember("errors", .array(errors.map { $0.json(kindKey: kindKey) }))) }
        if let data { members.append(JSONMember("data", data)) }
        return .object(members)
    }
}
