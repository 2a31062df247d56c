import Foundation
import SQLGenEmulator
import Testing

@Suite("Emulator: the FriendlyFlix connector with its seed data")
struct FriendlyFlixTests {
    static let quantumParadox = "550e8400e29b41d4a716446655440000"

    @Test func seedDataAndQueriesAgree() async throws {
        let emulator = try await EmulatorHarness(fixture: "friendlyflix", connector: "friendly-flix", seed: "data_seed.gql")
        defer { Task { await emulator.shutdown() } }

        // A lookup with relations: metadata (one-to-many), actors through the join table filtered by role, reviews with their user.
        let movie = try await emulator.request("GET", "/graphql/execute.json/friendly-flix/GetMovieById;id=550e8400-e29b-41d4-a716-446655440000")
        #expect(movie.status == 200, "\(movie.text)")
        let data = try #require(movie.json?["data", "movie"])
        #expect(data["title"] == .string("Quantum Paradox"))
        #expect(data["id"] == .string(Self.quantumParadox))
        #expect(data["releaseYear"] == .int(2025))
        #expect(data["tags"] == .array([.string("thriller"), .string("adventure")]))
        #expect(data["metadata", 0, "director"] == .string("Henry Caldwell"))
        #expect(data["mainActors"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["123e4567e89b12d3a456426614174020"])
        #expect(data["supportingActors"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["123e4567e89b12d3a456426614174021"])
        #expect(data["reviews", 0, "user", "username"] == .string("sherlock_h"))
        #expect(data["reviews", 0, "rating"] == .int(5))
        let reviewDate = try #require(data["reviews", 0, "reviewDate"]?.stringValue)
        #expect(reviewDate.count == 10)

        // Ordering and limit.
        let top = try await emulator.post("ListMovies", #"{"orderByRating": "DESC", "limit": 3}"#)
        let ratings = top.json?["data", "movies"]?.arrayValue?.compactMap { row -> Double? in
            if case .double(let value)? = row["rating"] { return value }
            return nil
        } ?? []
        #expect(ratings.count == 3)
        #expect(ratings == ratings.sorted(by: >))

        // Filters combined with _and, contains, ge/le.
        let search = try await emulator.post("SearchAll", #"{"input": "Quantum", "minYear": 2000, "maxYear": 2030, "minRating": 1, "maxRating": 10, "genre": "sci"}"#)
        #expect(search.status == 200, "\(search.text)")
        #expect(search.json?["data", "moviesMatchingTitle"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Quantum Paradox"])

        // A forward reference from the many-to-many side: the actor's movies.
        let actor = try await emulator.post("GetActorById", #"{"id": "123e4567-e89b-12d3-a456-426614174021"}"#)
        #expect(actor.json?["data", "actor", "mainActors", 0, "title"] == .string("The Lone Outlaw"))
        #expect(actor.json?["data", "actor", "supportingActors", 0, "title"] == .string("Quantum Paradox"))
    }

    @Test func countsAndAdHocQueries() async throws {
        let emulator = try await EmulatorHarness(fixture: "friendlyflix", connector: "friendly-flix", seed: "data_seed.gql")
        defer { Task { await emulator.shutdown() } }
        let reply = try await emulator.graphQL("""
        query { movies { _count } actors(where: {name: {startsWith: "Li"}}, orderBy: [{name: ASC}]) { name }
          movie(id: "550e8400e29b41d4a716446655440000") { reviews_on_movie { _count } __typename } }
        """)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.json?["data", "movies", 0, "_count"] == .int(20))
        #expect(reply.json?["data", "actors"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Liam Hale", "Lily Moore"])
        #expect(reply.json?["data", "movie", "reviews_on_movie", 0, "_count"] == .int(1))
        #expect(reply.json?["data", "movie", "__typename"] == .string("Movie"))
    }

    @Test func userOperationsNeedABearerToken() async throws {
        let emulator = try await EmulatorHarness(fixture: "friendlyflix", connector: "friendly-flix", seed: "data_seed.gql")
        defer { Task { await emulator.shutdown() } }
        let anonymous = try await emulator.request("GET", "/graphql/execute.json/friendly-flix/GetCurrentUser")
        #expect(anonymous.status == 401)
        #expect(anonymous.json?["errors", 0, "extensions", "code"] == .string("UNAUTHENTICATED"))

        let me = ["Authorization": "Bearer SnLgOC3lN4hcIl69s53cW0Q8R1T2"]
        let user = try await emulator.request("GET", "/graphql/execute.json/friendly-flix/GetCurrentUser", headers: me)
        #expect(user.json?["data", "user", "username"] == .string("sherlock_h"))
        #expect((user.json?["data", "user", "reviews"]?.arrayValue?.count ?? 0) >= 2)

        let added = try await emulator.post("AddFavoritedMovie", #"{"movieId": "550e8400-e29b-41d4-a716-446655440005"}"#, headers: me)
        #expect(added.json?["data", "favorite_movie_upsert", "movieId"] == .string("550e8400e29b41d4a716446655440005"), "\(added.text)")
        let favorited = try await emulator.post("GetIfFavoritedMovie", #"{"movieId": "550e8400e29b41d4a716446655440005"}"#, headers: me)
        #expect(favorited.json?["data", "favorite_movie", "movieId"] == .string("550e8400e29b41d4a716446655440005"))
        let deleted = try await emulator.post("DeleteFavoritedMovie", #"{"movieId": "550e8400e29b41d4a716446655440005"}"#, headers: me)
        #expect(deleted.json?["data", "favorite_movie_delete", "userId"] == .string("SnLgOC3lN4hcIl69s53cW0Q8R1T2"))
        let gone = try await emulator.post("GetIfFavoritedMovie", #"{"movieId": "550e8400e29b41d4a716446655440005"}"#, headers: me)
        #expect(gone.json?["data", "favorite_movie"] == .null)
    }
}
