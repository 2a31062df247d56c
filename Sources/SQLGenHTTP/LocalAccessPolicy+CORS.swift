/// CORS (the Fetch standard) for the origins a `LocalAccessPolicy` allows: preflights are
/// answered for them alone, and their responses carry `Access-Control-Allow-Origin`.
extension LocalAccessPolicy {
    /// How long a browser may keep a preflight's answer, in seconds.
    static let preflightMaxAge = "600"

    /// The answer to `OPTIONS`: a CORS preflight (with `Access-Control-Request-Method`) is
    /// answered 204 for an allowed origin and 403 for any other; a plain `OPTIONS` lists the methods.
    func preflight(_ request: HTTPRequest, origin: String?) -> HTTPResponse {
        guard let origin, let method = request.headers["Access-Control-Request-Method"] else {
            return HTTPResponse(status: 204, headers: ["Allow": Self.methods.joined(separator: ", ")])
        }
        guard isAllowedOrigin(origin, request: request) else {
            let message = "Cross-origin requests from \(origin) are refused; start the server with --allow-origin \(origin) to allow them.\n"
            return .text(status: 403, message, headers: ["Vary": "Origin"])
        }
        var headers = corsHeaders(for: origin, request: request)
        headers.add(name: "Access-Control-Allow-Methods", value: Self.methods.contains(method) ? Self.methods.joined(separator: ", ") : "")
        if let asked = request.headers["Access-Control-Request-Headers"], asked.utf8.allSatisfy({ ASCII.isToken($0) || $0 == UInt8(ascii: ",") || ASCII.isWhitespace($0) }) {
            headers.add(name: "Access-Control-Allow-Headers", value: asked)
        }
        // Chrome asks before a public page may reach a loopback address (Private Network Access).
        if request.headers["Access-Control-Request-Private-Network"]?.lowercased() == "true" {
            headers.add(name: "Access-Control-Allow-Private-Network", value: "true")
        }
        headers.add(name: "Access-Control-Max-Age", value: Self.preflightMaxAge)
        return HTTPResponse(status: 204, headers: headers)
    }

    /// The CORS headers of a response to `origin`: none for requests without one or from a
    /// disallowed origin (the browser then keeps the answer from the page); `Vary: Origin` always
    /// once origins are allowed, so a cache never hands one origin's answer to another.
    func corsHeaders(for origin: String?, request: HTTPRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if !allowedOrigins.isEmpty { headers.add(name: "Vary", value: "Origin") }
        guard let origin, isAllowedOrigin(origin, request: request) else { return headers }
        headers.add(name: "Access-Control-Allow-Origin", value: origin)
        headers.add(name: "Access-Control-Expose-Headers", value: "ETag")
        if allowedOrigins.isEmpty { headers.add(name: "Vary", value: "Origin") }
        return headers
    }
}

extension LocalAccessPolicy {
    /// The answer to `request`: `route`'s response with the policy's CORS headers when the
    /// policy serves it, the preflight answer to `OPTIONS`, else the refusal worded by `refuse`.
    public func respond(to request: HTTPRequest, adHoc: Bool = false, refuse: (Refusal) -> HTTPResponse,
                        route: () async -> HTTPResponse) async -> HTTPResponse {
        switch evaluate(request, adHoc: adHoc) {
        case .refuse(let refusal): return refuse(refusal)
        case .answer(let response): return response
        case .serve(let headers): return Self.adding(headers, to: await route())
        }
    }

    /// `respond(to:)` for an inline handler: nil when `route` declines the request.
    public func respondInline(to request: HTTPRequest, refuse: (Refusal) -> HTTPResponse,
                              route: () -> HTTPResponse?) -> HTTPResponse? {
        switch evaluate(request) {
        case .refuse(let refusal): return refuse(refusal)
        case .answer(let response): return response
        case .serve(let headers): return route().map { Self.adding(headers, to: $0) }
        }
    }

    /// `respondInline(to:)` for an inline handler that may continue a request in a Task: the
    /// continued answer gets the policy's headers too.
    public func respondInline(to request: HTTPRequest, refuse: (Refusal) -> HTTPResponse,
                              route: () -> InlineOutcome) -> InlineOutcome {
        switch evaluate(request) {
        case .refuse(let refusal): return .answered(refuse(refusal))
        case .answer(let response): return .answered(response)
        case .serve(let headers):
            return route().mapResponse { Self.adding(headers, to: $0) }
        }
    }

    private static func adding(_ headers: HTTPHeaders, to response: HTTPResponse) -> HTTPResponse {
        var response = response
        for (name, value) in headers { response.headers.add(name: name, value: value) }
        return response
    }
}
