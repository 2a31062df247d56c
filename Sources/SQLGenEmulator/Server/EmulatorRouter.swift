// The one router of the emulator, whatever its dialect: `/healthz`, `/schema.graphql`,
// `list.json`, `execute.json` and `persist.json` for every dialect, then the dialect's own
// endpoints (Data Connect's GraphQL over HTTP and sign-in, AEM's GraphiQL endpoint and assets).

import SQLGenHTTP
import SQLGenJSON
import SQLGenLanguage

struct EmulatorRouter: Sendable {
    let engine: EmulatorEngine
    /// Refuse ad-hoc operations and `persist.json`: only hosted operations run.
    let persistedOnly: Bool
    var access = LocalAccessPolicy()
    let dialect: any RouterDialect

    static let executePrefix = "/graphql/execute.json/"
    static let persistPrefix = "/graphql/persist.json/"
    static let listPath = "/graphql/list.json"

    /// `assetsDirectory`: where AEM's `/content/dam/` files are (placeholders without it).
    init(engine: EmulatorEngine, persistedOnly: Bool, access: LocalAccessPolicy = LocalAccessPolicy(), assetsDirectory: String? = nil) {
        self.engine = engine
        self.persistedOnly = persistedOnly
        self.access = access
        dialect = switch engine.graphQLDialect {
        case .dataConnect: DataConnectRoutes()
        case .aem(let instance): AEMRoutes(instance: instance, assetsDirectory: assetsDirectory)
        }
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await access.respond(to: request, adHoc: request.path == "/graphql", refuse: { dialect.error(.refused($0)) }) { await route(request) }
    }

    private func route(_ request: HTTPRequest) async -> HTTPResponse {
        let method = request.method == "HEAD" ? "GET" : request.method
        let path = request.path
        if path == "/healthz" { return method == "GET" ? .json("{\"status\":\"ok\"}") : dialect.error(.methodNotAllowed(allowed: "GET, HEAD")) }
        if let stopped = dialect.gate(request) { return stopped }
        if path == "/schema.graphql" { return method == "GET" ? .text(await engine.schemaSDL) : dialect.error(.methodNotAllowed(allowed: "GET, HEAD")) }
        if path == Self.listPath || path.hasPrefix(Self.listPath + "/") {
            guard method == "GET" else { return dialect.error(.methodNotAllowed(allowed: "GET, HEAD")) }
            let connector = path.count > Self.listPath.count ? String(path.dropFirst(Self.listPath.count + 1)) : nil
            return dialect.list(await engine.operationList(), connector: connector)
        }
        if path.hasPrefix(Self.executePrefix) {
            guard method == "GET" || method == "POST" else { return dialect.error(.methodNotAllowed(allowed: "GET, POST")) }
            return await executePersisted(request, rest: path.dropFirst(Self.executePrefix.count), isGet: method == "GET")
        }
        if path.hasPrefix(Self.persistPrefix) {
            guard method == "PUT" || method == "POST" else { return dialect.error(.methodNotAllowed(allowed: "PUT, POST")) }
            if persistedOnly { return dialect.error(.persistedOnly("Persisting queries is disabled (--persisted-only).")) }
            return await dialect.persist(request, rest: path.dropFirst(Self.persistPrefix.count), isUpdate: method == "POST", engine: engine)
        }
        if let answer = await dialect.route(request, method: method, router: self) { return answer }
        return dialect.error(.notFound(path: path))
    }

    /// Begins on the HTTP event-loop thread what may need no waiting: a hosted query that
    /// `InlineLookup` found cheap, answered there while a read connection is free (or continued in
    /// a task once admitted), and a mutation, admitted there and continued on the thread that writes it.
    /// Everything else is declined, for `handle`; both build the answer with `persistedResponse`.
    func handleInline(_ request: HTTPRequest) -> InlineOutcome {
        let isGet = request.method == "GET" || request.method == "HEAD"
        // A POST's variables are parsed on the loop: from a small body only, which parses in microseconds.
        guard dialect.answersInline, isGet || request.method == "POST" && request.body.count <= Self.inlineBodyLimit,
              request.path.hasPrefix(Self.executePrefix) else { return .declined }
        return access.respondInline(to: request, refuse: { dialect.error(.refused($0)) }) { () -> InlineOutcome in
            guard case .run(let connector, let name, let operationRequest) = dialect.persistedRequest(
                request, rest: request.path.dropFirst(Self.executePrefix.count), isGet: isGet) else { return .declined }
            return engine.respondInline(connector: connector, name: name, operationRequest, othersReady: request.othersReady)
                .outcome { Self.persistedResponse($0, to: request, isGet: isGet) }
        }
    }

    /// The largest POST body `handleInline` reads on the event loop (larger ones go to `handle`).
    static let inlineBodyLimit = 16 * 1024

    private func executePersisted(_ request: HTTPRequest, rest: Substring, isGet: Bool) async -> HTTPResponse {
        switch dialect.persistedRequest(request, rest: rest, isGet: isGet) {
        case .refused(let response):
            return response
        case .run(let connector, let name, let operationRequest):
            return Self.persistedResponse(await engine.respond(connector: connector, name: name, operationRequest), to: request, isGet: isGet)
        }
    }

    // MARK: Requests and answers

    /// `Authorization: Bearer <token>` (or Data Connect's `X-Firebase-Auth-Token: <token>`); see `Caller(bearerToken:)`.
    static func caller(_ request: HTTPRequest) -> Caller {
        guard let header = request.headers["Authorization"] else {
            return request.headers["X-Firebase-Auth-Token"].map { Caller(bearerToken: $0.trimmingSpaces) } ?? Caller()
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return Caller() }
        return Caller(bearerToken: parts[1].trimmingSpaces)
    }

    /// `http://<Host>`: where the request was sent, for answers that link back.
    static func origin(_ request: HTTPRequest) -> String {
        "http://" + (request.headers["Host"] ?? "127.0.0.1")
    }

    /// A GraphQL error response: `{"errors": [{"message": ..., "extensions": {"code": ...}}]}`.
    static func error(_ status: Int, _ message: String, code: String) -> HTTPResponse {
        .json(status: status, ExecutionResult(data: nil, errors: [ResponseError(message: message, code: code)]).json.serialized())
    }

    /// The HTTP answer for a persisted operation's result (inline or not): ETag, 304 for a
    /// matching `If-None-Match` and `Cache-Control: no-cache` on a successful GET, `no-store`
    /// otherwise; headers the answer carries (AEM's cache headers) replace these.
    static func persistedResponse(_ answer: EngineAnswer, to request: HTTPRequest, isGet: Bool) -> HTTPResponse {
        var http = cachedResponse(answer, to: request, isGet: isGet)
        for (name, value) in answer.headers { http.headers.replaceOrAdd(name: name, value: value) }
        return http
    }

    private static func cachedResponse(_ answer: EngineAnswer, to request: HTTPRequest, isGet: Bool) -> HTTPResponse {
        var http = HTTPResponse.json(status: answer.status, answer.body)
        // A mutation over GET: the one method that would work.
        if answer.status == 405 { http.headers.replaceOrAdd(name: "Allow", value: "POST") }
        if isGet, answer.status == 200 {
            let tag = "\"" + ResponseTag.etag(http.body) + "\""
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
}

extension EmulatorEngine.InlineAttempt {
    /// The event loop's outcome for this attempt, with `respond` making the HTTP response of an answer.
    func outcome(_ respond: @escaping @Sendable (EngineAnswer) -> HTTPResponse) -> InlineOutcome {
        switch self {
        case .answered(let answer): .answered(respond(answer))
        case .declined: .declined
        case .continued(let executor, let work): .continued(on: executor) { respond(await work()) }
        case .batched(let batch, let attempt): .batched(batch.inline) { attempt().outcome(respond) }
        }
    }
}

extension EmulatorEngine.LoopBatch {
    /// The batch the event loop runs once per pass.
    var inline: any InlineBatch {
        switch self {
        case .lookups(let batch): batch
        case .writes(let batch): batch
        }
    }
}

extension PipelinedLookups: InlineBatch {}
extension PipelinedWrites: InlineBatch {}
