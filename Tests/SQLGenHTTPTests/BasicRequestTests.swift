import Testing
@testable import SQLGenHTTP

@Suite("Basic requests")
struct BasicRequestTests {
    @Test func getReturnsHandlerResponseWithDateAndContentLength() async throws {
        try await withServer { _, port in
            let response = try await blocking {
                try RawClient(port: port).roundTrip(request("GET", "/graphql?a=1&b=%20"))
            }
            #expect(response.status == 200)
            #expect(response.bodyText == "hello")
            #expect(response.header("Content-Length") == "5")
            #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            #expect(response.header("X-Method") == "GET")
            #expect(response.header("X-Path") == "/graphql")
            #expect(response.header("X-Query") == "a=1&b=%20")
        }
    }

    @Test func postWithContentLengthDeliversBody() async throws {
        try await withServer { _, port in
            let body = "{\"query\":\"{ a }\"}"
            let response = try await blocking {
                try RawClient(port: port).roundTrip(request("POST", "/graphql", headers: ["Content-Type: application/json"], body: body))
            }
            #expect(response.status == 200)
            #expect(response.bodyText == body)
            #expect(response.header("X-Body-Length") == String(body.utf8.count))
        }
    }

    @Test func chunkedBodyWithExtensionsAndTrailersIsDecoded() async throws {
        try await withServer { _, port in
            let raw = "POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: yes\r\n\r\n"
            let response = try await blocking { try RawClient(port: port).roundTrip(raw) }
            #expect(response.status == 200)
            #expect(response.bodyText == "hello 0123456789")
        }
    }

    @Test func chunkedBodySentByteByByteIsDecoded() async throws {
        try await withServer { _, port in
            let raw = Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n".utf8)
            let response = try await blocking {
                let client = try RawClient(port: port)
                for byte in raw { client.send([byte]) }
                return try client.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.bodyText == "abcde")
        }
    }

    @Test func headResponseHasHeadersButNoBody() async throws {
        try await withServer { _, port in
            let (head, get) = try await blocking {
                let client = try RawClient(port: port)
                let head = try client.roundTrip(request("HEAD", "/"), head: true)
                // If the HEAD response had carried a body, this GET would read it as its status line.
                let get = try client.roundTrip(request("GET", "/"))
                return (head, get)
            }
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "5")
            #expect(get.status == 200)
            #expect(get.bodyText == "hello")
        }
    }

    @Test func expectContinueGetsInterimResponseBeforeBody() async throws {
        try await withServer { _, port in
            let (interim, final) = try await blocking {
                let client = try RawClient(port: port)
                client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
                let interim = try client.readResponse()
                client.send("ping")
                return (interim, try client.readResponse())
            }
            #expect(interim.status == 100)
            #expect(final.status == 200)
            #expect(final.bodyText == "ping")
        }
    }

    @Test func expectContinueIsIgnoredForHTTP10() async throws {
        try await withServer { _, port in
            let response = try await blocking {
                let client = try RawClient(port: port)
                client.send("POST / HTTP/1.0\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\nhi")
                return try client.readResponse()
            }
            #expect(response.status == 200)
            #expect(response.bodyText == "hi")
        }
    }

    @Test func noContentResponseHasNoContentLength() async throws {
        try await withServer(handler: { _ in HTTPResponse(status: 204) }) { _, port in
            let response = try await blocking { try RawClient(port: port).roundTrip(request()) }
            #expect(response.status == 204)
            #expect(response.header("Content-Length") == nil)
        }
    }

    @Test func handlerHeadersThatWouldBreakFramingAreReplaced() async throws {
        let handler: @Sendable (HTTPRequest) async -> HTTPResponse = { _ in
            HTTPResponse(status: 200, headers: ["Content-Length": "999", "Transfer-Encoding": "chunked", "X-Bad": "a\r\nInjected: 1"], body: Array("ok".utf8))
        }
        try await withServer(handler: handler) { _, port in
            let response = try await blocking { try RawClient(port: port).roundTrip(request()) }
            #expect(response.header("Content-Length") == "2")
            #expect(response.header("Transfer-Encoding") == nil)
            #expect(response.header("Injected") == nil)
            #expect(response.header("X-Bad") == nil)
            #expect(response.bodyText == "ok")
        }
    }

    @Test func remoteAddressIsLoopback() async throws {
        let handler: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
            .text(request.remoteAddress ?? "none")
        }
        try await withServer(handler: handler) { _, port in
            let response = try await blocking { try RawClient(port: port).roundTrip(request()) }
            #expect(response.bodyText.hasPrefix("127.0.0.1:"))
        }
    }
}
