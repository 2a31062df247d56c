#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Testing
@testable import SQLGenHTTP

@Suite("Concurrent connections")
struct ConcurrencyTests {
    @Test func sixtyFourConcurrentConnectionsAreAllAnswered() async throws {
        let handler: @Sendable (HTTPRequest) async -> HTTPResponse = { request in
            // Overlap the requests in the handler so the server really holds them all at once.
            try? await Task.sleep(for: .milliseconds(50))
            return .text(request.path)
        }
        try await withServer(handler: handler) { _, port in
            let bodies = try await withThrowingTaskGroup(of: [String].self) { group in
                for client in 0..<64 {
                    group.addTask {
                        try await blocking {
                            let connection = try RawClient(port: port)
                            return try (0..<3).map { index in
                                try connection.roundTrip(request("GET", "/c\(client)/\(index)")).bodyText
                            }
                        }
                    }
                }
                var all: [String] = []
                for try await bodies in group { all += bodies }
                return all
            }
            #expect(bodies.count == 192)
            #expect(Set(bodies).count == 192)
        }
    }

    /// Thousands of quick round trips on concurrent keep-alive connections: a lost wake-up between a
    /// handler Task and the event loop would leave a request unanswered and time the client out.
    @Test func manyRapidRequestsOnConcurrentConnectionsNeverStall() async throws {
        try await withServer { _, port in
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await blocking {
                            let client = try RawClient(port: port, timeout: 2)
                            var ok = 0
                            for _ in 0..<400 where try client.roundTrip(request()).status == 200 { ok += 1 }
                            return ok
                        }
                    }
                }
                var all: [Int] = []
                for try await count in group { all.append(count) }
                return all
            }
            #expect(counts == Array(repeating: 400, count: 8))
        }
    }

    @Test func severalEventLoopsServeRequests() async throws {
        var configuration = testConfiguration()
        configuration.eventLoopCount = 3
        try await withServer(configuration) { _, port in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<16 {
                    group.addTask { try await blocking { try RawClient(port: port).roundTrip(request()).status } }
                }
                var all: [Int] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses == Array(repeating: 200, count: 16))
        }
    }

    /// Connections opened together (a client's pool opening all of its own at once) are spread
    /// over the loops: the loop that wakes first must not take them all and leave a core idle.
    @Test func connectionsOpenedTogetherAreSpreadEvenlyOverTheLoops() async throws {
        var configuration = testConfiguration()
        configuration.eventLoopCount = 2
        let threadByPath = Mutex<[String: UInt]>([:])
        let inline: @Sendable (HTTPRequest) -> HTTPResponse? = { request in
            threadByPath.withLock { $0[request.path] = UInt(bitPattern: Int(bitPattern: pthread_self())) }
            return .text(request.path)
        }
        try await withServer(configuration, inlineHandler: inline) { _, port in
            let paths = try await blocking {
                let clients = try (0..<16).map { _ in try RawClient(port: port) }
                return try clients.enumerated().map { index, client in try client.roundTrip(request("GET", "/c\(index)")).bodyText }
            }
            #expect(paths.count == 16)
            let connectionsPerLoop = Dictionary(grouping: threadByPath.withLock { $0 }.values, by: { $0 }).values.map(\.count).sorted()
            #expect(connectionsPerLoop == [8, 8])
        }
    }
}
