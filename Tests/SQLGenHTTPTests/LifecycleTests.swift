import Foundation
import Synchronization
import Testing
@testable import SQLGenHTTP

@Suite("Start and stop")
struct LifecycleTests {
    @Test func startReturnsTheBoundPort() async throws {
        let server = HTTPServer(handler: echoHandler)
        #expect(server.port == nil)
        let port = try server.start()
        #expect(port > 0)
        #expect(server.port == port)
        await server.stop()
        #expect(server.port == nil)
    }

    @Test func portInUseIsATypedError() async throws {
        try await withServer { _, port in
            let second = HTTPServer(configuration: HTTPServerConfiguration(port: port), handler: echoHandler)
            #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: port)) {
                try second.start()
            }
            #expect(second.port == nil)
        }
    }

    @Test func invalidHostAndPortAreRejected() {
        #expect(throws: HTTPServerError.invalidHost("not-an-address")) {
            try HTTPServer(configuration: HTTPServerConfiguration(host: "not-an-address"), handler: echoHandler).start()
        }
        #expect(throws: HTTPServerError.invalidPort(70000)) {
            try HTTPServer(configuration: HTTPServerConfiguration(port: 70000), handler: echoHandler).start()
        }
    }

    @Test func startingTwiceThrows() async throws {
        try await withServer { server, _ in
            #expect(throws: HTTPServerError.alreadyRunning) { try server.start() }
        }
    }

    @Test func serverCanRestartAfterStop() async throws {
        let server = HTTPServer(handler: echoHandler)
        let first = try server.start()
        await server.stop()
        let second = try server.start()
        let response = await capture { try await blocking { try RawClient(port: second).roundTrip(request()) } }
        await server.stop()
        #expect(first > 0)
        #expect(try response.get().status == 200)
    }

    @Test func stopLetsAnInFlightRequestFinish() async throws {
        // High priority: the test times `stop()`, not the scheduling of a busy parallel test run.
        try await Task(priority: .high) {
            let (handler, arrivals) = signallingHandler { _ in
                try? await Task.sleep(for: .milliseconds(300))
                return .text("finished")
            }
            let server = HTTPServer(configuration: testConfiguration(), handler: handler)
            let port = try server.start()
            let client = Task {
                try await blocking { try RawClient(port: port).roundTrip(request()) }
            }
            for await _ in arrivals { break }
            let start = Date()
            await server.stop()
            let stopDuration = Date().timeIntervalSince(start)
            let response = try await client.value
            #expect(response.status == 200)
            #expect(response.bodyText == "finished")
            #expect(response.header("Connection") == "close")
            #expect(stopDuration < 3)
            // After stop, nothing listens any more.
            #expect(throws: RawClient.ClientError.self) { try RawClient(port: port) }
        }.value
    }

    @Test("At the end of the grace period stop cancels the handlers and writes the answers they give")
    func stopCancelsHandlersAfterTheGracePeriod() async throws {
        let (handler, arrivals) = signallingHandler { _ in
            let finished = (try? await Task.sleep(for: .seconds(30))) != nil
            return .text(finished ? "finished" : "cancelled")
        }
        let response = try await Self.stopWhileHandling(handler, arrivals).get()
        #expect(response.status == 200)
        #expect(response.bodyText == "cancelled")
        #expect(response.header("Connection") == "close")
    }

    @Test("A handler that ignores cancellation cannot hold stop beyond the grace period")
    func stopIsBoundedByTheGracePeriod() async throws {
        let release = Release()
        let (handler, arrivals) = signallingHandler { _ in
            // Waits, whatever happens to its Task, until the test has what the client got (a wait
            // of fixed length could end first when a busy parallel run is slow to schedule the test).
            await release.wait()
            return .text("too late")
        }
        // The client sees the connection end instead of a response.
        let outcome = try await Self.stopWhileHandling(handler, arrivals)
        release.open()
        #expect(throws: RawClient.ClientError.self) { try outcome.get() }
    }

    /// Stops a server (grace period 200 ms) while `handler` has a request in hand, expects the
    /// stop to take under 5 s (well before a handler's 10 s), and gives what the client got.
    static func stopWhileHandling(_ handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse,
                                  _ arrivals: AsyncStream<Void>) async throws -> Result<RawClient.Response, any Error> {
        let server = HTTPServer(configuration: testConfiguration(shutdownGracePeriod: .milliseconds(200)), handler: handler)
        let port = try server.start()
        let client = Task { try await blocking { try RawClient(port: port).roundTrip(request()) } }
        for await _ in arrivals { break }
        let start = Date()
        await server.stop()
        #expect(Date().timeIntervalSince(start) < 5)
        return await client.result
    }

    @Test func stopClosesIdleKeepAliveConnectionsPromptly() async throws {
        let (handler, arrivals) = signallingHandler(echoHandler)
        // The client waits for the test to stop the server, long when a busy parallel test run is slow
        // to schedule it; the grace period is longer still, so only a connection left open lasts it.
        let server = HTTPServer(configuration: testConfiguration(shutdownGracePeriod: .seconds(60)), handler: handler)
        let port = try server.start()
        let client = Task {
            try await blocking {
                let client = try RawClient(port: port)
                let status = try client.roundTrip(request()).status
                return (status, client.waitForClose(timeout: 30))
            }
        }
        for await _ in arrivals { break }
        let start = Date()
        await server.stop()
        let elapsed = Date().timeIntervalSince(start)
        let (status, closed) = try await client.value
        #expect(status == 200)
        #expect(closed)
        // Not closed at stop, the connection would last until the 60 s grace period ends.
        #expect(elapsed < 3)
    }

    @Test func concurrentStopCallsAllWaitForTheShutdown() async throws {
        var configuration = testConfiguration()
        configuration.eventLoopCount = 2
        let server = HTTPServer(configuration: configuration, handler: echoHandler)
        let port = try server.start()
        let served = await capture { try await blocking { try RawClient(port: port).roundTrip(request()).status } }
        async let first: Void = server.stop()
        async let second: Void = server.stop()
        _ = await (first, second)
        #expect(server.port == nil)
        #expect(try served.get() == 200)
        #expect(throws: RawClient.ClientError.self) { try RawClient(port: port) }
    }

    @Test func droppingARunningServerShutsItDown() async throws {
        var server: HTTPServer? = HTTPServer(configuration: testConfiguration(), handler: echoHandler)
        let port = try #require(try server?.start())
        let status = try await blocking { try RawClient(port: port).roundTrip(request()).status }
        server = nil
        #expect(status == 200)
        // The loop exits on its own thread shortly after the last reference goes away.
        var refused = false
        for _ in 0..<100 where !refused {
            try await Task.sleep(for: .milliseconds(20))
            refused = (try? RawClient(port: port)) == nil
        }
        #expect(refused)
    }

    @Test func servesIPv6Loopback() async throws {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "::1")) { request in
            .text(request.remoteAddress ?? "none")
        }
        let started = Result { () throws(HTTPServerError) -> Int in try server.start() }
        guard case let .success(port) = started else {
            return  // No IPv6 on this machine: nothing to test.
        }
        let result = await capture { try await blocking { try RawClient(port: port, ipv6: true).roundTrip(request()) } }
        await server.stop()
        let response = try result.get()
        #expect(response.status == 200)
        #expect(response.bodyText.hasPrefix("[::1]:"))
    }
}

/// A gate that handlers wait at until the test opens it.
private final class Release: Sendable {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
