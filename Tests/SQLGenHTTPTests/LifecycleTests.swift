import Foundation
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
    }

    @Test func stopIsBoundedByTheGracePeriod() async throws {
        let (handler, arrivals) = signallingHandler { _ in
            try? await Task.sleep(for: .seconds(30))
            return .text("too late")
        }
        let server = HTTPServer(configuration: testConfiguration(shutdownGracePeriod: .milliseconds(200)), handler: handler)
        let port = try server.start()
        let client = Task { try await blocking { try RawClient(port: port).roundTrip(request()) } }
        for await _ in arrivals { break }
        let start = Date()
        await server.stop()
        #expect(Date().timeIntervalSince(start) < 2)
        // The client sees the connection end instead of a response.
        await #expect(throws: RawClient.ClientError.self) { try await client.value }
    }

    @Test func stopClosesIdleKeepAliveConnectionsPromptly() async throws {
        let (handler, arrivals) = signallingHandler(echoHandler)
        let server = HTTPServer(configuration: testConfiguration(), handler: handler)
        let port = try server.start()
        let client = Task {
            try await blocking {
                let client = try RawClient(port: port)
                let status = try client.roundTrip(request()).status
                return (status, client.waitForClose(timeout: 3))
            }
        }
        for await _ in arrivals { break }
        let start = Date()
        await server.stop()
        let elapsed = Date().timeIntervalSince(start)
        let (status, closed) = try await client.value
        #expect(status == 200)
        #expect(closed)
        #expect(elapsed < 1)
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
