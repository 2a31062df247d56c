// What the console reads from and runs on an AEM engine, through AEM's own surface: persisted
// queries run as a client's POST would, and the content fragments of a model are read with an
// ad-hoc `<model>List(offset:limit:sort:)` query, so the console shows them as AEM serves them.
// AEM mode runs no SQL of the client's: its runs list no statements.

import SQLGenAEM
import SQLGenHTTP
import SQLGenLanguage

extension AEMEngine: ConsoleSource {
    nonisolated var consoleMode: String { "aem" }

    /// Where the console's runs say they come from (asset URLs in answers are made from it).
    private static let consoleOrigin = "http://localhost"

    func consoleOverview() -> ConsoleOverview {
        let operations = persistedQueries().map { query in
            let document = try? Parser.parse(Source(query.text, name: query.name))
            let definitions = document?.definitions.lazy.compactMap { definition -> OperationDefinition? in
                if case .operation(let operation) = definition { return operation }
                return nil
            }.first?.variableDefinitions ?? []
            return ConsoleOperation(connector: query.configuration, name: query.name, kind: "query", access: isAuthor ? "author" : "publish",
                                    text: query.text, variables: ConsoleVariable.describe(definitions, schema: schema))
        }
        let counts = Dictionary(fragmentCounts().map { ($0.typeName, $0.count) }, uniquingKeysWith: { first, _ in first })
        let collections = models.map { model in
            ConsoleCollection(name: model.typeName, rows: counts[model.typeName] ?? 0, isView: false, columns: Self.consoleColumns(model).map(\.name))
        }
        return ConsoleOverview(operations: operations, collections: collections)
    }

    func consoleRun(_ run: ConsoleRunRequest) -> ConsoleRunResult {
        let start = ContinuousClock.now
        let response = execute(configuration: run.connector, name: run.name, variables: run.variables, origin: Self.consoleOrigin)
        return ConsoleRunResult(status: response.status, body: response.body.serialized(), duration: start.duration(to: .now), statements: [],
                                statementsOmitted: 0)
    }

    func consoleRows(_ query: ConsoleRowsQuery) -> ConsoleRows {
        guard let model = models.first(where: { $0.typeName == query.collection }) else { return .failure("No model named \"\(query.collection)\".") }
        let columns = Self.consoleColumns(model)
        var arguments = "offset: \(query.offset), limit: \(query.limit)"
        if let sort = query.sort {
            guard columns.contains(where: { $0.name == sort }) else { return .failure("No field named \"\(sort)\" in \(model.typeName).") }
            arguments += ", sort: \"\(sort) \(query.descending ? "DESC" : "ASC")\""
        }
        let selection = columns.map { $0.isText ? "\($0.name) { plaintext }" : $0.name }.joined(separator: " ")
        let answer = executeDocument("{ \(model.listField)(\(arguments)) { items { \(selection) } } }", operationName: nil,
                                     variables: .object([]), origin: Self.consoleOrigin)
        guard let items = answer.body["data"]?[model.listField]?["items"]?.arrayValue else {
            return .failure(answer.body["errors"]?.arrayValue?.first?["message"]?.stringValue ?? "\(model.listField) gave no items.")
        }
        let rows = items.map { item in
            columns.map { column in (column.isText ? item[column.name]?["plaintext"] : item[column.name]) ?? .null }
        }
        let total = fragmentCounts().first { $0.typeName == model.typeName }?.count ?? rows.count
        return ConsoleRows(columns: columns.map(\.name), rows: rows, total: total)
    }

    func consoleSchema() -> String { schemaSDL }

    /// `basic <user>`, `bearer`, or `anonymous` (AEM's author tier refuses the last).
    nonisolated func callerLabel(_ request: HTTPRequest) -> String {
        guard let header = request.headers["Authorization"] else { return "anonymous" }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return "unreadable credentials" }
        switch parts[0].lowercased() {
        case "bearer": return "bearer token"
        case "basic":
            guard let bytes = AEMBase64.decode(parts[1].trimmingSpaces) else { return "unreadable credentials" }
            return "basic " + String(decoding: bytes.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self)
        default: return "unreadable credentials"
        }
    }

    /// The fields the rows view shows: the path, then every field with a value of its own
    /// (references are left out); multi-line text as plain text.
    private static func consoleColumns(_ model: AEMModel) -> [(name: String, isText: Bool)] {
        [("_path", false)] + model.fields.compactMap { field in
            switch field.kind {
            case .contentReference, .fragmentReference: nil
            case .multiLineText: (field.name, true)
            default: (field.name, false)
            }
        }
    }
}
