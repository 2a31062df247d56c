import Foundation
import Synchronization
import Testing
@testable import SQLGenHTTP

/// Requests an inline handler begins in one pass of the loop and finishes together: each batch
/// runs once per pass, after every ready request was offered, and every request gets its own
/// answer, in order on its connection.
@Suite("Inline handler: batched requests")
struct InlineBatchTests {
    /// Records which requests each run of it finished.
    final class RecordingBatch: InlineBatch {
        private let state = Mutex((pending: [String](), runs: [[String]](), othersReady: [Bool]()))

        func begin(_ path: String, othersReady: Bool) -> Int {
            state.withLock { $0.pending.append(path); $0.othersReady.append(othersReady); return $0.runs.count }
        }

        func run() {
            state.withLock { $0.runs.append($0.pending); $0.pending.removeAll() }
        }

        var runs: [[String]] { state.withLock { $0.runs } }
        /// `HTTPRequest.othersReady` of each request begun, in order.
        var othersReady: [Bool] { state.withLock { $0.othersReady } }
    }

    /// `/batch/<name>` is batched and answered after its run; `/batch-continue/` continues in a
    /// task after it, `/batch-decline/` goes to the async handler after it; `/inline/` answers at once.
    static func inline(_ batch: RecordingBatch) -> @Sendable (HTTPRequest) -> InlineOutcome {
        { request in
            let path = request.path
            if path.hasPrefix("/inline/") { return .answered(HTTPResponse(status: 200, body: Array("inline \(path)".utf8))) }
            if path == "/block" {
                // Holds the loop while other clients send, so its next poll finds them all ready.
                Thread.sleep(forTimeInterval: 0.3)
                return .answered(HTTPResponse(status: 200, body: Array("blocked".utf8)))
            }
            guard path.hasPrefix("/batch") else { return .declined }
            let run = batch.begin(path, othersReady: request.othersReady)
            return .batched(batch) {
                if path.hasPrefix("/batch-continue/") { return .continued { HTTPResponse(status: 201, body: Array("continued \(path)".utf8)) } }
                if path.hasPrefix("/batch-decline/") { return .declined }
                return .answered(HTTPResponse(status: 200, body: Array("batched \(path) in run \(run)".utf8)))
            }
        }
    }

    static let async: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
        HTTPResponse(status: 200, body: Array("async \(request.path)".utf8))
    }

    static func withBatchServer<Result: Sendable>(_ body: @escaping @Sendable (Int) throws -> Result) async throws -> (Result, RecordingBatch) {
        let batch = RecordingBatch()
        let server = HTTPServer(configuration: testConfiguration(), inline: inline(batch), handler: async)
        let port = try server.start()
        do {
            let result = try await blocking { try body(port) }
            await server.stop()
            return (result, batch)
        } catch {
            await server.stop()
            throw error
        }
    }

    @Test("Requests of many clients each get their own answer; each run of the batch finishes every request begun before it")
    func manyClientsShareRuns() async throws {
        let (bodies, batch) = try await Self.withBatchServer { port in
            let clients = try (0..<12).map { _ in try RawClient(port: port) }
            for (index, client) in clients.enumerated() { _ = client.send(request("GET", "/batch/\(index)")) }
            return try clients.map { try $0.readResponse().bodyText }
        }
        let runs = batch.runs
        #expect(runs.flatMap { $0 }.sorted() == (0..<12).map { "/batch/\($0)" }.sorted())
        #expect(!runs.contains { $0.isEmpty })
        for (index, body) in bodies.enumerated() {
            let run = try #require(runs.firstIndex { $0.contains("/batch/\(index)") })
            #expect(body == "batched /batch/\(index) in run \(run)")
        }
    }

    @Test("Requests found ready in one poll are told others are ready, all but the last, and share one run")
    func requestsReadyTogetherAreToldOthersAreReady() async throws {
        let (bodies, batch) = try await Self.withBatchServer { port in
            let blocker = try RawClient(port: port)
            let clients = try (0..<4).map { _ in try RawClient(port: port) }
            _ = blocker.send(request("GET", "/block"))
            Thread.sleep(forTimeInterval: 0.1)
            for (index, client) in clients.enumerated() { _ = client.send(request("GET", "/batch/\(index)")) }
            _ = try blocker.readResponse()
            return try clients.map { try $0.readResponse().bodyText }
        }
        #expect(batch.othersReady == [true, true, true, false])
        #expect(batch.runs.count == 1 && batch.runs.first?.count == 4)
        #expect(bodies.allSatisfy { $0.hasSuffix("in run 0") })
    }

    @Test("Pipelined requests keep their order: the next begins in a new batch once the one before is answered")
    func pipelinedRequestsKeepTheirOrder() async throws {
        let (bodies, batch) = try await Self.withBatchServer { port in
            let client = try RawClient(port: port)
            _ = client.send(request("GET", "/batch/a") + request("GET", "/batch/b") + request("GET", "/inline/c") + request("GET", "/batch/d"))
            return try (0..<4).map { _ in try client.readResponse().bodyText }
        }
        #expect(bodies == ["batched /batch/a in run 0", "batched /batch/b in run 1", "inline /inline/c", "batched /batch/d in run 2"])
        #expect(batch.runs == [["/batch/a"], ["/batch/b"], ["/batch/d"]])
    }

    @Test("A batched request may still continue in a task, or go to the async handler")
    func batchedRequestsMayContinueOrDecline() async throws {
        let (bodies, _) = try await Self.withBatchServer { port in
            let client = try RawClient(port: port)
            let continued = try client.roundTrip(request("GET", "/batch-continue/x"))
            let declined = try client.roundTrip(request("GET", "/batch-decline/y"))
            let batched = try client.roundTrip(request("GET", "/batch/z"))
            return [continued.bodyText, declined.bodyText, batched.bodyText]
        }
        #expect(bodies == ["continued /batch-continue/x", "async /batch-decline/y", "batched /batch/z in run 2"])
    }
}
