import Foundation
import Testing
@testable import SQLGenHTTP

@Suite("The connection limit and hang-ups")
struct ConnectionLimitTests {
    @Test("Beyond the limit, a newcomer takes the slot of the connection that waited longest for a request")
    func slowClientsGiveWayToNewOnes() async throws {
        var configuration = testConfiguration(readTimeout: .seconds(10))
        configuration.maxConnections = 4
        try await withServer(configuration) { _, port in
            let (elapsed, status, slowOnesClosed) = try await blocking {
                // Four clients send half a request head and stall, holding every slot.
                let slow = try (0..<4).map { _ in try RawClient(port: port) }
                for client in slow { client.send("GET / HTTP/1.1\r\nHost: localhost\r\n") }
                Thread.sleep(forTimeInterval: 0.1)
                let start = Date()
                let status = try RawClient(port: port, timeout: 3).roundTrip(request()).status
                let elapsed = Date().timeIntervalSince(start)
                return (elapsed, status, slow.first?.waitForClose(timeout: 1) ?? false)
            }
            #expect(status == 200)
            // Held back, it would wait for the 10 s read timeout.
            #expect(elapsed < 5, "served after \(elapsed) s: the stalled clients held it back")
            #expect(slowOnesClosed)
        }
    }

    @Test("When every slot has a request in hand, a newcomer is answered 503 with Retry-After at once")
    func busyServerAnswers503AtOnce() async throws {
        var configuration = testConfiguration()
        configuration.maxConnections = 2
        // The busy handlers hold their slots until the newcomer has its answer.
        let released = Flag()
        let (handler, arrivals) = signallingHandler { _ in
            while !released.isSet, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(10)) }
            return .text("slow")
        }
        try await withServer(configuration, handler: handler) { _, port in
            let busy = (0..<2).map { _ in Task { try await blocking { try RawClient(port: port).roundTrip(request()) } } }
            var seen = 0
            for await _ in arrivals {
                seen += 1
                if seen == 2 { break }
            }
            let (elapsed, response) = try await blocking {
                let start = Date()
                let response = try RawClient(port: port, timeout: 3).roundTrip(request())
                return (Date().timeIntervalSince(start), response)
            }
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(response.header("Connection") == "close")
            // Waiting for a slot instead, it would get nothing before its 3 s timeout.
            #expect(elapsed < 3)
            released.set()
            for task in busy { #expect(try await task.value.status == 200) }
        }
    }

    @Test("A client that hangs up cancels its handler's Task")
    func hangUpCancelsTheHandler() async throws {
        let arrived = Flag()
        let (cancelled, reportCancelled) = AsyncStream<Bool>.makeStream()
        let (handler, arrivals) = signallingHandler { _ in
            let finished = (try? await Task.sleep(for: .seconds(20))) != nil
            reportCancelled.yield(!finished)
            return .text("done")
        }
        try await withServer(handler: handler) { _, port in
            // The client sends a request, half-closes once the handler has it, then reads.
            let client = Task {
                try await blocking { () throws -> RawClient.Response in
                    let client = try RawClient(port: port, timeout: 10)
                    client.send(request())
                    while !arrived.isSet { Thread.sleep(forTimeInterval: 0.01) }
                    client.finishSending()
                    return try client.readResponse()
                }
            }
            for await _ in arrivals { break }
            let start = Date()
            arrived.set()
            var wasCancelled = false
            for await value in cancelled {
                wasCancelled = value
                break
            }
            #expect(wasCancelled)
            #expect(Date().timeIntervalSince(start) < 5)
            // The answer is still written to a client that only half-closed, then the connection ends.
            let response = try await client.value
            #expect(response.bodyText == "done")
            #expect(response.header("Connection") == "close")
        }
    }
}

/// A flag one thread sets and another polls.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
