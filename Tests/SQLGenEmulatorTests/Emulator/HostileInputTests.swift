import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("Emulator: hostile and malformed input")
struct HostileInputTests {
    @Test func sqlInjectionInVariablesIsJustData() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let hostile = #"x'); DROP TABLE movie; --"#
        let created = try await emulator.post("createMovie", JSONValue.object([
            JSONMember("title", .string(hostile)), JSONMember("releaseYear", .int(1)), JSONMember("genre", .string("' OR '1'='1")), JSONMember("rating", .double(1)),
        ]).jsonText)
        #expect(created.status == 200)
        let none = try await emulator.post("listMoviesByGenre", #"{"genre": "' OR 1=1 --"}"#)
        #expect(none.json?["data", "movies"] == .array([]))
        let one = try await emulator.post("listMoviesByGenre", #"{"genre": "' OR '1'='1"}"#)
        #expect(one.json?["data", "movies", 0, "title"] == .string(hostile))
        let all = try await emulator.post("listMovies", "{}")
        #expect(all.json?["data", "movies"]?.arrayValue?.count == 6)
    }

    @Test func clientErrorsAreClear() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies")
        defer { Task { await emulator.shutdown() } }
        let badJSON = try await emulator.request("POST", "/graphql/execute.json/movies/listMovies", body: "{\"variables\": {")
        #expect(badJSON.status == 400)
        #expect(badJSON.json?["errors", 0, "message"]?.stringValue?.contains("not valid JSON") == true)

        let unknown = try await emulator.post("noSuchOperation")
        #expect(unknown.status == 404)
        #expect(unknown.json?["errors", 0, "message"]?.stringValue?.contains("\"noSuchOperation\"") == true)

        let wrongType = try await emulator.post("listMoviesByGenre", #"{"genre": 12}"#)
        #expect(wrongType.status == 400)
        #expect(wrongType.json?["errors", 0, "message"]?.stringValue?.contains("$genre") == true)
        #expect(wrongType.json?["data"] == nil)

        let missing = try await emulator.post("listMoviesByGenre", "{}")
        #expect(missing.status == 400)

        let badUUID = try await emulator.post("getMovieByKey", #"{"key": {"id": "not-a-uuid"}}"#)
        #expect(badUUID.status == 400)

        let mutationOverGet = try await emulator.request("GET", "/graphql/execute.json/movies/createMovie;title=x")
        #expect(mutationOverGet.status == 405)
    }

    @Test func depthAndCostLimits() async throws {
        let emulator = try await EmulatorHarness(fixture: "friendlyflix", connector: "friendly-flix")
        defer { Task { await emulator.shutdown() } }
        var deep = "rating"
        for _ in 0..<10 { deep = "movie { reviews_on_movie { \(deep) } }" }
        let tooDeep = try await emulator.graphQL("query { reviews { \(deep) } }")
        // Request errors: 200 under application/json (GraphQL over HTTP), the refusal in errors.
        #expect(tooDeep.status == 200, "\(tooDeep.text)")
        #expect(tooDeep.json?["errors", 0, "extensions", "code"] == .string("RESOURCE_EXHAUSTED"))

        let aliases = (0..<5_000).map { "a\($0): __typename" }.joined(separator: " ")
        let tooMany = try await emulator.graphQL("query { \(aliases) }")
        #expect(tooMany.status == 200)
        #expect(tooMany.json?["errors", 0, "message"]?.stringValue?.contains("too expensive") == true)

        // The server keeps serving.
        let health = try await emulator.request("GET", "/healthz")
        #expect(health.status == 200)
    }

    @Test func persistedOnlyRefusesAdHocOperations() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", persistedOnly: true)
        defer { Task { await emulator.shutdown() } }
        let adHoc = try await emulator.graphQL("{ movies { id } }")
        #expect(adHoc.status == 403)
        let hosted = try await emulator.post("listMovies")
        #expect(hosted.status == 200)
    }
}

@Suite("Emulator: malformed bytes")
struct MalformedBytesTests {
    @Test func invalidUTF8AndBadEscapesAreClientErrors() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies")
        defer { Task { await emulator.shutdown() } }
        guard let url = URL(string: "http://127.0.0.1:\(emulator.port)/graphql/execute.json/movies/listMoviesByGenre") else { return }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"variables": {"genre": ""#.utf8) + Data([0xFF, 0xFE]) + Data(#""}}"#.utf8)
        let (data, response) = try await emulator.session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: data, as: UTF8.self).contains("UTF-8"))

        let badEscape = try await emulator.request("GET", "/graphql/execute.json/movies/listMoviesByGenre;genre=%FF")
        #expect(badEscape.status == 400)

        let validation = try await emulator.graphQL("{ movies { nope } }")
        #expect(validation.status == 200)
        #expect(validation.json?["data"] == nil)
        #expect(validation.json?["errors", 0, "message"] == .string("Cannot query field \"nope\" on type \"Movie\"."))
        #expect(validation.json?["errors", 0, "locations", 0, "column"] == .int(12))

        let notAnObject = try await emulator.request("POST", "/graphql/execute.json/movies/listMovies", body: "[1, 2]")
        #expect(notAnObject.status == 400)
        let variablesNotObject = try await emulator.request("POST", "/graphql/execute.json/movies/listMovies", body: #"{"variables": 3}"#)
        #expect(variablesNotObject.status == 400)

        // Bodies over the server's limit (8 MiB) are refused before any parsing; others are still served.
        let huge = "{\"variables\": {\"genre\": \"" + String(repeating: "x", count: 9 * 1024 * 1024) + "\"}}"
        let tooLarge = try? await emulator.request("POST", "/graphql/execute.json/movies/listMoviesByGenre", body: huge)
        #expect(tooLarge == nil || tooLarge?.status == 413)
        let health = try await emulator.request("GET", "/healthz")
        #expect(health.status == 200)
    }
}
