import Testing
@testable import SQLGenHTTP

@Suite("Malformed requests and limits")
struct MalformedRequestTests {
    /// Sends `raw`, expects one response with `status`, then expects the server to close the connection.
    private func expectRejection(_ raw: String, status: Int, configuration: HTTPServerConfiguration = testConfiguration()) async throws {
        try await withServer(configuration) { _, port in
            let (response, closed) = try await blocking {
                let client = try RawClient(port: port)
                client.send(raw)
                let response = try client.readResponse()
                return (response, client.waitForClose(timeout: 2))
            }
            #expect(response.status == status, "for \(raw.debugDescription)")
            #expect(response.header("Connection") == "close")
            #expect(closed)
        }
    }

    @Test(arguments: [
        "GET\r\n\r\n",
        "GET /\r\nHost: x\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / http/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: x\r\n\r\n",
        "GET /a\u{7F}b HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\rX: y\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x10\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3 x\r\nabc\r\n0\r\n\r\n",
        "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ])
    func malformedRequestsGet400(_ raw: String) async throws {
        try await expectRejection(raw, status: 400)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/0.9", "HTTP/3.1"])
    func unsupportedVersionsGet505(_ version: String) async throws {
        try await expectRejection("GET / \(version)\r\nHost: x\r\n\r\n", status: 505)
    }

    @Test func unsupportedTransferCodingGets501() async throws {
        try await expectRejection("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", status: 501)
    }

    @Test func unknownExpectationGets417() async throws {
        try await expectRejection("POST / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 1\r\n\r\na", status: 417)
    }

    @Test func oversizedHeadGets431() async throws {
        let raw = request(headers: ["X-Large: " + String(repeating: "a", count: 5000)])
        try await expectRejection(raw, status: 431)
    }

    @Test func oversizedTrailersGet431() async throws {
        let raw = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: " + String(repeating: "b", count: 5000) + "\r\n\r\n"
        try await expectRejection(raw, status: 431)
    }

    @Test func oversizedContentLengthGets413BeforeTheBody() async throws {
        try await expectRejection("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 70000\r\n\r\n", status: 413)
    }

    @Test func hugeContentLengthGets413() async throws {
        try await expectRejection("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", status: 413)
    }

    @Test func oversizedChunkedBodyGets413() async throws {
        let chunk = String(repeating: "c", count: 40000)
        let raw = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "9C40\r\n\(chunk)\r\n9C40\r\n\(chunk)\r\n0\r\n\r\n"
        try await expectRejection(raw, status: 413)
    }

    @Test func oversizedBodyWithExpectContinueGets413WithoutInterimResponse() async throws {
        try await expectRejection("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 70000\r\n\r\n", status: 413)
    }

    @Test func bodyAtTheLimitIsAccepted() async throws {
        try await withServer(testConfiguration(maxBodyBytes: 1000)) { _, port in
            let body = String(repeating: "z", count: 1000)
            let response = try await blocking { try RawClient(port: port).roundTrip(request("POST", "/", body: body)) }
            #expect(response.status == 200)
            #expect(response.body.count == 1000)
        }
    }

    @Test func serverKeepsServingAfterRejectingARequest() async throws {
        try await withServer { _, port in
            let (bad, good) = try await blocking {
                let bad = try RawClient(port: port).roundTrip("NOT HTTP AT ALL\r\n\r\n")
                let good = try RawClient(port: port).roundTrip(request())
                return (bad, good)
            }
            #expect(bad.status == 400)
            #expect(good.status == 200)
        }
    }
}
