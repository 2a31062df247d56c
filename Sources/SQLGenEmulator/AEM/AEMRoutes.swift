// AEM's side of the router: the author tier's credentials, persisted queries by configuration
// and name in every client's variable encoding, persist.json's create and update, list.json per
// configuration, the GraphiQL endpoint and schema, assets, and AEM's servlet errors.

import SQLGenHTTP
import SQLGenJSON

struct AEMRoutes: RouterDialect {
    let instance: AEMInstance
    /// Where `/content/dam/` files are; placeholders for the rest, and for all without one.
    var assetsDirectory: String?

    /// AEM's answers read whole models: none is cheap enough for the event loop.
    var answersInline: Bool { false }

    /// The author tier answers a request without credentials with 401 and no body at all. No
    /// WWW-Authenticate challenge: URLSession on Linux stalls on it instead of returning the 401.
    func gate(_ request: HTTPRequest) -> HTTPResponse? {
        instance.isAuthor && !Self.isAuthorized(request) ? HTTPResponse(status: 401) : nil
    }

    /// `Authorization: Basic <base64 user:password>` with a user name, or `Bearer <token>`.
    static func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let header = request.headers["Authorization"] else { return false }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let credentials = parts[1].trimmingSpaces
        switch parts[0].lowercased() {
        case "bearer":
            return !credentials.isEmpty
        case "basic":
            guard let bytes = AEMBase64.decode(credentials), let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return false }
            return colon > 0
        default:
            return false
        }
    }

    func route(_ request: HTTPRequest, method: String, router: EmulatorRouter) async -> HTTPResponse? {
        let path = request.path
        if path.hasSuffix("/endpoint.json"), path.hasPrefix("/content/") {
            guard method == "POST" else { return error(.methodNotAllowed(allowed: "POST")) }
            return await adHoc(request, router: router)
        }
        let isContent = path.hasPrefix("/content/")
        guard method == "GET" else { return isContent || path.hasPrefix(Self.deliveryPrefix) ? error(.methodNotAllowed(allowed: "GET, HEAD")) : nil }
        if isContent, path.hasSuffix(".GQLschema") {
            var response = HTTPResponse(status: 200, body: Array(await router.engine.schemaSDL.utf8))
            response.headers.replaceOrAdd(name: "Content-Type", value: "text/x-graphql-schema;charset=utf-8")
            return response
        }
        if path.hasPrefix("/content/dam/") { return damAsset(path) }
        if path.hasPrefix(Self.deliveryPrefix) { return delivery(path: path, query: request.query) }
        return nil
    }

    /// `POST /content/_cq_graphql/<configuration>/endpoint.json` (what GraphiQL calls): an ad-hoc query.
    private func adHoc(_ request: HTTPRequest, router: EmulatorRouter) async -> HTTPResponse {
        if router.persistedOnly { return error(.persistedOnly("Ad-hoc queries are disabled (--persisted-only).")) }
        guard let body = try? JSONParser.parse(request.body), case .object = body, let query = body["query"]?.stringValue else {
            let refusal = ExecutionResult(data: nil, errors: [ResponseError(message: "The body must be a JSON object with a \"query\" string.", code: "InvalidSyntax")])
            return .json(status: 400, refusal.json(kindKey: .classification).serialized())
        }
        var variables: JSONValue = .object([])
        if let given = body["variables"], !given.isNull { variables = given }
        let operationRequest = OperationRequest(variables: .json(variables), caller: Caller(isAdmin: true), origin: EmulatorRouter.origin(request))
        let answer = await router.engine.respond(toDocument: query, operationName: body["operationName"]?.stringValue, operationRequest)
        return .json(status: answer.status, answer.body)
    }

    // MARK: Persisted queries

    func persistedRequest(_ request: HTTPRequest, rest: Substring, isGet: Bool) -> PersistedRequest {
        var suffix = String(rest)
        // A raw `?` inside a value (the iOS sample's encoding) arrives as the query string.
        if let query = request.query { suffix += "?" + query }
        // The Java client encodes spaces as `+`; a real plus arrives as %2B.
        let spaced = String(suffix.map { $0 == "+" ? " " : $0 })
        guard let (configuration, name, pairs) = PersistedQueryPath.parse(Substring(spaced)) else {
            let details = "Suffix: '/\(suffix)' is not of the form /<configuration>/<query name>[;variable=value...]"
            return .refused(Self.servletError(400, "ServletError", message: "Invalid persisted query path", details: details))
        }
        var variables: JSONValue = .object([])
        if !isGet, !request.body.isEmpty, let body = try? JSONParser.parse(request.body), let given = body["variables"], !given.isNull { variables = given }
        let operationRequest = OperationRequest(variables: isGet ? .path(pairs) : .json(variables), caller: Caller(), queryOnly: isGet,
                                                origin: EmulatorRouter.origin(request))
        return .run(connector: configuration, name: name, operationRequest)
    }

    func persist(_ request: HTTPRequest, rest: Substring, isUpdate: Bool, engine: EmulatorEngine) async -> HTTPResponse {
        guard let decoded = PersistedQueryPath.percentDecode(rest) else {
            return Self.servletError(400, "ServletError", message: "Malformed path", details: String(rest))
        }
        guard let (configuration, name) = PersistedQueryPath.persistTarget(decoded) else {
            return Self.servletError(400, "ServletError", message: "Invalid persisted query path", details: "Expected /graphql/persist.json/<configuration>/<query name>")
        }
        var text = String(decoding: request.body, as: UTF8.self)
        var cache = AEMCacheHeaders()
        if let body = try? JSONParser.parse(request.body), case .object = body {
            guard let query = body["query"]?.stringValue else {
                return Self.servletError(400, "PersistenceError", message: "Invalid persisted query", details: "The JSON body has no \"query\".")
            }
            text = query
            cache = AEMCacheHeaders(cacheControl: Self.cacheHeader(body["cache-control"]), surrogateControl: Self.cacheHeader(body["surrogate-control"]))
        }
        let exists = await engine.hasOperation(connector: configuration, name: name)
        if exists, !isUpdate {
            return Self.servletError(409, "PersistenceError", message: "Persisted query already exists",
                                     details: "Configuration: '\(configuration)' and Query Name: '\(name)' already exist; update it with POST")
        }
        do {
            try await engine.persist(connector: configuration, name: name, text: text, cacheControl: cache.cacheControl, surrogateControl: cache.surrogateControl)
        } catch {
            return Self.servletError(400, "QueryValidationError", message: "Persisted Query Validation Error", details: error.message)
        }
        return Self.json(exists ? 200 : 201, .object([
            JSONMember("action", .string(exists ? "update" : "create")), JSONMember("configurationName", .string(configuration)),
            JSONMember("name", .string(name)), JSONMember("shortPath", .string("/\(configuration)/\(name)")),
            JSONMember("path", .string("/conf/\(configuration)/settings/graphql/persistentQueries/\(name)")),
        ]))
    }

    /// `{"max-age": 300, "stale-while-revalidate": 1000}` → `max-age=300,stale-while-revalidate=1000`.
    static func cacheHeader(_ value: JSONValue?) -> String? {
        guard case .object(let members)? = value, !members.isEmpty else { return nil }
        return members.map { member in
            switch member.value {
            case .int(let number): return "\(member.key)=\(number)"
            case .string(let text): return "\(member.key)=\(text)"
            default: return member.key
            }
        }.joined(separator: ",")
    }

    /// AEM's list: per configuration (in name order), each query's paths and text.
    func list(_ operations: [EmulatorEngine.ListedOperation], connector: String?) -> HTTPResponse {
        let queries = operations.filter { connector == nil || $0.connector == connector }.sorted { ($0.connector, $0.name) < ($1.connector, $1.name) }
        var grouped: [(String, [JSONValue])] = []
        for query in queries {
            let entry = JSONValue.object([
                JSONMember("path", .object([
                    JSONMember("shortForm", .string("/\(query.connector)/\(query.name)")),
                    JSONMember("longForm", .string("/conf/\(query.connector)/settings/graphql/persistentQueries/\(query.name)")),
                ])),
                JSONMember("data", .object([JSONMember("query", .string(query.text))])),
            ])
            if grouped.last?.0 == query.connector {
                grouped[grouped.count - 1].1.append(entry)
            } else {
                grouped.append((query.connector, [entry]))
            }
        }
        return Self.json(200, .array(grouped.map { .object([JSONMember("configurationName", .string($0.0)), JSONMember("queries", .array($0.1))]) }))
    }

    // MARK: Errors

    func error(_ error: RouteError) -> HTTPResponse {
        switch error {
        case .notFound(let path):
            return Self.servletError(404, "ServletError", message: "Resource not found", details: "No resource at \(path)")
        case .methodNotAllowed(let allowed):
            var response = Self.servletError(405, "ServletError", message: "Method not allowed", details: "Use \(allowed).")
            response.headers.replaceOrAdd(name: "Allow", value: allowed)
            return response
        case .refused(let refusal):
            return Self.servletError(refusal.status, "ServletError", message: HTTPResponse.reasonPhrase(for: refusal.status), details: refusal.message)
        case .persistedOnly(let message):
            return Self.servletError(403, "ServletError", message: HTTPResponse.reasonPhrase(for: 403), details: message)
        }
    }

    static func json(_ status: Int, _ body: JSONValue) -> HTTPResponse { .json(status: status, body.serialized()) }

    static func servletError(_ status: Int, _ type: String, message: String, details: String) -> HTTPResponse {
        json(status, AEMErrorWording.servletError(type, message: message, details: details))
    }
}
