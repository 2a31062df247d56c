import Foundation
import SQLGenEmulator
import Testing

/// The three published projects built on the FriendlyFlix schema: the iOS SDK's sample, the
/// Android quickstart (`@auth(insecureReason:)`) and the web quickstart (with
/// `optional_vector_embed.gql`), each with its own connector id and seed file.
@Suite("Real projects: the FriendlyFlix schema family in the emulator")
struct MovieQuickstartTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var seed: String
        var testDescription: String { path }
    }

    static let cases = [
        Case(path: "examples/data-connect-ios-sdk-friendlyflix", seed: "data_seed.gql"),
        Case(path: "examples/quickstart-android", seed: "moviedata_insert.gql"),
        Case(path: "examples/quickstart-js", seed: "moviedata_insert.gql"),
    ]
    static let quantumParadox = "550e8400-e29b-41d4-a716-446655440000"
    static let sherlock = SignedIn.user("SnLgOC3lN4hcIl69s53cW0Q8R1T2")

    @Test(arguments: cases) func seedFillsEveryTable(_ project: Case) async throws {
        let emulator = try await RealProject(project.path).start(seeding: project.seed)
        defer { Task { await emulator.shutdown() } }
        let counts = [("movies", 20), ("actors", 20), ("movieMetadatas", 20), ("movieActors", 40), ("users", 3), ("reviews", 6), ("favorite_movies", 6)]
        for (plural, expected) in counts {
            #expect(try await emulator.count(plural) == Int64(expected), "\(plural)")
        }
        // Aggregates over the seeded rows.
        let stats = try await emulator.graphQL("query { movies { rating_max releaseYear_min _count } reviews(where: {rating: {eq: 5}}) { _count } }")
        #expect(stats.json?["data", "movies", 0, "rating_max"]?.number == 8.6, "\(stats.text)")
        #expect(stats.json?["data", "movies", 0, "releaseYear_min"] == .int(2022))
        #expect(stats.json?["data", "reviews", 0, "_count"] == .int(5))
    }

    @Test(arguments: cases) func publicQueriesReadRowsRelationsAndFilters(_ project: Case) async throws {
        let emulator = try await RealProject(project.path).start(seeding: project.seed)
        defer { Task { await emulator.shutdown() } }
        let newest = try await emulator.get("ListMovies", ["orderByReleaseYear": "DESC", "limit": "4"])
        #expect(newest.status == 200, "\(newest.text)")
        #expect(newest.json?["data", "movies"]?.values("releaseYear") == [.int(2026), .int(2026), .int(2026), .int(2025)])

        let movie = try await emulator.get("GetMovieById", ["id": Self.quantumParadox])
        let data = try #require(movie.json?["data", "movie"], "\(movie.text)")
        #expect(data["title"] == .string("Quantum Paradox"))
        #expect(data["tags"] == .array([.string("thriller"), .string("adventure")]))
        #expect(data["metadata"]?.strings("director") == ["Henry Caldwell"])
        #expect(data["mainActors"]?.strings("name") == ["Oliver Blackwood"])
        #expect(data["supportingActors"]?.strings("name") == ["Emma Westfield"])
        #expect(data["reviews", 0, "user", "username"] == .string("sherlock_h"))

        let actor = try await emulator.get("GetActorById", ["id": "123e4567-e89b-12d3-a456-426614174021"])
        #expect(actor.json?["data", "actor", "mainActors"]?.strings("title") == ["The Lone Outlaw"], "\(actor.text)")
        #expect(actor.json?["data", "actor", "supportingActors"]?.strings("title") == ["Quantum Paradox"])

        let search = try await emulator.get("SearchAll", ["input": "Quantum", "minYear": "2000", "maxYear": "2030", "minRating": "1",
                                                          "maxRating": "10", "genre": "sci"])
        #expect(search.json?["data", "moviesMatchingTitle"]?.strings("title") == ["Quantum Paradox"], "\(search.text)")
        #expect(search.json?["data", "actorsMatchingName"] == .array([]))
        let outOfRange = try await emulator.get("SearchAll", ["input": "Quantum", "minYear": "2026", "maxYear": "2030", "minRating": "1",
                                                              "maxRating": "10", "genre": "sci"])
        #expect(outOfRange.json?["data", "moviesMatchingTitle"] == .array([]))
    }

    @Test(arguments: cases) func reviewsAndFavoritesAreTheSignedInUsers(_ project: Case) async throws {
        let emulator = try await RealProject(project.path).start(seeding: project.seed)
        defer { Task { await emulator.shutdown() } }
        #expect(try await emulator.get("GetCurrentUser").status == 401)
        #expect(try await emulator.post("AddReview", #"{"movieId": "\#(Self.quantumParadox)", "rating": 1, "reviewText": "x"}"#).status == 401)

        let lone = "550e8400-e29b-41d4-a716-446655440001"
        let added = try await emulator.post("AddReview", #"{"movieId": "\#(lone)", "rating": 3, "reviewText": "Dusty."}"#, headers: Self.sherlock)
        #expect(added.status == 200, "\(added.text)")
        // `review_insert` on a (movie, user) key that exists fails; the row stays as it was.
        let again = try await emulator.post("AddReview", #"{"movieId": "\#(Self.quantumParadox)", "rating": 1, "reviewText": "x"}"#, headers: Self.sherlock)
        #expect(again.json?["errors", 0, "message"] != nil, "\(again.text)")
        let updated = try await emulator.post("UpdateReview", #"{"movieId": "\#(lone)", "rating": 4, "reviewText": "Grew on me."}"#, headers: Self.sherlock)
        #expect(updated.status == 200, "\(updated.text)")

        let me = try await emulator.get("GetCurrentUser", headers: Self.sherlock)
        let reviews = me.json?["data", "user", "reviews"]
        #expect(reviews?.strings("reviewText").sorted() == ["A fantastic superhero film with great performances.", "An incredible movie with a mind-blowing plot!", "Grew on me."], "\(me.text)")
        #expect(me.json?["data", "user", "favoriteMovies"]?.arrayValue?.count == 2)

        let deleted = try await emulator.post("DeleteReview", #"{"movieId": "\#(lone)"}"#, headers: Self.sherlock)
        #expect(deleted.json?["data", "review_delete", "userId"] == .string("SnLgOC3lN4hcIl69s53cW0Q8R1T2"), "\(deleted.text)")
        let favorite = try await emulator.post("AddFavoritedMovie", #"{"movieId": "\#(lone)"}"#, headers: Self.sherlock)
        #expect(favorite.status == 200, "\(favorite.text)")
        let favorited = try await emulator.get("GetIfFavoritedMovie", ["movieId": lone], headers: Self.sherlock)
        #expect(favorited.json?["data", "favorite_movie", "movieId"] == .string(lone.replacingOccurrences(of: "-", with: "")))
        #expect(try await emulator.get("GetIfFavoritedMovie", ["movieId": lone], headers: SignedIn.user("someone-else")).json?["data", "favorite_movie"] == .null)
    }

    /// The web quickstart's schema keeps `descriptionEmbedding` commented out, so its optional
    /// embedding file names a field `Movie_Data` does not have: the seed stops with that error.
    @Test func optionalVectorEmbedNamesTheMissingField() async throws {
        let project = try RealProject("examples/quickstart-js")
        let emulator = try await project.start(seeding: "moviedata_insert.gql")
        defer { Task { await emulator.shutdown() } }
        let error = await #expect(throws: EmulatorError.self) { try await project.seed(emulator, "optional_vector_embed.gql") }
        #expect(error?.message.contains(#"Field "descriptionEmbedding_embed" is not defined by type "Movie_Data""#) == true, "\(String(describing: error))")
    }
}
