import Foundation
@testable import SQLGenEmulator
import SQLGenHTTP
import SQLGenJSON
import Testing

/// The console's live log: every request the emulator answers, once, whichever path answered it
/// (the event loop, a task it continued in, the async handler), with its operation, caller,
/// status and time; the console's own requests are not in it.
@Suite("Emulator console: the request log")
struct ConsoleLogTests {
    static func entries(_ client: ConsoleClient, after: Int = 0) async throws -> [JSONValue] {
        try await client.json("log?after=\(after)")["entries"]?.arrayValue ?? []
    }

    static func summary(_ entry: JSONValue) -> String {
        let fields = ["method", "operation", "caller"].map { entry[$0]?.stringValue ?? "?" }
        guard case .int(let status)? = entry["status"] else { return fields.joined(separator: " ") }
        return fields.joined(separator: " ") + " \(status)"
    }

    @Test("Requests are logged with their operation, caller and status, in order; the console's own are not")
    func requestsAreLogged() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let client = try await ConsoleClient.open(port: emulator.port)
        #expect(try await Self.entries(client).isEmpty, "loading the page and reading the log are not logged")
        _ = try await emulator.request("GET", "/graphql/execute.json/movies/listMoviesByGenre;genre=Drama", headers: ["Authorization": "Bearer ann"])
        _ = try await emulator.post("createMovie", #"{"title": "Up", "releaseYear": 2009, "genre": "Animation", "rating": 4.1}"#)
        _ = try await emulator.graphQL("{ movies { id } }")
        _ = try await emulator.request("GET", "/nowhere")
        let expired = "e30.eyJzdWIiOiJhbm4iLCJleHAiOjF9.x"  // {"sub":"ann","exp":1}
        _ = try await emulator.request("GET", "/graphql/execute.json/movies/listMovies", headers: ["Authorization": "Bearer \(expired)"])
        _ = try await client.run("movies", "listMovies")
        let entries = try await Self.entries(client)
        #expect(entries.map(Self.summary) == [
            "GET movies/listMoviesByGenre uid ann 200", "POST movies/createMovie signed out 200", "POST GraphQL request signed out 200",
            "GET /nowhere signed out 404", "GET movies/listMovies expired token 200",
        ])
        guard case .double(let milliseconds)? = entries.first?["milliseconds"], case .double(let time)? = entries.first?["time"] else {
            Issue.record("no times: \(entries)")
            return
        }
        #expect(milliseconds > 0 && abs(time - Date().timeIntervalSince1970) < 60)
        let last = try await client.json("log?after=0")["last"]
        #expect(last == .int(5))
        #expect(try await Self.entries(client, after: 3).count == 2)
        #expect(try await Self.entries(client, after: 5).isEmpty)
    }

    @Test("A request the event loop begins and a task finishes is logged once, when it is answered")
    func continuedRequestIsLoggedOnce() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let client = try await ConsoleClient.open(port: emulator.port)
        let id = try #require(try await emulator.graphQL("{ movies(limit: 1) { id } }").json?["data", "movies", 0, "id"]?.stringValue)
        let path = "/graphql/execute.json/movies/getMovieByKey;key=%7B%22id%22%3A%22\(id)%22%7D"
        #expect(try await emulator.request("GET", path).status == 200)
        InlineLookupTests.spendInlineBudgets(emulator.engine, true)
        let spent = emulator.engine.inlineBudgetsSpent.load(ordering: .relaxed)
        #expect(try await emulator.request("GET", path).status == 200)
        #expect(emulator.engine.inlineBudgetsSpent.load(ordering: .relaxed) == spent + 1, "the second request continued in a task")
        let entries = try await Self.entries(client)
        #expect(entries.map(Self.summary) == ["POST GraphQL request signed out 200", "GET movies/getMovieByKey signed out 200", "GET movies/getMovieByKey signed out 200"])
    }

    @Test("The log keeps the last entries in a ring, numbered on")
    func ringKeepsTheLast() {
        let log = RequestLog(capacity: 3)
        for index in 1...5 {
            log.record(HTTPRequest(method: "GET", target: "/\(index)"), status: 200, since: .now)
        }
        let (entries, last) = log.entries(after: 0)
        #expect(entries.map(\.path) == ["/3", "/4", "/5"])
        #expect(entries.map(\.sequence) == [3, 4, 5])
        #expect(last == 5)
        #expect(log.entries(after: 4).entries.map(\.path) == ["/5"])
        log.record(HTTPRequest(method: "POST", target: "/graphql/execute.json/a%20b/c;x=1"), status: 201, since: .now)
        #expect(log.entries(after: 5).entries.map(\.operation) == ["a b/c"])
    }
}
