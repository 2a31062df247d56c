// Turns fuzz input into an `HTTPRequest` for the in-process engines: a whole HTTP request when the
// bytes parse as one (the request parser with the server's limits), else the bytes as the JSON
// body of a `POST` to `fallbackPath`.

@testable import SQLGenHTTP

enum EngineRequests {
    static func request(_ bytes: [UInt8], fallbackPath: String) -> HTTPRequest {
        var parser = RequestParser(limits: RequestParser.Limits(maxHeaderBytes: 16 * 1024, maxBodyBytes: 1 << 20))
        var start = 0
        if case let .request(request, _) = parser.parse(bytes, start: &start) { return request }
        let headers: HTTPHeaders = ["Host": "127.0.0.1", "Content-Type": "application/json"]
        return HTTPRequest(method: "POST", target: fallbackPath, headers: headers, body: bytes)
    }
}
