import Foundation
import SQLGenEmulator
import Testing

@Suite("Emulator: the codelab-dataconnect-ios connector")
struct CodelabConnectorTests {
    @Test func bothSeedFilesLoadAndQueriesReturnTheirRows() async throws {
        let emulator = try await EmulatorHarness(fixture: "codelab", connector: "movies", seed: "moviedata_insert.gql")
        defer { Task { await emulator.shutdown() } }
        _ = try await emulator.engine.runSeed(try EmulatorHarness.text("codelab", "moviedetails_insert.gql"), name: "moviedetails_insert.gql")

        let listed = try await emulator.post("ListMovies", #"{"orderByReleaseYear": "ASC", "limit": 2}"#)
        #expect(listed.status == 200, "\(listed.text)")
        let years = listed.json?["data", "movies"]?.arrayValue?.compactMap { row -> Int64? in
            if case .int(let year)? = row["releaseYear"] { return year }
            return nil
        }
        #expect(years?.count == 2)
        #expect(years == years?.sorted())

        let movie = try await emulator.request("GET", "/graphql/execute.json/movies/GetMovieById;id=550e8400e29b41d4a716446655440001")
        #expect(movie.json?["data", "movie", "title"] == .string("The Lone Outlaw"))
        #expect(movie.json?["data", "movie", "metadata", 0, "director"] == .string("Juliana Mason, Clark Avery"))
        #expect(movie.json?["data", "movie", "mainActors", 0, "name"] == .string("Emma Westfield"))

        let me = ["Authorization": "Bearer user-1"]
        let upserted = try await emulator.post("UpsertUser", #"{"username": "ada"}"#, headers: me)
        #expect(upserted.json?["data", "user_upsert", "id"] == .string("user-1"), "\(upserted.text)")
        let renamed = try await emulator.post("UpsertUser", #"{"username": "ada_l"}"#, headers: me)
        #expect(renamed.status == 200)
        let added = try await emulator.post("AddFavoritedMovie", #"{"movieId": "550e8400e29b41d4a716446655440001"}"#, headers: me)
        #expect(added.status == 200, "\(added.text)")
        let favorites = try await emulator.post("GetUserFavoriteMovies", "{}", headers: me)
        #expect(favorites.status == 200, "\(favorites.text)")
        #expect(favorites.text.contains("The Lone Outlaw"))
        #expect(favorites.text.contains("ada_l") || !favorites.text.contains("\"ada\""))
    }
}
