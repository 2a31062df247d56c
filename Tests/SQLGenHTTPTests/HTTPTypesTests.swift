import Testing
@testable import SQLGenHTTP

@Suite("HTTP value types")
struct HTTPTypesTests {
    @Test func headersLookupIsCaseInsensitiveAndOrdered() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        headers.add(name: "x-a", value: "2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "X-a") == ["1", "2"])
        #expect(headers.map(\.name) == ["Content-Type", "X-A", "x-a"])
        headers["X-A"] = "3"
        #expect(headers.values(for: "x-a") == ["3"])
        headers["x-a"] = nil
        #expect(!headers.contains("X-A"))
        #expect(headers.count == 1)
    }

    @Test func requestDerivesPathAndQueryFromTarget() {
        #expect(HTTPRequest(method: "GET", target: "/p?q=1").path == "/p")
        #expect(HTTPRequest(method: "GET", target: "/p?q=1").query == "q=1")
        #expect(HTTPRequest(method: "GET", target: "/p?").query == "")
        #expect(HTTPRequest(method: "GET", target: "https://h").path == "/")
        #expect(HTTPRequest(method: "GET", target: "https://h?x").query == "x")
        #expect(HTTPRequest(method: "CONNECT", target: "h:443").path == "h:443")
    }

    @Test func responseConveniences() {
        let json = HTTPResponse.json("{}")
        #expect(json.status == 200)
        #expect(json.headers["content-type"] == "application/json")
        #expect(json.body == Array("{}".utf8))
        let text = HTTPResponse.text(status: 404, "missing")
        #expect(text.status == 404)
        #expect(text.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(HTTPResponse.reasonPhrase(for: 431) == "Request Header Fields Too Large")
    }

    @Test func serializedHeadHasFramingHeaders() {
        let response = HTTPResponse(status: 201, headers: ["X-One": "1"], body: Array("abc".utf8))
        let head = String(decoding: ResponseHead.serialize(response, status: 201, keepAlive: false, requestVersion: .http1_1, date: Array("Date: D\r\n".utf8)), as: UTF8.self)
        #expect(head == "HTTP/1.1 201 Created\r\nX-One: 1\r\nDate: D\r\nContent-Length: 3\r\nConnection: close\r\n\r\n")
    }

    @Test func dateLineIsIMFFixdate() {
        let line = String(decoding: DateLineCache.format(784_111_777), as: UTF8.self)
        #expect(line == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n")
    }

    @Test func errorsDescribeThemselves() {
        #expect(HTTPServerError.addressInUse(host: "127.0.0.1", port: 8080).description == "cannot listen on 127.0.0.1:8080: the address is already in use")
    }
}
