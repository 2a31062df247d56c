import Foundation
import Testing
@testable import SQLGenHTTP

@Suite("Timeouts")
struct TimeoutTests {
    @Test func slowClientGets408AndIsClosedWhileOthersAreServed() async throws {
        let configuration = testConfiguration(readTimeout: .milliseconds(400))
        try await withServer(configuration) { _, port in
            let (slow, othersOK) = try await blocking {
                let slowClient = try RawClient(port: port)
                // Slowloris: a request head trickled out a byte at a time, never finished.
                let start = Date()
                var others = true
                for byte in Array("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8) {
                    guard slowClient.send([byte]) else { break }
                    if others, Date().timeIntervalSince(start) < 0.3 {
                        others = (try? RawClient(port: port).roundTrip(request()).status) == 200
                    }
                    usleep(30_000)
                }
                let response = try slowClient.readResponse()
                return (response, others && slowClient.waitForClose(timeout: 3))
            }
            #expect(slow.status == 408)
            #expect(othersOK)
            let after = try await blocking { try RawClient(port: port).roundTrip(request()) }
            #expect(after.status == 200)
        }
    }

    @Test func tricklingEmptyLinesDoNotExtendTheReadTimeout() async throws {
        try await withServer(testConfiguration(readTimeout: .milliseconds(300))) { _, port in
            let (closed, elapsed) = try await blocking {
                let client = try RawClient(port: port)
                let start = Date()
                // Empty lines before a request line are legal and ignored, but they are still input.
                while Date().timeIntervalSince(start) < 8, client.send("\r\n") {
                    usleep(50_000)
                }
                return (client.waitForClose(timeout: 8), Date().timeIntervalSince(start))
            }
            #expect(closed)
            // Trickling extends nothing: closed long before the client stops after 8 s.
            #expect(elapsed < 5)
        }
    }

    @Test func silentConnectionIsClosedAfterReadTimeout() async throws {
        try await withServer(testConfiguration(readTimeout: .milliseconds(200))) { _, port in
            let (closed, elapsed) = try await blocking {
                let client = try RawClient(port: port)
                let start = Date()
                let closed = client.waitForClose(timeout: 5)
                return (closed, Date().timeIntervalSince(start))
            }
            #expect(closed)
            #expect(elapsed < 5)
        }
    }

    @Test func idleKeepAliveConnectionIsClosedAfterIdleTimeout() async throws {
        try await withServer(testConfiguration(idleTimeout: .milliseconds(200))) { _, port in
            let (response, closed, elapsed) = try await blocking {
                let client = try RawClient(port: port)
                // Timed from before the request: the server may close only 200 ms after answering it.
                let start = Date()
                let response = try client.roundTrip(request())
                let closed = client.waitForClose(timeout: 5)
                return (response, closed, Date().timeIntervalSince(start))
            }
            #expect(response.status == 200)
            #expect(closed)
            #expect(elapsed >= 0.19 && elapsed < 5)
        }
    }

    @Test func idleTimeoutDoesNotCutAnActiveConnection() async throws {
        // Gaps well under the idle timeout, adding up to well over it.
        try await withServer(testConfiguration(idleTimeout: .milliseconds(800))) { _, port in
            let statuses = try await blocking {
                let client = try RawClient(port: port)
                return try (0..<12).map { _ in
                    usleep(100_000)
                    return try client.roundTrip(request()).status
                }
            }
            #expect(statuses == Array(repeating: 200, count: 12))
        }
    }

    @Test func clientThatNeverReadsIsClosedAfterWriteTimeout() async throws {
        let large = [UInt8](repeating: 0x61, count: 16 * 1024 * 1024)
        let configuration = testConfiguration(writeTimeout: .milliseconds(300))
        try await withServer(configuration, handler: { _ in HTTPResponse(body: large) }) { _, port in
            let (received, elapsed) = try await blocking {
                let client = try RawClient(port: port, receiveBufferSize: 32 * 1024)
                client.send(request())
                // Do not read: the response fills the socket buffers and the server's write stalls.
                let start = Date()
                usleep(1_200_000)
                // Now drain: the server must have given up, so far fewer bytes than the body arrive.
                return (client.readUntilClose().count, Date().timeIntervalSince(start))
            }
            #expect(received < large.count)
            #expect(elapsed < 5)
            let after = try await blocking { try RawClient(port: port).roundTrip(request(), head: true) }
            #expect(after.status == 200)
        }
    }
}
