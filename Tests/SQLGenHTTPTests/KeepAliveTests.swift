import Testing
@testable import SQLGenHTTP

@Suite("Keep-alive and connection handling")
struct KeepAliveTests {
    @Test func severalRequestsShareOneConnection() async throws {
        try await withServer { _, port in
            let responses = try await blocking {
                let client = try RawClient(port: port)
                return try (0..<5).map { index in try client.roundTrip(request("POST", "/n", body: "request \(index)")) }
            }
            #expect(responses.map(\.bodyText) == (0..<5).map { "request \($0)" })
            #expect(responses.allSatisfy { $0.header("Connection") == nil })
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withServer { _, port in
            let responses = try await blocking {
                let client = try RawClient(port: port)
                let batch = (0..<10).map { request("POST", "/p\($0)", body: "body\($0)") }.joined()
                client.send(batch)
                return try (0..<10).map { _ in try client.readResponse() }
            }
            #expect(responses.map(\.bodyText) == (0..<10).map { "body\($0)" })
            #expect(responses.map { $0.header("X-Path") } == (0..<10).map { "/p\($0)" })
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withServer { _, port in
            let (response, closed) = try await blocking {
                let client = try RawClient(port: port)
                let response = try client.roundTrip(request(headers: ["Connection: close"]))
                return (response, client.waitForClose(timeout: 2))
            }
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(closed)
        }
    }

    @Test func http10ClosesByDefault() async throws {
        try await withServer { _, port in
            let (response, closed) = try await blocking {
                let client = try RawClient(port: port)
                let response = try client.roundTrip("GET / HTTP/1.0\r\n\r\n")
                return (response, client.waitForClose(timeout: 2))
            }
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(closed)
        }
    }

    @Test func http10KeepAliveIsHonoured() async throws {
        try await withServer { _, port in
            let (first, second) = try await blocking {
                let client = try RawClient(port: port)
                let first = try client.roundTrip("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let second = try client.roundTrip("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                return (first, second)
            }
            #expect(first.header("Connection") == "keep-alive")
            #expect(second.header("X-Path") == "/b")
        }
    }

    @Test func handlerConnectionCloseClosesAfterResponse() async throws {
        let handler: @Sendable (HTTPRequest) async -> HTTPResponse = { _ in
            .text("bye", headers: ["Connection": "Close"])
        }
        try await withServer(handler: handler) { _, port in
            let (response, closed) = try await blocking {
                let client = try RawClient(port: port)
                let response = try client.roundTrip(request())
                return (response, client.waitForClose(timeout: 2))
            }
            #expect(response.bodyText == "bye")
            #expect(response.header("Connection") == "close")
            #expect(closed)
        }
    }

    @Test func leadingEmptyLinesBeforeRequestAreIgnored() async throws {
        try await withServer { _, port in
            let response = try await blocking { try RawClient(port: port).roundTrip("\r\n\r\n" + request()) }
            #expect(response.status == 200)
        }
    }
}
