import Foundation
@testable import SQLGenHTTP

/// Echoes the request back as JSON-ish text, so tests can see what the server parsed.
let echoHandler: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
    var headers = HTTPHeaders()
    headers.add(name: "X-Method", value: request.method)
    headers.add(name: "X-Path", value: request.path)
    headers.add(name: "X-Query", value: request.query ?? "<none>")
    headers.add(name: "X-Body-Length", value: String(request.body.count))
    return HTTPResponse(status: 200, headers: headers, body: request.body.isEmpty ? Array("hello".utf8) : request.body)
}

/// Small limits and timeouts so failure-path tests run fast.
func testConfiguration(
    maxHeaderBytes: Int = 4096,
    maxBodyBytes: Int = 64 * 1024,
    readTimeout: Duration = .seconds(5),
    idleTimeout: Duration = .seconds(5),
    writeTimeout: Duration = .seconds(5),
    shutdownGracePeriod: Duration = .seconds(5)
) -> HTTPServerConfiguration {
    HTTPServerConfiguration(
        maxHeaderBytes: maxHeaderBytes,
        maxBodyBytes: maxBodyBytes,
        readTimeout: readTimeout,
        writeTimeout: writeTimeout,
        idleTimeout: idleTimeout,
        shutdownGracePeriod: shutdownGracePeriod
    )
}

/// Runs `body` against a started server and always stops it afterwards.
@discardableResult
func withServer<Result>(
    _ configuration: HTTPServerConfiguration = testConfiguration(),
    inlineHandler: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse = echoHandler,
    _ body: (HTTPServer, Int) async throws -> Result
) async throws -> Result {
    let server = HTTPServer(configuration: configuration, inlineHandler: inlineHandler, handler: handler)
    let port = try server.start()
    do {
        let result = try await body(server, port)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Runs blocking client code on its own thread, off the cooperative pool, so a blocked `recv`
/// cannot starve the Tasks that run the server's handlers (the pool has one thread per core).
func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.start()
    }
}

/// A minimal HTTP/1.1 request with a Host header.
func request(_ method: String = "GET", _ target: String = "/", headers: [String] = [], body: String = "") -> String {
    var text = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n"
    for header in headers { text += header + "\r\n" }
    if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
    return text + "\r\n" + body
}

/// The outcome of an async throwing call, so cleanup can run before the error is reported.
func capture<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

/// A handler wrapper that reports each request's arrival, so a test can act while a request is in flight.
func signallingHandler(
    _ handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
) -> (handler: @Sendable (HTTPRequest) async -> HTTPResponse, arrivals: AsyncStream<Void>) {
    let (arrivals, continuation) = AsyncStream<Void>.makeStream()
    let wrapped: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
        continuation.yield()
        return await handler(request)
    }
    return (wrapped, arrivals)
}
