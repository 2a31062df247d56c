import Foundation
import SQLGenEmulator
import Testing

@Suite("Emulator: the time limit per request and cancellation")
struct RequestLimitTests {
    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c"

    @Test("Endless SQL is stopped at the time limit with an error that names the limit and its flag")
    func endlessSQLHitsTheTimeLimit() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", requestTimeout: .milliseconds(300))
        defer { Task { await emulator.shutdown() } }
        let start = Date()
        let reply = try await emulator.graphQL("query { _select(sql: \"\(Self.endless)\") }")
        // Without the limit the query never ends; 30 s leaves room for a loaded test machine.
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(reply.status == 504, "\(reply.text)")
        #expect(reply.json?["errors", 0, "extensions", "code"] == .string("DEADLINE_EXCEEDED"))
        let message = reply.json?["errors", 0, "message"]?.stringValue ?? ""
        #expect(message.contains("300ms") && message.contains("--request-timeout"), "\(message)")
        // The read connection is free again.
        #expect(try await emulator.graphQL("query { movies { id } }").status == 200)
    }

    @Test("A mutation stopped by the time limit writes nothing, not even its earlier steps")
    func stoppedMutationWritesNothing() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", requestTimeout: .milliseconds(300))
        defer { Task { await emulator.shutdown() } }
        let slowUpdate = "UPDATE movie SET title = title WHERE rating > (\(Self.endless))"
        let reply = try await emulator.graphQL("""
        mutation {
          movie_insert(data: {title: "Written first", releaseYear: 2000, genre: "Limit", rating: 1})
          _execute(sql: "\(slowUpdate)")
        }
        """)
        #expect(reply.status == 504, "\(reply.text)")
        #expect(reply.json?["errors", 0, "message"]?.stringValue?.contains("Nothing was written") == true)
        let count = try await emulator.graphQL("query { movies(where: {genre: {eq: \"Limit\"}}) { id } }")
        #expect(count.json?["data", "movies"] == .array([]), "\(count.text)")
    }

    @Test("Cancelling the request's task stops its SQL at once")
    func cancellationStopsTheWork() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", requestTimeout: .seconds(60))
        defer { Task { await emulator.shutdown() } }
        let engine = emulator.engine
        let request = Task {
            await engine.executeDocument("query { _select(sql: \"\(Self.endless)\") }", operationName: nil, variables: .object([]))
        }
        try await Task.sleep(for: .milliseconds(200))
        let start = Date()
        request.cancel()
        let response = await request.value
        // Far below the 60 s limit it would otherwise run to; a busy parallel test run can take seconds to schedule it.
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(response.status == 503)
        #expect(response.result.errors.first?.code == "UNAVAILABLE")
    }

    @Test("A client that disconnects frees the read connection its query held")
    func disconnectStopsTheQuery() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", requestTimeout: .seconds(60))
        defer { Task { await emulator.shutdown() } }
        // Both read connections busy with endless SQL, then both clients go away.
        for _ in 0..<2 {
            let client = Task { try await emulator.graphQL("query { _select(sql: \"\(Self.endless)\") }") }
            try await Task.sleep(for: .milliseconds(300))
            client.cancel()
            _ = await client.result
        }
        let start = Date()
        let reply = try await emulator.graphQL("query { movies { id } }")
        #expect(reply.status == 200)
        #expect(Date().timeIntervalSince(start) < 5, "a query waited for a read connection held by a client that left")
    }
}
