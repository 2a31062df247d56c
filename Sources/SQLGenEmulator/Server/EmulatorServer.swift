// The emulator's HTTP endpoints on SQLGenHTTP: persisted operations (AEM style), GraphQL over
// HTTP for ad-hoc requests, persisted-query management, Firebase Auth's sign-in endpoints, the
// schema and a health check.

import SQLGenHTTP
import SQLGenLanguage
import SQLGenSchema

/// The HTTP face of an `EmulatorEngine`.
public final class EmulatorServer: Sendable {
    public let engine: EmulatorEngine
    /// Refuse ad-hoc operations and `persist.json`: only hosted operations run.
    public let persistedOnly: Bool
    private let server: HTTPServer

    /// `access` decides what a web browser may do (by default: the pages of no other origin may
    /// change data or run ad-hoc operations, and `Host` must name the server).
    public init(engine: EmulatorEngine, configuration: HTTPServerConfiguration = HTTPServerConfiguration(), persistedOnly: Bool = false,
                access: LocalAccessPolicy? = nil) {
        self.engine = engine
        self.persistedOnly = persistedOnly
        let access = access ?? LocalAccessPolicy(boundHost: configuration.host)
        let router = EmulatorRouter(engine: engine, persistedOnly: persistedOnly, access: access)
        // The console answers `/` and `/console/...`, and logs every other request.
        let console = EmulatorConsole(source: engine, access: access)
        server = HTTPServer(configuration: configuration, inline: { request in console.observing(request) { router.handleInline(request) } }) { request in
            await console.respond(to: request) { await router.handle(request) }
        }
    }

    /// Starts listening; returns the bound port.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int { try server.start() }

    public var port: Int? { server.port }

    /// Stops accepting, lets in-flight requests finish, closes the connections.
    public func stop() async { await server.stop() }
}

struct EmulatorRouter: Sendable {
    let engine: EmulatorEngine
    let persistedOnly: Bool
    var access = LocalAccessPolicy()

    static let executePrefix = "/graphql/execute.json/"
    static let persistPrefix = "/graphql/persist.json/"

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await access.respond(to: request, adHoc: request.path == "/graphql", refuse: Self.refusal) { await route(request) }
    }

    private func route(_ request: HTTPRequest) async -> HTTPResponse {
        let method = request.method == "HEAD" ? "GET" : request.method
        let path = request.path
        switch path {
        case "/healthz", "/schema.graphql", "/graphql/list.json":
            guard method == "GET" else { return Self.methodNotAllowed("GET, HEAD") }
            if path == "/healthz" { return .json("{\"status\":\"ok\"}") }
            return path == "/schema.graphql" ? .text(await engine.schemaSDL) : await list()
        case "/graphql":
            return await graphQL(request, method: method)
        default:
            break
        }
        if AuthEndpoints.handles(path) {
            let answer = await engine.respondAuth(method: method, path: path, body: request.body)
            return .json(status: answer.status, answer.body.serialized())
        }
        if path.hasPrefix(Self.executePrefix) {
            guard method == "GET" || method == "POST" else { return Self.methodNotAllowed("GET, POST") }
            return await executePersisted(request, rest: path.dropFirst(Self.executePrefix.count), isGet: method == "GET")
        }
        if path.hasPrefix(Self.persistPrefix) {
            guard method == "PUT" || method == "POST" else { return Self.methodNotAllowed("PUT") }
            return await persist(request, rest: path.dropFirst(Self.persistPrefix.count))
        }
        return Self.error(404, "No endpoint at \(path). Try /graphql/execute.json/<connector>/<operation>, /graphql, /graphql/list.json or /schema.graphql.", code: "NOT_FOUND")
    }

    /// Begins on the HTTP event-loop thread what may need no waiting: a GET (or HEAD) of a hosted
    /// query that `InlineLookup` found cheap, answered there while a read connection is free (or
    /// continued in a task once admitted). Everything else is declined, for `handle`; both build
    /// the answer with `persistedResponse`.
    func handleInline(_ request: HTTPRequest) -> InlineOutcome {
        guard request.method == "GET" || request.method == "HEAD", request.path.hasPrefix(Self.executePrefix) else { return .declined }
        return access.respondInline(to: request, refuse: Self.refusal) { () -> InlineOutcome in
            guard let (connector, name, pairs) = PersistedQueryPath.parse(request.path.dropFirst(Self.executePrefix.count)) else { return .declined }
            let operationRequest = OperationRequest(variables: .path(pairs), caller: Self.caller(request), queryOnly: true)
            switch engine.respondInline(connector: connector, name: name, operationRequest) {
            case .answered(let answer): return .answered(Self.persistedResponse(answer, to: request, isGet: true))
            case .declined: return .declined
            case .continued(let work): return .continued { Self.persistedResponse(await work(), to: request, isGet: true) }
            }
        }
    }

    // MARK: Responses

    static func error(_ status: Int, _ message: String, code: String) -> HTTPResponse {
        .json(status: status, ExecutionResult(data: nil, errors: [ResponseError(message: message, code: code)]).json.serialized())
    }

    /// A request `LocalAccessPolicy` refuses, as a GraphQL error.
    static func refusal(_ refusal: LocalAccessPolicy.Refusal) -> HTTPResponse {
        let code = switch refusal.status {
        case 403: "PERMISSION_DENIED"
        case 501: "UNIMPLEMENTED"
        default: "INVALID_ARGUMENT"
        }
        return error(refusal.status, refusal.message, code: code)
    }

    static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = error(405, "Method not allowed; use \(allowed).", code: "INVALID_ARGUMENT")
        response.headers.replaceOrAdd(name: "Allow", value: allowed)
        return response
    }

    /// `Authorization: Bearer <token>` (or Data Connect's `X-Firebase-Auth-Token: <token>`); see `Caller(bearerToken:)`.
    static func caller(_ request: HTTPRequest) -> Caller {
        guard let header = request.headers["Authorization"] else {
            return request.headers["X-Firebase-Auth-Token"].map { Caller(bearerToken: $0.trimmingSpaces) } ?? Caller()
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return Caller() }
        return Caller(bearerToken: parts[1].trimmingSpaces)
    }

    // MARK: Persisted operations

    private func executePersisted(_ request: HTTPRequest, rest: Substring, isGet: Bool) async -> HTTPResponse {
        guard let (connector, name, pairs) = PersistedQueryPath.parse(rest) else {
            return Self.error(400, "Malformed persisted-query path: expected /graphql/execute.json/<connector>/<operation>;name=value...", code: "INVALID_ARGUMENT")
        }
        var variables: JSONValue = .object([])
        if !isGet {
            guard pairs.isEmpty else { return Self.error(400, "POST requests send variables in the body, not in the path.", code: "INVALID_ARGUMENT") }
            if !request.body.isEmpty {
                let body: JSONValue
                do {
                    body = try JSONParser.parse(request.body)
                } catch {
                    return Self.error(400, "The body is not valid JSON: \(error).", code: "INVALID_ARGUMENT")
                }
                guard case .object = body else { return Self.error(400, "The body must be a JSON object like {\"variables\": {...}}.", code: "INVALID_ARGUMENT") }
                if let given = body["variables"], !given.isNull { variables = given }
            }
        }
        let operationRequest = OperationRequest(variables: isGet ? .path(pairs) : .json(variables), caller: Self.caller(request), queryOnly: isGet)
        let answer = await engine.respond(connector: connector, name: name, operationRequest)
        return Self.persistedResponse(answer, to: request, isGet: isGet)
    }

    /// The HTTP answer for a persisted operation's result (inline or not): ETag, 304 for a
    /// matching `If-None-Match` and `Cache-Control: no-cache` on a successful GET, `no-store` otherwise.
    static func persistedResponse(_ answer: EngineAnswer, to request: HTTPRequest, isGet: Bool) -> HTTPResponse {
        var http = HTTPResponse.json(status: answer.status, answer.body)
        // A mutation over GET: the one method that would work.
        if answer.status == 405 { http.headers.replaceOrAdd(name: "Allow", value: "POST") }
        if isGet, answer.status == 200 {
            let tag = "\"" + Self.etag(http.body) + "\""
            http.headers.replaceOrAdd(name: "ETag", value: tag)
            // Clients may keep the response but must revalidate it (the data can change at any time).
            http.headers.replaceOrAdd(name: "Cache-Control", value: "no-cache")
            if let match = request.headers["If-None-Match"], match.split(separator: ",").contains(where: { $0.trimmingSpaces == tag || $0.trimmingSpaces == "W/" + tag }) {
                return HTTPResponse(status: 304, headers: ["ETag": tag, "Cache-Control": "no-cache"])
            }
        } else {
            http.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        }
        return http
    }

    /// A 64-bit hash of the body, in hex. Eight bytes at a time in four independent lanes (a
    /// multiply-xorshift mix each), so hashing a list's tens of kilobytes costs a few microseconds
    /// rather than a byte-serial multiply chain; the tail and the length are mixed in at the end.
    static func etag(_ bytes: [UInt8]) -> String {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        func mix(_ value: UInt64) -> UInt64 {
            var value = value
            value ^= value >> 32
            value = value &* 0xD6E8_FEB8_6659_FD93
            value ^= value >> 32
            return value
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89)
        let hash = bytes.withUnsafeBytes { buffer -> UInt64 in
            var offset = 0
            while offset + 32 <= buffer.count {
                lanes.0 = (lanes.0 ^ buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
                lanes.1 = (lanes.1 ^ buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* multiplier
                lanes.2 = (lanes.2 ^ buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* multiplier
                lanes.3 = (lanes.3 ^ buffer.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* multiplier
                lanes.0 ^= lanes.0 >> 29
                lanes.1 ^= lanes.1 >> 29
                lanes.2 ^= lanes.2 >> 29
                lanes.3 ^= lanes.3 >> 29
                offset += 32
            }
            var tail = mix(lanes.0) ^ (mix(lanes.1) &* 3) ^ (mix(lanes.2) &* 5) ^ (mix(lanes.3) &* 7)
            while offset < buffer.count {
                tail = (tail ^ UInt64(buffer[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
            return mix(tail ^ UInt64(buffer.count))
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    private func list() async -> HTTPResponse {
        let items: [JSONValue] = await engine.operationList().map { item in
            .object([
                JSONMember("connector", .string(item.connector)),
                JSONMember("name", .string(item.name)),
                JSONMember("kind", .string(item.kind)),
                JSONMember("auth", .string(item.access.rawValue)),
                JSONMember("path", .string(Self.executePrefix + item.connector + "/" + item.name)),
            ])
        }
        return .json(JSONValue.object([JSONMember("items", .array(items))]).serialized())
    }

    private func persist(_ request: HTTPRequest, rest: Substring) async -> HTTPResponse {
        if persistedOnly { return Self.error(403, "Persisting queries is disabled (--persisted-only).", code: "PERMISSION_DENIED") }
        guard let decoded = PersistedQueryPath.percentDecode(rest) else { return Self.error(400, "Malformed path.", code: "INVALID_ARGUMENT") }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, !segments[0].isEmpty, !segments[1].isEmpty else {
            return Self.error(400, "Expected /graphql/persist.json/<connector>/<name>.", code: "INVALID_ARGUMENT")
        }
        var text = String(decoding: request.body, as: UTF8.self)
        if let body = try? JSONParser.parse(request.body), case .string(let query)? = body["query"] { text = query }
        do {
            try await engine.persist(connector: String(segments[0]), name: String(segments[1]), text: text)
        } catch {
            return Self.error(400, error.message, code: "INVALID_ARGUMENT")
        }
        let path = "/\(segments[0])/\(segments[1])"
        return .json(status: 201, JSONValue.object([
            JSONMember("action", .string("create")), JSONMember("configurationName", .string(String(segments[0]))),
            JSONMember("name", .string(String(segments[1]))), JSONMember("shortPath", .string(path)),
            JSONMember("path", .string(Self.executePrefix.dropLast() + path)),
        ]).serialized())
    }
}
