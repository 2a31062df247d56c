// What differs between the dialects' HTTP protocols on the one router: a gate in front of the
// endpoints, how a persisted-query request reads, persist.json and list.json, the shape of
// errors, and endpoints of the dialect's own. The router keeps the rest: the paths they share,
// access from browsers, the respond path and the persisted answers' caching.

import SQLGenHTTP

protocol RouterDialect: Sendable {
    /// Whether hosted queries may be answered on the HTTP event loop (`InlineLookup`).
    var answersInline: Bool { get }
    /// The answer that stops a request before any endpoint but `/healthz`, nil to go on.
    func gate(_ request: HTTPRequest) -> HTTPResponse?
    /// The dialect's own endpoints: nil when the request is for none of them.
    func route(_ request: HTTPRequest, method: String, router: EmulatorRouter) async -> HTTPResponse?
    /// The operation a persisted-query request names (`rest` follows `/graphql/execute.json/`)
    /// and how to run it, or the answer that refuses the request.
    func persistedRequest(_ request: HTTPRequest, rest: Substring, isGet: Bool) -> PersistedRequest
    /// `persist.json` (`rest` follows `/graphql/persist.json/`); `isUpdate` for POST.
    func persist(_ request: HTTPRequest, rest: Substring, isUpdate: Bool, engine: EmulatorEngine) async -> HTTPResponse
    /// `list.json`: the operations of `connector`, every one when nil.
    func list(_ operations: [EmulatorEngine.ListedOperation], connector: String?) -> HTTPResponse
    /// An error of the shared endpoints, in the dialect's shape.
    func error(_ error: RouteError) -> HTTPResponse
}

/// A persisted-query request as its dialect reads it.
enum PersistedRequest {
    case run(connector: String, name: String, OperationRequest)
    case refused(HTTPResponse)
}

/// The errors every dialect answers in its own shape.
enum RouteError {
    case notFound(path: String)
    case methodNotAllowed(allowed: String)
    /// What `LocalAccessPolicy` refused.
    case refused(LocalAccessPolicy.Refusal)
    /// An endpoint `--persisted-only` turns off.
    case persistedOnly(String)
}
