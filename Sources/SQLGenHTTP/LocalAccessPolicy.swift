/// What a local development server lets a web browser do, in the manner of Vite, webpack's
/// dev server and Jupyter: a page open in the developer's browser must not drive it.
///
/// - `Host` must name the server: a loopback address, `localhost` (and `*.localhost`), the
///   address it listens on (any address when it listens on all), or a name in `allowedHosts`.
///   This refuses DNS rebinding, where a page's own name comes to point at 127.0.0.1.
/// - Requests that change state or run ad-hoc operations (`guarded`) must come from no browser
///   (no `Origin`), from the server's own origin or from an origin in `allowedOrigins`; a
///   browser request that hides its origin (`Sec-Fetch-Site: cross-site`) is refused too.
/// - Their bodies must be JSON (`Content-Type: application/json`): a type a page cannot send
///   without a CORS preflight, which only allowed origins pass.
/// - Methods are case-sensitive; unknown ones get 501.
public struct LocalAccessPolicy: Sendable {
    /// The address the server listens on (`127.0.0.1`, `0.0.0.0`, `::1`, `localhost`).
    public var boundHost: String
    /// More names `Host` may carry, lowercased; `.example.com` allows that name and its subdomains.
    public var allowedHosts: [String]
    /// Origins (`http://localhost:5173`) whose pages may send any request, with CORS answers.
    public var allowedOrigins: [String]

    public init(boundHost: String = "127.0.0.1", allowedHosts: [String] = [], allowedOrigins: [String] = []) {
        self.boundHost = boundHost
        self.allowedHosts = allowedHosts.map { $0.lowercased() }
        self.allowedOrigins = allowedOrigins.compactMap(Self.normalizedOrigin)
    }

    /// A request the policy refuses: the status and a message for the server to word its body with.
    public struct Refusal: Sendable, Equatable {
        public var status: Int
        public var message: String
    }

    /// What to do with a request.
    public enum Verdict: Sendable {
        /// Serve it, adding these headers (CORS for an allowed origin) to the response.
        case serve(HTTPHeaders)
        /// Answer it with this response (a CORS preflight or `OPTIONS`).
        case answer(HTTPResponse)
        case refuse(Refusal)
    }

    /// The methods the server implements and a preflight may ask for.
    public static let methods = ["GET", "HEAD", "POST", "PUT", "OPTIONS"]
    /// Media types a request body may declare (GraphQL over HTTP).
    public static let bodyTypes = ["application/json", "application/graphql-response+json"]

    /// The verdict on `request`. `adHoc`: it runs an operation text of its own (a GET of
    /// `/graphql?query=`), so it is guarded like a request that changes state.
    public func evaluate(_ request: HTTPRequest, adHoc: Bool = false) -> Verdict {
        guard Self.isStandardMethod(request.method) else {
            return .refuse(Refusal(status: 501, message: "The method \"\(request.method)\" is not implemented; methods are case-sensitive: \(Self.methods.joined(separator: ", "))."))
        }
        if let refusal = hostRefusal(request) { return .refuse(refusal) }
        let origin = request.headers["Origin"]
        if request.method == "OPTIONS" { return .answer(preflight(request, origin: origin)) }
        let guarded = adHoc || !["GET", "HEAD"].contains(request.method)
        if guarded, let refusal = originRefusal(request, origin: origin) ?? bodyRefusal(request) {
            return .refuse(refusal)
        }
        return .serve(corsHeaders(for: origin, request: request))
    }

    /// Every method RFC 9110 and RFC 5789 define: the others, and any in lower case, are unknown.
    static func isStandardMethod(_ method: String) -> Bool {
        ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"].contains(method)
    }

    // MARK: Host

    func isAllowedHost(_ name: String) -> Bool {
        if HostName.isLocalhostName(name) { return true }
        if let address = IPAddress(name) {
            guard let bound = IPAddress(boundHost) else { return address.isLoopback }
            return address.isLoopback || bound.isUnspecified || address == bound
        }
        return allowedHosts.contains { allowed in
            allowed.hasPrefix(".") ? name == allowed.dropFirst() || name.hasSuffix(allowed) : name == allowed
        }
    }

    private func hostRefusal(_ request: HTTPRequest) -> Refusal? {
        // Only HTTP/1.0 may leave Host out (the parser refuses HTTP/1.1 without it), and no browser does.
        guard let value = request.headers["Host"] else { return nil }
        if HostName.isPlainLoopback(value) { return nil }
        guard let name = HostName.parse(value), isAllowedHost(name) else {
            let shown = HostName.parse(value) ?? value
            return Refusal(status: 403, message: "Requests for the host \"\(value)\" are refused: this server answers for localhost, "
                + "its own address and the names given with --allow-host (start it with --allow-host \(shown) to add this one).")
        }
        return nil
    }

    // MARK: Origin and body

    /// Whether a page at `origin` may drive the server: its own origin or an allowed one.
    func isAllowedOrigin(_ origin: String, request: HTTPRequest) -> Bool {
        let normalized = Self.normalizedOrigin(origin) ?? origin
        if allowedOrigins.contains(normalized) { return true }
        guard let host = request.headers["Host"] else { return false }
        return normalized == "http://" + host.lowercased()
    }

    private func originRefusal(_ request: HTTPRequest, origin: String?) -> Refusal? {
        if let origin {
            guard isAllowedOrigin(origin, request: request) else {
                return Refusal(status: 403, message: "Requests from the web page at \(origin) may not change data or run ad-hoc operations; "
                    + "start the server with --allow-origin \(origin) to let a web app at that origin use it.")
            }
            return nil
        }
        // Browsers send Sec-Fetch-Site on every request, even those without Origin (an image, a form GET).
        let site = request.headers["Sec-Fetch-Site"]?.lowercased()
        if site == "cross-site" || site == "same-site" {
            return Refusal(status: 403, message: "A \(site ?? "") browser request without an Origin may not change data or run ad-hoc operations.")
        }
        return nil
    }

    private func bodyRefusal(_ request: HTTPRequest) -> Refusal? {
        guard ["POST", "PUT", "PATCH"].contains(request.method) else { return nil }
        let declared = request.headers["Content-Type"] ?? ""
        let mediaType = Self.mediaType(declared)
        guard Self.bodyTypes.contains(mediaType) else {
            let found = declared.isEmpty ? "no Content-Type" : "Content-Type \(declared)"
            return Refusal(status: 415, message: "A \(request.method) body must be JSON, sent with Content-Type: application/json (found \(found)).")
        }
        return nil
    }

    /// `application/json` of `Application/JSON; charset=utf-8`.
    static func mediaType(_ contentType: String) -> String {
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        let trimmed = type.drop(while: ASCII.isWhitespace).reversed().drop(while: ASCII.isWhitespace).reversed()
        return String(decoding: trimmed.map(ASCII.lowercase), as: UTF8.self)
    }

    /// `scheme://host[:port]` lowercased, without a final `/`; `null` as is; nil for anything else.
    public static func normalizedOrigin(_ text: String) -> String? {
        if text == "null" { return text }
        var origin = text.lowercased()
        if origin.hasSuffix("/") { origin.removeLast() }
        guard let separator = origin.range(of: "://") else { return nil }
        let scheme = origin[..<separator.lowerBound]
        let authority = origin[separator.upperBound...]
        guard !scheme.isEmpty, scheme.utf8.allSatisfy({ HostName.isNameByte($0) || $0 == UInt8(ascii: "+") }),
              !authority.contains("/"), !authority.contains("@"), HostName.parse(String(authority)) != nil
        else { return nil }
        return origin
    }
}
