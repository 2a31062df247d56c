import Foundation
import SQLGenEmulator
import Testing

/// FirebaseExtended/codelab-dataconnect-ios, finished state: two seed files (movies and metadata,
/// then actors and the join table), favorites keyed by `auth.uid`, `user(id_expr:)`.
@Suite("Real projects: examples/codelab-dataconnect-ios in the emulator")
struct CodelabIOSTests {
    static let celestialHarmony = "550e8400-e29b-41d4-a716-446655440002"
    static let ada = SignedIn.user("ada-uid")

    private func seeded() async throws -> EmulatorHarness {
        try await RealProject("examples/codelab-dataconnect-ios").start(seeding: "moviedata_insert.gql", "moviedetails_insert.gql")
    }

    @Test func bothSeedFilesFillTheirTables() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        for (plural, expected) in [("movies", 20), ("movieMetadatas", 20), ("actors", 20), ("movieActors", 40), ("users", 0)] {
            #expect(try await emulator.count(plural) == Int64(expected), "\(plural)")
        }
        let movie = try await emulator.get("GetMovieById", ["id": Self.celestialHarmony])
        let data = try #require(movie.json?["data", "movie"], "\(movie.text)")
        #expect(data["title"] == .string("Celestial Harmony"))
        #expect(data["tags"] == .array([.string("romance"), .string("sci-fi")]))
        #expect(data["mainActors"]?.arrayValue?.count == 1)
        #expect(data["supportingActors"]?.arrayValue?.count == 1)
        #expect(data["mainActors"]?.strings("id") != data["supportingActors"]?.strings("id"))

        let best = try await emulator.get("ListMovies", ["orderByRating": "DESC", "limit": "2"])
        #expect(best.json?["data", "movies"]?.strings("title") == ["Phoenix Rising", "Beyond the Horizon"], "\(best.text)")
        // An orderBy entry whose variable is unset is left out: by year alone.
        let oldest = try await emulator.get("ListMovies", ["orderByReleaseYear": "ASC", "limit": "20"])
        let years = oldest.json?["data", "movies"]?.values("releaseYear").compactMap(\.number) ?? []
        #expect(years.count == 20 && years == years.sorted())
    }

    @Test func favoritesBelongToTheSignedInUser() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        #expect(try await emulator.get("GetUserFavoriteMovies").status == 401)
        #expect(try await emulator.get("GetUserFavoriteMovies", headers: Self.ada).json?["data", "user"] == .null)

        let user = try await emulator.post("UpsertUser", #"{"username": "ada"}"#, headers: Self.ada)
        #expect(user.json?["data", "user_upsert", "id"] == .string("ada-uid"), "\(user.text)")
        #expect(try await emulator.post("AddFavoritedMovie", #"{"movieId": "\#(Self.celestialHarmony)"}"#).status == 401)
        let added = try await emulator.post("AddFavoritedMovie", #"{"movieId": "\#(Self.celestialHarmony)"}"#, headers: Self.ada)
        #expect(added.status == 200, "\(added.text)")
        let again = try await emulator.post("AddFavoritedMovie", #"{"movieId": "\#(Self.celestialHarmony)"}"#, headers: Self.ada)
        #expect(again.status == 200, "\(again.text)")

        let favorites = try await emulator.get("GetUserFavoriteMovies", headers: Self.ada)
        #expect(favorites.json?["data", "user", "favoriteMovies"]?.values("movie").compactMap { $0["title"]?.stringValue } == ["Celestial Harmony"], "\(favorites.text)")
        let favorited = try await emulator.get("GetIfFavoritedMovie", ["movieId": Self.celestialHarmony], headers: Self.ada)
        #expect(favorited.json?["data", "favorite_movie", "movieId"] == .string("550e8400e29b41d4a716446655440002"))

        let removed = try await emulator.post("DeleteFavoritedMovie", #"{"movieId": "\#(Self.celestialHarmony)"}"#, headers: Self.ada)
        #expect(removed.json?["data", "favorite_movie_delete", "userId"] == .string("ada-uid"), "\(removed.text)")
        let none = try await emulator.post("DeleteFavoritedMovie", #"{"movieId": "\#(Self.celestialHarmony)"}"#, headers: Self.ada)
        #expect(none.json?["data", "favorite_movie_delete"] == .null, "\(none.text)")
        #expect(try await emulator.count("favorite_movies") == 0)
    }
}
