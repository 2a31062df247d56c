import Testing
@testable import SQLGenHTTP

@Suite("Request parser")
struct RequestParserTests {
    private func parseAll(_ text: String, maxHeaderBytes: Int = 1024, maxBodyBytes: Int = 1024) -> (RequestParser.Outcome, consumed: Int) {
        var parser = RequestParser(limits: .init(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes))
        var start = 0
        let outcome = parser.parse(Array(text.utf8), start: &start)
        return (outcome, start)
    }

    private func request(_ text: String) -> HTTPRequest? {
        if case let .request(request, _) = parseAll(text).0 { return request }
        return nil
    }

    private func status(_ text: String) -> Int? {
        if case let .failure(error) = parseAll(text).0 { return error.status }
        return nil
    }

    @Test func parsesRequestLineHeadersAndTarget() throws {
        let parsed = try #require(request("GET /a/b%20c?x=1&y HTTP/1.1\r\nHost: h\r\nX-Multi: 1\r\nx-multi: 2\r\n\r\n"))
        #expect(parsed.method == "GET")
        #expect(parsed.target == "/a/b%20c?x=1&y")
        #expect(parsed.path == "/a/b%20c")
        #expect(parsed.query == "x=1&y")
        #expect(parsed.version == .http1_1)
        #expect(parsed.headers["X-MULTI"] == "1")
        #expect(parsed.headers.values(for: "x-multi") == ["1", "2"])
        #expect(parsed.body.isEmpty)
    }

    @Test func trimsFieldValueWhitespaceAndAcceptsBareLineFeeds() throws {
        let parsed = try #require(request("GET / HTTP/1.1\nHost:\t h \t\nEmpty:\n\n"))
        #expect(parsed.headers["host"] == "h")
        #expect(parsed.headers["empty"] == "")
    }

    @Test func absoluteFormTargetYieldsPath() throws {
        let parsed = try #require(request("GET http://example.com:8080/p/q?z HTTP/1.1\r\nHost: example.com\r\n\r\n"))
        #expect(parsed.path == "/p/q")
        #expect(parsed.query == "z")
        let bare = try #require(request("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(bare.path == "*")
        #expect(bare.query == nil)
    }

    @Test func keepAliveFollowsVersionAndConnectionOptions() {
        func keepAlive(_ text: String) -> Bool? {
            if case let .request(_, keepAlive) = parseAll(text).0 { return keepAlive }
            return nil
        }
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: h\r\n\r\n") == true)
        #expect(keepAlive("GET / HTTP/1.1\r\nHost: h\r\nConnection: foo, CLOSE\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\n\r\n") == false)
        #expect(keepAlive("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n") == true)
    }

    @Test func incompleteInputNeedsMoreAndResumes() throws {
        let text = Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello".utf8)
        var parser = RequestParser(limits: .init(maxHeaderBytes: 1024, maxBodyBytes: 1024))
        var start = 0
        var buffer: [UInt8] = []
        var result: HTTPRequest?
        for byte in text {
            buffer.append(byte)
            switch parser.parse(buffer, start: &start) {
            case .needMore: continue
            case let .request(request, _): result = request
            case let .failure(error): Issue.record("unexpected failure \(error)")
            }
        }
        let parsed = try #require(result)
        #expect(parsed.body == Array("hello".utf8))
        #expect(start == text.count)
    }

    @Test func pipelinedRequestsAreParsedOneAtATime() throws {
        let text = Array("GET /1 HTTP/1.1\r\nHost: h\r\n\r\nGET /2 HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        var parser = RequestParser(limits: .init(maxHeaderBytes: 1024, maxBodyBytes: 1024))
        var start = 0
        var paths: [String] = []
        while case let .request(request, _) = parser.parse(text, start: &start) {
            paths.append(request.path)
        }
        #expect(paths == ["/1", "/2"])
        #expect(start == text.count)
        #expect(parser.isBetweenRequests)
    }

    @Test func chunkedBodyIsDecoded() throws {
        let parsed = try #require(request("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n4\r\nWiki\r\n05 ; ext=\"q\"\r\npedia\r\n0\r\nTrailer: x\r\n\r\n"))
        #expect(String(decoding: parsed.body, as: UTF8.self) == "Wikipedia")
    }

    @Test func expectContinueIsReportedUntilBodyArrives() {
        var parser = RequestParser(limits: .init(maxHeaderBytes: 1024, maxBodyBytes: 1024))
        var start = 0
        var buffer = Array("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\n".utf8)
        guard case .needMore = parser.parse(buffer, start: &start) else {
            Issue.record("expected needMore")
            return
        }
        #expect(parser.isAwaitingContinue)
        buffer += Array("o".utf8)
        _ = parser.parse(buffer, start: &start)
        #expect(!parser.isAwaitingContinue)
    }

    @Test func limitsMapToStatuses() {
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 2000) + "\r\n\r\n") == 431)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1025\r\n\r\n") == 413)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n401\r\n") == 413)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n") == 413)
    }

    @Test func headLimitAppliesWhileIncomplete() {
        // No terminating empty line yet, but already past the limit: refuse without waiting.
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 2000)) == 431)
        if case .needMore = parseAll("GET / HTTP/1.1\r\nHost: h\r\nX: aaaa").0 {} else {
            Issue.record("a short incomplete head should need more")
        }
    }

    @Test(arguments: 60...68)
    func trailerLimitIsTheSameWholeOrByteByByte(trailerBytes: Int) {
        // The trailer section, line feeds included, may take up to maxHeaderBytes, like the head.
        let trailer = "T: " + String(repeating: "a", count: trailerBytes - 6) + "\r\n\n"
        let text = Array("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\(trailer)".utf8)
        var parser = RequestParser(limits: .init(maxHeaderBytes: 64, maxBodyBytes: 1024))
        var start = 0
        let whole = describe(parser.parse(text, start: &start))
        #expect(whole == describe(parseByteByByte(text, maxHeaderBytes: 64)))
        #expect(whole == (trailerBytes <= 64 ? "request" : "431"))
    }

    private func parseByteByByte(_ bytes: [UInt8], maxHeaderBytes: Int) -> RequestParser.Outcome {
        var parser = RequestParser(limits: .init(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: 1024))
        var buffer: [UInt8] = []
        var start = 0
        for byte in bytes {
            buffer.append(byte)
            let outcome = parser.parse(buffer, start: &start)
            if case .needMore = outcome { continue }
            return outcome
        }
        return .needMore
    }

    private func describe(_ outcome: RequestParser.Outcome) -> String {
        switch outcome {
        case .needMore: "needMore"
        case .request: "request"
        case let .failure(error): "\(error.status)"
        }
    }

    @Test func repeatedIdenticalContentLengthIsAccepted() throws {
        let parsed = try #require(request("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3, 3\r\nContent-Length: 003\r\n\r\nabc"))
        #expect(parsed.body == Array("abc".utf8))
    }

    @Test func http11AboveMinorOneIsServedAsHTTP11() throws {
        let parsed = try #require(request("GET / HTTP/1.7\r\nHost: h\r\n\r\n"))
        #expect(parsed.version == .http1_1)
    }
}
