// Data Connect's side of the router: persisted operations by connector and name (variables in
// the path or a JSON body, the caller from its bearer token), GraphQL over HTTP at `/graphql`,
// Firebase Auth's sign-in endpoints, and GraphQL-shaped errors with `extensions.code`.

import SQLGenHTTP
import SQLGenJSON

struct DataConnectRoutes: RouterDialect {
    var answersInline: Bool { true }

    func gate(_ request: HTTPRequest) -> HTTPResponse? { nil }

    func route(_ request: HTTPRequest, method: String, router: EmulatorRouter) async -> HTTPResponse? {
        if request.path == "/graphql" { return await router.graphQL(request, method: method) }
        guard AuthEndpoints.handles(request.path) else { return nil }
        let answer = await router.engine.respondAuth(method: method, path: request.path, body: request.body)
        return .json(status: answer.status, answer.body.serialized())
    }

    func persistedRequest(_ request: HTTPRequest, rest: Substring, isGet: Bool) -> PersistedRequest {
        guard let (connector, name, pairs) = PersistedQueryPath.parse(rest) else {
            return .refused(Self.error(400, "Malformed persisted-query path: expected /graphql/execute.json/<connector>/<operation>;name=value..."))
        }
        var variables: JSONValue = .object([])
        if !isGet {
            guard pairs.isEmpty else { return .refused(Self.error(400, "POST requests send variables in the body, not in the path.")) }
            if !request.body.isEmpty {
                let body: JSONValue
                do {
                    body = try JSONParser.parse(request.body)
                } catch {
                    return .refused(Self.error(400, "The body is not valid JSON: \(error)."))
                }
                guard case .object = body else { return .refused(Self.error(400, "The body must be a JSON object like {\"variables\": {...}}.")) }
                if let given = body["variables"], !given.isNull { variables = given }
            }
        }
        let operationRequest = OperationRequest(variables: isGet ? .path(pairs) : .json(variables), caller: EmulatorRouter.caller(request), queryOnly: isGet)
        return .run(connector: connector, name: name, operationRequest)
    }

    func persist(_ request: HTTPRequest, rest: Substring, isUpdate: Bool, engine: EmulatorEngine) async -> HTTPResponse {
        guard let decoded = PersistedQueryPath.percentDecode(rest) else { return Self.error(400, "Malformed path.") }
        guard let (connector, name) = PersistedQueryPath.persistTarget(decoded) else {
            return Self.error(400, "Expected /graphql/persist.json/<connector>/<name>.")
        }
        var text = String(decoding: request.body, as: UTF8.self)
        if let body = try? JSONParser.parse(request.body), case .string(let query)? = body["query"] { text = query }
        do {
            try await engine.persist(connector: connector, name: name, text: text)
        } catch {
            return Self.error(400, error.message)
        }
        let path = "/\(connector)/\(name)"
        return .json(status: 201, JSONValue.object([
            JSONMember("action", .string("create")), JSONMember("configurationName", .string(connector)),
            JSONMember("name", .string(name)), JSONMember("shortPath", .string(path)),
            JSONMember("path", .string(EmulatorRouter.executePrefix.dropLast() + path)),
        ]).serialized())
    }

    func list(_ operations: [EmulatorEngine.ListedOperation], connector: String?) -> HTTPResponse {
        let items: [JSONValue] = operations.filter { connector == nil || $0.connector == connector }.map { item in
            .object([
                JSONMember("connector", .string(item.connector)),
                JSONMember("name", .string(item.name)),
                JSONMember("kind", .string(item.kind)),
                JSONMember("auth", .string(item.access.rawValue)),
                JSONMember("path", .string(EmulatorRouter.executePrefix + item.connector + "/" + item.name)),
            ])
        }
        return .json(JSONValue.object([JSONMember("items", .array(items))]).serialized())
    }

    func error(_ error: RouteError) -> HTTPResponse {
        switch error {
        case .notFound(let path):
            return EmulatorRouter.error(404, "No endpoint at \(path). Try /graphql/execute.json/<connector>/<operation>, /graphql, /graphql/list.json or /schema.graphql.",
                                        code: "NOT_FOUND")
        case .methodNotAllowed(let allowed):
            var response = Self.error(405, "Method not allowed; use \(allowed).")
            response.headers.replaceOrAdd(name: "Allow", value: allowed)
            return response
        case .refused(let refusal):
            let code = switch refusal.status {
            case 403: "PERMISSION_DENIED"
            case 501: "UNIMPLEMENTED"
            default: "INVALID_ARGUMENT"
            }
            return EmulatorRouter.error(refusal.status, refusal.message, code: code)
        case .persistedOnly(let message):
            return EmulatorRouter.error(403, message, code: "PERMISSION_DENIED")
        }
    }

    /// A request error: the client's mistake.
    private static func error(_ status: Int, _ message: String) -> HTTPResponse {
        EmulatorRouter.error(status, message, code: "INVALID_ARGUMENT")
    }
}
