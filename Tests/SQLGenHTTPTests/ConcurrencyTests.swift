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
}
