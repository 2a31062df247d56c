// AEM's HTTP surface over an `AEMEngine`: persisted queries (`execute.json`, `persist.json`,
// `list.json`), the ad-hoc endpoint and schema, DAM assets and web-optimized image delivery as
// placeholders, with author-tier authentication (401 with an empty body without credentials).

import Foundation
import SQLGenHTTP

/// The HTTP face of an `AEMEngine`.
public final class AEMServer: Sendable {
    public let engine: AEMEngine
    private let server: HTTPServer

    /// With `assetsDirectory`, `/content/dam/<path>` serves the real file `<assetsDirectory>/<path>`
    /// when there is one; otherwise (and without a folder) a placeholder image of the right type.
    /// `access` decides what a web browser may do, as for `EmulatorServer`.
    public init(engine: AEMEngine, configuration: HTTPServerConfiguration = HTTPServerConfiguration(), assetsDirectory: String? = nil,
                access: LocalAccessPolicy? = nil) {
        self.engine = engine
        let access = access ?? LocalAccessPolicy(boundHost: configuration.host)
        let router = AEMRouter(engine: engine, assetsDirectory: assetsDirectory, access: access)
        // The console answers `/` and `/console/...`, and logs every other request.
        let console = EmulatorConsole(source: engine, access: access)
        server = HTTPServer(configuration: configuration) { request in await console.respond(to: request) { await router.handle(request) } }
    }

    /// Starts listening; returns the bound port.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int { try server.start() }

    public var port: Int? { server.port }

    public func stop() async { await server.stop() }
}

struct AEMRouter: Sendable {
    let engine: AEMEngine
    var assetsDirectory: String? = nil
    var access = LocalAccessPolicy()

    static let executePrefix = "/graphql/execute.json/"
    static let persistPrefix = "/graphql/persist.json/"
    static let listPath = "/graphql/list.json"
    static let deliveryPrefix = "/adobe/dynamicmedia/deliver/"

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await access.respond(to: request, refuse: Self.refusal) { await route(request) }
    }

    private func route(_ request: HTTPRequest) async -> HTTPResponse {
        let method = request.method == "HEAD" ? "GET" : request.method
        let path = request.path
        if method == "GET", path == "/healthz" { return .json("{\"status\":\"ok\"}") }
        if engine.isAuthor, !Self.isAuthorized(request) {
            // AEM answers an unauthenticated author request with 401 and no body at all. No
            // WWW-Authenticate challenge: URLSession on Linux stalls on it instead of returning the 401.
            return HTTPResponse(status: 401)
        }
        let origin = "http://" + (request.headers["Host"] ?? "127.0.0.1")
        if path.hasPrefix(Self.executePrefix) {
            guard method == "GET" || method == "POST" else { return Self.methodNotAllowed("GET, POST") }
            var rest = String(path.dropFirst(Self.executePrefix.count))
            // A raw `?` inside a value (the iOS sample's encoding) arrives as the query string.
            if let query = request.query { rest += "?" + query }
            return await execute(request, rest: rest, isGet: method == "GET", origin: origin)
        }
        if path.hasPrefix(Self.persistPrefix) {
            guard method == "PUT" || method == "POST" else { return Self.methodNotAllowed("PUT, POST") }
            return await persist(request, rest: Substring(path.dropFirst(Self.persistPrefix.count)), isUpdate: method == "POST")
        }
        if method == "GET", path == Self.listPath || path.hasPrefix(Self.listPath + "/") {
            let configuration = path.count > Self.listPath.count ? String(path.dropFirst(Self.listPath.count + 1)) : nil
            return await list(configuration: configuration)
        }
        if path.hasSuffix("/endpoint.json"), path.hasPrefix("/content/") {
            guard method == "POST" else { return Self.methodNotAllowed("POST") }
            return await adHoc(request, origin: origin)
        }
        if method == "GET", path == "/schema.graphql" { return schemaDocument() }
        if method == "GET", path.hasPrefix("/content/"), path.hasSuffix(".GQLschema") {
            var response = HTTPResponse(status: 200, body: Array(engine.schemaSDL.utf8))
            response.headers.replaceOrAdd(name: "Content-Type", value: "text/x-graphql-schema;charset=utf-8")
            return response
        }
        if method == "GET", path.hasPrefix("/content/dam/") {
            guard let decoded = PersistedQueryPath.percentDecode(Substring(path)), AEMAssets.isAsset(decoded) else {
                return Self.notFound(path)
            }
            if let file = assetFile(decoded) { return file }
            return asset(extension: AEMAssets.fileExtension(decoded), width: AEMAssets.placeholderWidth, height: AEMAssets.placeholderHeight)
        }
        if method == "GET", path.hasPrefix(Self.deliveryPrefix) {
            return delivery(path: path, query: request.query)
        }
        if method != "GET", path == Self.listPath || path.hasPrefix("/content/") || path.hasPrefix(Self.deliveryPrefix) {
            return Self.methodNotAllowed("GET, HEAD")
        }
        return Self.notFound(path)
    }

    // MARK: Authentication

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

    // MARK: Persisted queries

    private func execute(_ request: HTTPRequest, rest: String, isGet: Bool, origin: String) async -> HTTPResponse {
        // The Java client encodes spaces as `+`; a real plus arrives as %2B.
        let spaced = String(rest.map { $0 == "+" ? " " : $0 })
        guard let (configuration, name, pairs) = PersistedQueryPath.parse(Substring(spaced)) else {
            return Self.json(400, AEMEngine.servletError("ServletError", message: "Invalid persisted query path",
                                                         details: "Suffix: '/\(rest)' is not of the form /<configuration>/<query name>[;variable=value...]"))
        }
        let response: AEMResponse
        if isGet {
            response = await engine.execute(configuration: configuration, name: name, pathVariables: pairs, origin: origin)
        } else {
            var variables: JSONValue = .object([])
            if !request.body.isEmpty, let body = try? JSONParser.parse(request.body), let given = body["variables"], !given.isNull { variables = given }
            response = await engine.execute(configuration: configuration, name: name, variables: variables, origin: origin)
        }
        if isGet { return Self.revalidating(response, to: request) }
        var http = Self.json(response.status, response.body)
        for (header, value) in response.headers { http.headers.replaceOrAdd(name: header, value: value) }
        return http
    }

    /// A persisted-query GET carries an ETag and answers a matching `If-None-Match` with 304, as
    /// in the Data Connect mode (its code), with AEM's cache headers on both.
    static func revalidating(_ response: AEMResponse, to request: HTTPRequest) -> HTTPResponse {
        let answer = EngineAnswer(status: response.status, body: response.body.serialized())
        var http = EmulatorRouter.persistedResponse(answer, to: request, isGet: true)
        for (header, value) in response.headers { http.headers.replaceOrAdd(name: header, value: value) }
        return http
    }

    /// The expanded schema (the endpoint's `.GQLschema`), where the Data Connect mode serves it too.
    private func schemaDocument() -> HTTPResponse {
        .text(engine.schemaSDL)
    }

    private func persist(_ request: HTTPRequest, rest: Substring, isUpdate: Bool) async -> HTTPResponse {
        guard let decoded = PersistedQueryPath.percentDecode(rest) else { return Self.json(400, AEMEngine.servletError("ServletError", message: "Malformed path", details: String(rest))) }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, !segments[0].isEmpty, !segments[1].isEmpty else {
            return Self.json(400, AEMEngine.servletError("ServletError", message: "Invalid persisted query path", details: "Expected /graphql/persist.json/<configuration>/<query name>"))
        }
        let configuration = String(segments[0])
        let name = String(segments[1])
        var text = String(decoding: request.body, as: UTF8.self)
        var cacheControl: String?
        var surrogateControl: String?
        if let body = try? JSONParser.parse(request.body), case .object = body {
            guard let query = body["query"]?.stringValue else {
                return Self.json(400, AEMEngine.servletError("PersistenceError", message: "Invalid persisted query", details: "The JSON body has no \"query\"."))
            }
            text = query
            cacheControl = Self.cacheHeader(body["cache-control"])
            surrogateControl = Self.cacheHeader(body["surrogate-control"])
        }
        let exists = await engine.hasQuery(configuration: configuration, name: name)
        if exists, !isUpdate {
            return Self.json(409, AEMEngine.servletError("PersistenceError", message: "Persisted query already exists",
                                                         details: "Configuration: '\(configuration)' and Query Name: '\(name)' already exist; update it with POST"))
        }
        do {
            try await engine.persist(configuration: configuration, name: name, text: text, cacheControl: cacheControl, surrogateControl: surrogateControl)
        } catch {
            return Self.json(400, AEMEngine.servletError("QueryValidationError", message: "Persisted Query Validation Error", details: error.message))
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

    private func list(configuration: String?) async -> HTTPResponse {
        let all = await engine.persistedQueries().filter { configuration == nil || $0.configuration == configuration }
        var grouped: [(String, [JSONValue])] = []
        for query in all {
            let entry = JSONValue.object([
                JSONMember("path", .object([
                    JSONMember("shortForm", .string("/\(query.configuration)/\(query.name)")),
                    JSONMember("longForm", .string("/conf/\(query.configuration)/settings/graphql/persistentQueries/\(query.name)")),
                ])),
                JSONMember("data", .object([JSONMember("query", .string(query.text))])),
            ])
            if let index = grouped.firstIndex(where: { $0.0 == query.configuration }) {
                grouped[index].1.append(entry)
            } else {
                grouped.append((query.configuration, [entry]))
            }
        }
        return Self.json(200, .array(grouped.map { .object([JSONMember("configurationName", .string($0.0)), JSONMember("queries", .array($0.1))]) }))
    }

    private func adHoc(_ request: HTTPRequest, origin: String) async -> HTTPResponse {
        guard let body = try? JSONParser.parse(request.body), case .object = body, let query = body["query"]?.stringValue else {
            return Self.json(400, AEMEngine.errorBody("The body must be a JSON object with a \"query\" string.", locations: [], classification: "InvalidSyntax"))
        }
        var variables: JSONValue = .object([])
        if let given = body["variables"], !given.isNull { variables = given }
        let response = await engine.executeDocument(query, operationName: body["operationName"]?.stringValue, variables: variables, origin: origin)
        return Self.json(response.status, response.body)
    }

    // MARK: Assets

    /// The real bytes of a DAM asset from the assets folder: `/content/dam/a/b.jpg` is
    /// `<assetsDirectory>/a/b.jpg`. Paths that climb out of the folder (`..`, a symbolic link)
    /// or hold control characters (a NUL would cut the path short in the C call) are never read.
    func assetFile(_ damPath: String) -> HTTPResponse? {
        guard let assetsDirectory else { return nil }
        let relative = damPath.dropFirst("/content/dam/".count)
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.isEmpty, !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
              relative.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }),
              let path = AEMAssets.fileInside(assetsDirectory, relativePath: components.joined(separator: "/")),
              let data = FileManager.default.contents(atPath: path)
        else { return nil }
        var response = HTTPResponse(status: 200, body: [UInt8](data))
        response.headers.replaceOrAdd(name: "Content-Type", value: AEMAssets.mimeType(damPath))
        response.headers.replaceOrAdd(name: "Cache-Control", value: engine.isAuthor ? "no-cache" : "max-age=600")
        return response
    }

    private func asset(extension ext: String, width: Int, height: Int) -> HTTPResponse {
        let image = AEMPlaceholderImage.image(extension: ext, width: width, height: height)
        var response = HTTPResponse(status: 200, body: image.bytes)
        response.headers.replaceOrAdd(name: "Content-Type", value: image.contentType)
        // Delivered images: not cached on author, ten minutes on publish.
        response.headers.replaceOrAdd(name: "Cache-Control", value: engine.isAuthor ? "no-cache" : "max-age=600")
        return response
    }

    /// `/adobe/dynamicmedia/deliver/dm-aid--<id>/<name>.<ext>?width=&size=w,h&...`: a placeholder of
    /// the requested width (height in the placeholder's proportions) or size.
    private func delivery(path: String, query: String?) -> HTTPResponse {
        let ext = AEMAssets.fileExtension(path)
        guard !ext.isEmpty else { return Self.notFound(path) }
        var width = AEMAssets.placeholderWidth
        var height = AEMAssets.placeholderHeight
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "width":
                if let value = Int(parts[1]), value > 0 {
                    // Placeholders are at most 4096 pixels wide anyway; a larger width must not overflow here.
                    width = min(value, 1 << 20)
                    height = max(1, width * AEMAssets.placeholderHeight / AEMAssets.placeholderWidth)
                }
            case "size":
                let numbers = parts[1].split(separator: ",").compactMap { Int($0) }
                if numbers.count == 2, numbers[0] > 0, numbers[1] > 0 {
                    width = numbers[0]
                    height = numbers[1]
                }
            default:
                break
            }
        }
        return asset(extension: ext, width: width, height: height)
    }

    // MARK: Responses

    static func json(_ status: Int, _ body: JSONValue) -> HTTPResponse { .json(status: status, body.serialized()) }

    static func notFound(_ path: String) -> HTTPResponse {
        json(404, AEMEngine.servletError("ServletError", message: "Resource not found", details: "No resource at \(path)"))
    }

    /// A request `LocalAccessPolicy` refuses, as a servlet error.
    static func refusal(_ refusal: LocalAccessPolicy.Refusal) -> HTTPResponse {
        json(refusal.status, AEMEngine.servletError("ServletError", message: HTTPResponse.reasonPhrase(for: refusal.status), details: refusal.message))
    }

    static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = json(405, AEMEngine.servletError("ServletError", message: "Method not allowed", details: "Use \(allowed)."))
        response.headers.replaceOrAdd(name: "Allow", value: allowed)
        return response
    }
}
