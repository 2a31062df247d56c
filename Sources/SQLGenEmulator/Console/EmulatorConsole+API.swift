// The console's API, which its page calls (with the token, same-origin):
//   GET  overview              the operations (with their variables) and the collections
//   POST run                   {connector, name, variables, caller}: status, time, response, SQL
//   GET  rows?collection=&offset=&limit=&sort=&descending=1   a page of rows
//   GET  schema                the expanded schema as SDL
//   GET  log?after=N           the requests answered since entry N

import SQLGenHTTP
import SQLGenJSON

extension EmulatorConsole {
    func api(_ request: HTTPRequest, endpoint: String, method: String) async -> HTTPResponse {
        guard Self.endpoints.contains(endpoint) else { return Self.error(404, "No console API at \(request.path).") }
        let expected = endpoint == "run" ? "POST" : "GET"
        guard method == expected else { return Self.methodNotAllowed(endpoint == "run" ? "POST" : "GET, HEAD") }
        let query = ConsoleQuery(request.query)
        switch endpoint {
        case "overview":
            return Self.json(await source.consoleOverview().json)
        case "run":
            return await run(request.body)
        case "rows":
            guard let collection = query["collection"] else { return Self.error(400, "rows needs ?collection=<name>.") }
            let rowsQuery = ConsoleRowsQuery(collection: collection, offset: max(0, query.int("offset") ?? 0),
                                             limit: min(max(1, query.int("limit") ?? 50), ConsoleRowsQuery.largestPage),
                                             sort: query["sort"].flatMap { $0.isEmpty ? nil : $0 }, descending: query["descending"] == "1")
            let rows = await source.consoleRows(rowsQuery)
            return Self.json(rows.json(offset: rowsQuery.offset), status: rows.error == nil ? 200 : 400)
        case "schema":
            return Self.secured(.text(await source.consoleSchema()))
        default:
            let after = query.int("after") ?? 0
            let (entries, last) = log.entries(after: after)
            let items = entries.map { $0.json(caller: source.callerLabel(HTTPRequest(method: $0.method, target: $0.path, headers: $0.headers))) }
            return Self.json(.object([JSONMember("entries", .array(items)), JSONMember("last", .int(Int64(last)))]))
        }
    }

    private static let endpoints: Set<String> = ["overview", "run", "rows", "schema", "log"]

    private func run(_ body: [UInt8]) async -> HTTPResponse {
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(body)
        } catch {
            return Self.error(400, "The body is not valid JSON: \(error).")
        }
        guard let connector = parsed["connector"]?.stringValue, let name = parsed["name"]?.stringValue else {
            return Self.error(400, "run needs {\"connector\", \"name\", \"variables\", \"caller\"}.")
        }
        guard let caller = ConsoleCaller(json: parsed["caller"]) else {
            return Self.error(400, "\"caller\" must be {\"kind\": \"admin\" | \"signedOut\" | \"user\" (with \"uid\", \"claims\") | \"bearer\" (with \"token\")}.")
        }
        let variables = parsed["variables"].flatMap { $0.isNull ? nil : $0 } ?? .object([])
        let result = await source.consoleRun(ConsoleRunRequest(connector: connector, name: name, variables: variables, caller: caller))
        return Self.secured(.json(result.json))
    }
}

/// A request's `?name=value&...`, percent-decoded (`+` is a space, as forms send it).
struct ConsoleQuery {
    private var values: [String: String] = [:]

    init(_ query: String?) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in PersistedQueryPath.percentDecode(Substring(String(text.map { $0 == "+" ? " " : $0 }))) }
            guard let name = decode(parts[0]) else { continue }
            values[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
    }

    subscript(name: String) -> String? { values[name] }

    func int(_ name: String) -> Int? { values[name].flatMap { Int($0) } }
}
