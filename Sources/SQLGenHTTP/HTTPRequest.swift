/// A complete HTTP request as received by the server (the body is fully read and de-chunked).
public struct HTTPRequest: Sendable {
    /// The method token, case-sensitive as sent (`GET`, `POST`, ...).
    public var method: String
    /// The raw request-target from the request line (`/graphql?x=1`, `*`, `http://host/p`).
    public var target: String
    /// The path part of the target, not percent-decoded, without the query (`/graphql`).
    public var path: String
    /// The raw query after `?`, without the `?`; nil when the target has none.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    /// The body bytes; chunked bodies arrive here already decoded.
    public var body: [UInt8]
    /// The peer as `host:port` (`[v6]:port` for IPv6), when known.
    public var remoteAddress: String?
    /// Set for the inline handler: other connections of the event loop had input ready in the
    /// same pass and are still to be served, so work begun now may be batched with theirs
    /// (`InlineOutcome.batched`) rather than done alone at once.
    public var othersReady = false

    /// Creates a request; `path` and `query` are derived from `target`.
    public init(
        method: String,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String? = nil
    ) {
        self.method = method
        self.target = target
        (self.path, self.query) = Self.splitTarget(target)
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// Splits a request-target into path and query. Absolute-form targets
    /// (`http://host/p?q`) lose their scheme and authority; `*` and authority-form stay whole.
    static func splitTarget(_ target: String) -> (path: String, query: String?) {
        let bytes = Array(target.utf8)
        var pathStart = 0
        if bytes.first != UInt8(ascii: "/") {
            guard let schemeEnd = ASCII.firstIndex(of: Array("://".utf8), in: bytes) else {
                return (target, nil)
            }
            var index = schemeEnd + 3
            while index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?") {
                index += 1
            }
            pathStart = index
        }
        var questionMark = pathStart
        while questionMark < bytes.count, bytes[questionMark] != UInt8(ascii: "?") {
            questionMark += 1
        }
        var path = String(decoding: bytes[pathStart..<questionMark], as: UTF8.self)
        if path.isEmpty { path = "/" }
        guard questionMark < bytes.count else { return (path, nil) }
        return (path, String(decoding: bytes[(questionMark + 1)...], as: UTF8.self))
    }
}
