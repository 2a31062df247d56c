import Foundation
import Testing
@testable import SQLGenHTTP

/// An inline handler that begins a request and hands the rest to a Task: the Task's answer is
/// written, the async handler never sees the request, and pipelined requests keep their order.
@Suite("Inline handler: continued requests")
struct InlineContinuationTests {
    static let inline: @Sendable (HTTPRequest) -> InlineOutcome = { request in
        if request.path.hasPrefix("/inline/") { return .answered(HTTPResponse(status: 200, body: Array("inline \(request.path)".utf8))) }
        guard request.path.hasPrefix("/continue/") else { return .declined }
        let begun = "begun on the loop for \(request.path)"
        return .continued {
            try? await Task.sleep(for: .milliseconds(20))
            return HTTPResponse(status: 201, body: Array("continued: \(begun)".utf8))
        }
    }

    static let async: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
        HTTPResponse(status: 200, body: Array("async \(request.path)".utf8))
    }

    @Test func aContinuedRequestIsAnsweredByItsTask() async throws {
        let server = HTTPServer(configuration: testConfiguration(), inline: Self.inline, handler: Self.async)
        let port = try server.start()
        let answers: (RawClient.Response, RawClient.Response, [RawClient.Response])
        do {
            answers = try await blocking {
                let client = try RawClient(port: port)
                let continued = try client.roundTrip(request("GET", "/continue/a"))
                let declined = try client.roundTrip(request("GET", "/other"))
                _ = client.send(request("GET", "/continue/b") + request("GET", "/inline/c"))
                return (continued, declined, [try client.readResponse(), try client.readResponse()])
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let (continued, declined, pipelined) = answers
        #expect(continued.status == 201)
        #expect(continued.bodyText == "continued: begun on the loop for /continue/a")
        #expect(declined.bodyText == "async /other")
        #expect(pipelined.map(\.bodyText) == ["continued: begun on the loop for /continue/b", "inline /inline/c"])
    }
}
