// What the console reads from and runs on an engine serving AEM, through AEM's own surface:
// persisted queries run as a client's POST would, and the content fragments of a model are read
// with an ad-hoc `<model>List(offset:limit:sort:)` query, so the console shows them as AEM
// serves them. AEM mode runs no SQL of the client's: its runs list no statements.

import SQLGenAEM
import SQLGenHTTP
import SQLGenJSON

extension EmulatorEngine {
    /// Where the console's runs say they come from (asset URLs in answers are made from it).
    private static let consoleOrigin = "http://localhost"

    func aemConsoleOverview(_ instance: AEMInstance) -> ConsoleOverview {
        let state = published.withLock { $0 }
        let operations = operationList().compactMap { item -> ConsoleOperation? in
            guard let compiled = state.operations[item.connector]?[item.name] else { return nil }
            return ConsoleOperation(connector: item.connector, name: item.name, kind: item.kind, access: instance.isAuthor ? "author" : "publish",
                                    text: compiled.text, variables: ConsoleVariable.describe(compiled.operation.variableDefinitions, schema: state.schema))
        }
        let counts = Dictionary(fragmentCounts().map { ($0.typeName, $0.count) }, uniquingKeysWith: { first, _ in first })
        let collections = instance.models.map { model in
            ConsoleCollection(name: model.typeName, rows: counts[model.typeName] ?? 0, isView: false, columns: Self.consoleColumns(model).map(\.name))
        }
        return ConsoleOverview(operations: operations, collections: collections)
    }

    func aemConsoleRun(_ run: ConsoleRunRequest) async -> ConsoleRunResult {
        let start = ContinuousClock.now
        var request = OperationRequest(variables: .json(run.variables), caller: run.caller.caller)
        request.origin = Self.consoleOrigin
        let answer = await respond(connector: run.connector, name: run.name, request)
        return ConsoleRunResult(status: answer.status, body: answer.body, duration: start.duration(to: .now), statements: [], statementsOmitted: 0)
    }

    func aemConsoleRows(_ query: ConsoleRowsQuery, _ instance: AEMInstance) async -> ConsoleRows {
        guard let model = instance.modelsByType[query.collection] else { return .failure("No model named \"\(query.collection)\".") }
        let columns = Self.consoleColumns(model)
        var arguments = "offset: \(query.offset), limit: \(query.limit)"
        if let sort = query.sort {
            guard columns.contains(where: { $0.name == sort }) else { return .failure("No field named \"\(sort)\" in \(model.typeName).") }
            arguments += ", sort: \"\(sort) \(query.descending ? "DESC" : "ASC")\""
        }
        let selection = columns.map { $0.isText ? "\($0.name) { plaintext }" : $0.name }.joined(separator: " ")
        var request = OperationRequest(variables: .json(.object([])), caller: Caller(isAdmin: true))
        request.origin = Self.consoleOrigin
        let answer = await respond(toDocument: "{ \(model.listField)(\(arguments)) { items { \(selection) } } }", operationName: nil, request)
        let body = (try? JSONParser.parse(answer.body)) ?? .null
        guard let items = body["data"]?[model.listField]?["items"]?.arrayValue else {
            return .failure(body["errors"]?.arrayValue?.first?["message"]?.stringValue ?? "\(model.listField) gave no items.")
        }
        let rows = items.map { item in
            columns.map { column in (column.isText ? item[column.name]?["plaintext"] : item[column.name]) ?? .null }
        }
        let total = (try? AEMContentStore(database: database).count(ofType: model.typeName)) ?? rows.count
        return ConsoleRows(columns: columns.map(\.name), rows: rows, total: total)
    }

    /// `basic <user>`, `bearer token`, or `anonymous` (AEM's author tier refuses the last).
    nonisolated static func aemCallerLabel(_ request: HTTPRequest) -> String {
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
