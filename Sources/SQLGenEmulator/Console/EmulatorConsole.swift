// The emulator's web console: a page at `/` (HTML, script and style embedded here: no files, no
// CDN, no build step) and its API under `/console/api/`. The server hands every request to
// `respond(to:route:)`: the console answers its own paths and records the others in its log.

import SQLGenHTTP
import SQLGenJSON

/// The console of one emulator server.
final class EmulatorConsole: Sendable {
    let source: any ConsoleSource
    let gate: ConsoleGate
    let log: RequestLog

    static let apiPrefix = "/console/api/"

    init(source: any ConsoleSource, access: LocalAccessPolicy, log: RequestLog = RequestLog()) {
        self.source = source
        gate = ConsoleGate(access: access)
        self.log = log
    }

    /// The console's answer to one of its paths; any other request goes to `route`, and its
    /// answer to the log.
    func respond(to request: HTTPRequest, route: () async -> HTTPResponse) async -> HTTPResponse {
        if Self.owns(request.path) { return await answer(request) }
        let start = ContinuousClock.now
        let response = await route()
        log.record(request, status: response.status, since: start)
        return response
    }

    /// An inline handler's outcome, with the request logged once it is answered (on the loop
    /// or in the task it continues in).
    func observing(_ request: HTTPRequest, _ begin: () -> InlineOutcome) -> InlineOutcome {
        let start = ContinuousClock.now
        let outcome = begin()
        if case .declined = outcome { return .declined }
        return outcome.mapResponse { [log] response in
            log.record(request, status: response.status, since: start)
            return response
        }
    }

    static func owns(_ path: String) -> Bool { path == "/" || path.hasPrefix("/console/") }

    private func answer(_ request: HTTPRequest) async -> HTTPResponse {
        let path = request.path
        let resource: ConsoleGate.Resource = path == "/" ? .page : path.hasPrefix(Self.apiPrefix) ? .api : .asset
        if let refusal = gate.refusal(request, for: resource) { return Self.error(refusal.status, refusal.message) }
        let method = request.method == "HEAD" ? "GET" : request.method
        switch resource {
        case .page:
            guard method == "GET" else { return Self.methodNotAllowed("GET, HEAD") }
            return ConsolePage.page(token: gate.token, mode: source.consoleMode)
        case .asset:
            guard let asset = ConsolePage.asset(path) else { return Self.error(404, "No console file at \(path).") }
            guard method == "GET" else { return Self.methodNotAllowed("GET, HEAD") }
            return asset
        case .api:
            return await api(request, endpoint: String(path.dropFirst(Self.apiPrefix.count)), method: method)
        }
    }

    // MARK: Responses

    /// A console response: never cached (the page holds the token, the API live data), never
    /// sniffed, never with CORS headers.
    static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return response
    }

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        secured(.json(status: status, value.serialized()))
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(.object([JSONMember("error", .string(message))]), status: status)
    }

    static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = error(405, "Method not allowed; use \(allowed).")
        response.headers.replaceOrAdd(name: "Allow", value: allowed)
        return response
    }
}
