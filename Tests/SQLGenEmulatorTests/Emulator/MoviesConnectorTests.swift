import Foundation
import SQLGenEmulator
import Testing

@Suite("Emulator: the root movies connector")
struct MoviesConnectorTests {
    @Test func createMovieThenListByGenreAndGetByKey() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let created = try await emulator.post("createMovie", #"{"title": "Alien", "releaseYear": 1979, "genre": "Sci-Fi", "rating": 4.4, "aspectRatio": "WIDESCREEN"}"#)
        #expect(created.status == 200, "\(created.text)")
        let id = try #require(created.json?["data", "movie_insert", "id"]?.stringValue)
        #expect(id.count == 32)

        let listed = try await emulator.request("GET", "/graphql/execute.json/movies/listMoviesByGenre;genre=Sci-Fi;limit=10")
        #expect(listed.status == 200, "\(listed.text)")
        let titles = listed.json?["data", "movies"]?.arrayValue?.compactMap { $0["title"]?.stringValue }
        // Ordered by release year, newest first.
        #expect(titles == ["Blade Runner", "Alien", "A New Hope"])
        #expect(listed.json?["data", "movies", 1, "aspectRatio"] == .string("WIDESCREEN"))

        let dashed = String(id.prefix(8)) + "-" + String(id.dropFirst(8).prefix(4)) + "-" + String(id.dropFirst(12).prefix(4)) + "-" + String(id.dropFirst(16).prefix(4)) + "-" + String(id.dropFirst(20))
        let fetched = try await emulator.post("getMovieByKey", #"{"key": {"id": "\#(dashed)"}}"#)
        #expect(fetched.json?["data", "movie", "title"] == .string("Alien"))
        #expect(fetched.json?["data", "movie", "id"] == .string(id))
        #expect(fetched.json?["data", "movie", "rating"] == .double(4.4))
    }

    @Test func dataSurvivesARestart() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies")
        defer { Task { await emulator.shutdown() } }
        let created = try await emulator.post("createMovie", #"{"title": "Persistent", "releaseYear": 2000, "genre": "Drama", "rating": 3.0}"#)
        #expect(created.status == 200)
        try await emulator.restart()
        let listed = try await emulator.post("listMoviesByGenre", #"{"genre": "Drama"}"#)
        #expect(listed.json?["data", "movies", 0, "title"] == .string("Persistent"))
    }
}
