import Foundation
import SQLGenEmulator
import Testing

/// The project `firebase init dataconnect` writes today (firebase-tools): a one-to-one `@unique`
/// relation, `@default(expr: "auth.uid")` and `"request.time"` columns, `insecureReason`, and every
/// auth level from PUBLIC to NO_ACCESS, with `seed_data.gql`.
@Suite("Real projects: realworld/fbinit in the emulator")
struct InitTemplateTests {
    static let hercule = SignedIn.user("fep4fXpGWsaRpuphq9CIrBIXQ0S2")

    private func seeded() async throws -> EmulatorHarness {
        try await RealProject("realworld/fbinit").start(seeding: "seed_data.gql")
    }

    @Test func seedAndPublicQueries() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        #expect(try await emulator.count("movies") == 18)
        #expect(try await emulator.count("movieMetadatas") == 18)
        #expect(try await emulator.count("users") == 3)
        #expect(try await emulator.count("reviews") == 6)

        let list = try await emulator.get("ListMovies")
        #expect(list.status == 200, "\(list.text)")
        #expect(list.json?["data", "movies"]?.arrayValue?.count == 18)

        // A one-to-one relation (`movie: Movie! @unique`) is a single object, not a list.
        let movie = try await emulator.get("GetMovieById", ["id": "550e8400-e29b-41d4-a716-446655440000"])
        #expect(movie.json?["data", "movie", "metadata", "releaseYear"] == .int(2025), "\(movie.text)")
        #expect(movie.json?["data", "movie", "reviews", 0, "user", "username"] == .string("sherlock_h"))
        #expect(movie.json?["data", "movie", "reviews", 0, "reviewDate"] == .string("2025-10-01"))

        let search = try await emulator.get("SearchMovie", ["titleInput": "of", "genre": "sci-fi"])
        #expect(search.json?["data", "movies"]?.strings("title") == ["Heart of Steel"], "\(search.text)")
        // An unset variable leaves its condition out.
        let genreOnly = try await emulator.get("SearchMovie", ["genre": "drama"])
        #expect(genreOnly.json?["data", "movies"]?.strings("title").sorted() == ["Silent Waves", "The Last Symphony"])
    }

    @Test func authLevelsFromPublicToNoAccess() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        #expect(try await emulator.get("ListUsers", headers: Self.hercule).status == 403)
        #expect(try await emulator.get("ListUserReviews").status == 401)

        let movie = #"{"title": "Untitled", "genre": "drama", "imageUrl": "https://example.com/u.jpg"}"#
        let unverified = try await emulator.post("CreateMovie", movie, headers: Self.hercule)
        #expect(unverified.status == 403, "\(unverified.text)")
        let created = try await emulator.post("CreateMovie", movie, headers: SignedIn.user("fep4fXpGWsaRpuphq9CIrBIXQ0S2", emailVerified: true))
        let id = try #require(created.json?["data", "movie_insert", "id"]?.stringValue, "\(created.text)")
        #expect(id.count == 32)
        #expect(try await emulator.count("movies") == 19)
    }

    @Test func reviewsBelongToTheSignedInUser() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        let newcomer = SignedIn.user("new-user-1")
        let user = try await emulator.post("UpsertUser", #"{"username": "newcomer"}"#, headers: newcomer)
        #expect(user.json?["data", "user_upsert", "id"] == .string("new-user-1"), "\(user.text)")

        let noir = "550e8400-e29b-41d4-a716-446655440003"
        let review = try await emulator.post("AddReview", #"{"movieId": "\#(noir)", "rating": 2, "reviewText": "Too dark."}"#, headers: newcomer)
        #expect(review.json?["data", "review_upsert", "userId"] == .string("new-user-1"), "\(review.text)")
        // `review_upsert` on the (movie, user) key: the second review replaces the first.
        let again = try await emulator.post("AddReview", #"{"movieId": "\#(noir)", "rating": 3, "reviewText": "Too dark."}"#, headers: newcomer)
        #expect(again.status == 200, "\(again.text)")
        let mine = try await emulator.get("ListUserReviews", headers: newcomer)
        #expect(mine.json?["data", "user", "reviews"]?.values("rating") == [.int(3)])
        #expect(mine.json?["data", "user", "reviews"]?.strings("reviewText") == ["Too dark."], "\(mine.text)")
        #expect(mine.json?["data", "user", "reviews", 0, "movie", "title"] == .string("Noir Mystique"))
        // `@default(expr: "request.time")` on a Date column stores the day.
        #expect(mine.json?["data", "user", "reviews", 0, "reviewDate"]?.stringValue?.count == 10)

        let theirs = try await emulator.get("ListUserReviews", headers: Self.hercule)
        #expect(theirs.json?["data", "user", "reviews"]?.arrayValue?.count == 2)
        let deleted = try await emulator.post("DeleteReview", #"{"movieId": "\#(noir)"}"#, headers: newcomer)
        #expect(deleted.json?["data", "review_delete", "movieId"] == .string(noir.replacingOccurrences(of: "-", with: "")), "\(deleted.text)")
        #expect(try await emulator.count("reviews") == 6)
    }
}
