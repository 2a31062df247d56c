import Foundation
import Testing
@testable import SQLGenHTTP

/// The inline handler: answered on the event-loop thread, declined requests go to the async handler.
@Suite("Inline handler")
struct InlineHandlerTests {
    /// Answers paths under `/inline/` itself (body "inline <path>"); declines everything else.
    static let inline: @Sendable (HTTPRequest) -> HTTPResponse? = { request in
        guard request.path.hasPrefix("/inline/") else { return nil }
        var headers: HTTPHeaders = ["X-Answered": "inline", "ETag": "\"e1\""]
        if request.path.hasSuffix("/close") { headers.add(name: "Connection", value: "close") }
        return HTTPResponse(status: request.path.hasSuffix("/missing") ? 404 : 200, headers: headers, body: Array("inline \(request.path)".utf8))
    }

    /// Sleeps for paths under `/slow/`, then answers "async <path>".
    static let async: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
        if request.path.hasPrefix("/slow/") { try? await Task.sleep(for: .milliseconds(1500)) }
        if request.path.hasPrefix("/async/") { try? await Task.sleep(for: .milliseconds(Int.random(in: 1...20))) }
        return HTTPResponse(status: 200, headers: ["X-Answered": "async"], body: Array("async \(request.path)".utf8))
    }

    @Test func inlineAnswersCarryStatusHeadersAndBody() async throws {
        try await withServer(inlineHandler: Self.inline, handler: Self.async) { _, port in
            let (get, missing, head, declined) = try await blocking {
                let client = try RawClient(port: port)
                return (try client.roundTrip(request("GET", "/inline/a")),
                        try client.roundTrip(request("GET", "/inline/missing")),
                        try client.roundTrip(request("HEAD", "/inline/a"), head: true),
                        try client.roundTrip(request("GET", "/other")))
            }
            #expect(get.status == 200)
            #expect(get.bodyText == "inline /inline/a")
            #expect(get.header("X-Answered") == "inline")
            #expect(get.header("ETag") == "\"e1\"")
            #expect(get.header("Content-Length") == "16")
            #expect(get.header("Date") != nil)
            #expect(missing.status == 404)
            #expect(missing.bodyText == "inline /inline/missing")
            // HEAD keeps the headers and Content-Length of the GET answer, without the body.
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "16")
            #expect(head.header("ETag") == "\"e1\"")
            #expect(head.body.isEmpty)
            #expect(declined.bodyText == "async /other")
            #expect(declined.header("X-Answered") == "async")
        }
    }

    @Test func anInlineConnectionCloseIsHonoured() async throws {
        try await withServer(inlineHandler: Self.inline, handler: Self.async) { _, port in
            let (response, closed) = try await blocking {
                let client = try RawClient(port: port)
                let response = try client.roundTrip(request("GET", "/inline/close"))
                return (response, client.waitForClose(timeout: 2))
            }
            #expect(response.header("Connection") == "close")
            #expect(closed)
        }
    }

    /// A request the async handler holds for 1.5 s must not delay inline answers on other connections.
    @Test func aSlowAsyncRequestDoesNotBlockInlineAnswers() async throws {
        try await withServer(inlineHandler: Self.inline, handler: Self.async) { _, port in
            let (slowBody, inlineBodies, inlineSeconds) = try await blocking {
                let slow = try RawClient(port: port)
                slow.send(request("GET", "/slow/1"))
                Thread.sleep(forTimeInterval: 0.1)
                let start = Date()
                let other = try RawClient(port: port)
                let bodies = try (0..<20).map { try other.roundTrip(request("GET", "/inline/\($0)")).bodyText }
                let seconds = Date().timeIntervalSince(start)
                return (try slow.readResponse().bodyText, bodies, seconds)
            }
            #expect(inlineBodies == (0..<20).map { "inline /inline/\($0)" })
            #expect(inlineSeconds < 1.2)
            #expect(slowBody == "async /slow/1")
        }
    }

    /// Pipelined requests, some answered inline and some by the async handler (after random
    /// delays), come back in request order; a long run of inline ones is answered in one go.
    @Test func pipelinedInlineAndAsyncRequestsStayInOrder() async throws {
        try await withServer(inlineHandler: Self.inline, handler: Self.async) { _, port in
            let paths = (0..<300).map { index in index % 7 == 3 ? "/async/\(index)" : "/inline/\(index)" }
            let responses = try await blocking {
                let client = try RawClient(port: port)
                client.send(paths.map { request("GET", $0) }.joined())
                return try paths.map { _ in try client.readResponse() }
            }
            #expect(responses.map(\.bodyText) == paths.map { ($0.hasPrefix("/async/") ? "async " : "inline ") + $0 })
            #expect(responses.allSatisfy { $0.status == 200 })
        }
    }

    @Test func inlineAnswersWorkOnSeveralEventLoops() async throws {
        var configuration = testConfiguration()
        configuration.eventLoopCount = 2
        try await withServer(configuration, inlineHandler: Self.inline, handler: Self.async) { _, port in
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<16 {
                    group.addTask { try await blocking { try RawClient(port: port).roundTrip(request("GET", "/inline/\(index)")).bodyText } }
                }
                var all: [String] = []
                for try await body in group { all.append(body) }
                return all
            }
            #expect(Set(bodies) == Set((0..<16).map { "inline /inline/\($0)" }))
        }
    }
}
