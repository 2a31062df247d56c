import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import SQLGenHTTP

@Suite("URLSession interoperability")
struct URLSessionTests {
    @Test func urlSessionPostRoundTrip() async throws {
        let handler: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
            guard request.method == "POST", request.path == "/graphql",
                  request.headers["content-type"] == "application/json"
            else { return .text(status: 400, "unexpected request") }
            return .json(request.body)
        }
        try await withServer(handler: handler) { _, port in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            for index in 0..<3 {
                var urlRequest = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/graphql?op=\(index)")))
                urlRequest.httpMethod = "POST"
                urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
                let body = Data("{\"index\":\(index)}".utf8)
                urlRequest.httpBody = body
                let (data, response) = try await session.data(for: urlRequest)
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 200)
                #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
                #expect(data == body)
            }
        }
    }

    @Test func urlSessionGetLargeResponse() async throws {
        let payload = [UInt8]((0..<300_000).map { UInt8(truncatingIfNeeded: $0) })
        try await withServer(handler: { _ in HTTPResponse(body: payload) }) { _, port in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/big"))
            let (data, response) = try await session.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(Array(data) == payload)
        }
    }
}
