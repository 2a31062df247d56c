import Foundation
import SQLGenEmulator
import Testing

/// firebase/quickstart-flutter's `data_connect/`: a `@view` over the `movie` table, custom table and
/// column names (`Reviews`, `FavoriteMovies`, `user_auth`), relations filtered by role, `auth.uid`
/// keys and `reviewDate_date: {today: true}`.
@Suite("Real projects: realworld/qs-flutter in the emulator")
struct QuickstartFlutterTests {
    static let quantumParadox = "550e8400-e29b-41d4-a716-446655440000"
    static let sherlock = SignedIn.user("SnLgOC3lN4hcIl69s53cW0Q8R1T2")

    private func seeded() async throws -> EmulatorHarness {
        try await RealProject("realworld/qs-flutter").start(seeding: "moviedata_insert.gql")
    }

    @Test func seedFillsEveryTableUnderItsOwnName() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        #expect(try await emulator.count("movies") == 20)
        #expect(try await emulator.count("actors") == 20)
        #expect(try await emulator.count("movieActors") == 40)
        #expect(try await emulator.count("reviews") == 6)
        #expect(try await emulator.count("favorite_movies") == 6)
        // The seed dates its reviews `reviewDate_date: {today: true}`.
        let today = try await emulator.graphQL("query { today: reviews(where: {reviewDate: {eq_date: {today: true}}}) { _count } before: reviews(where: {reviewDate: {lt_date: {today: true}}}) { _count } }")
        #expect(today.json?["data", "today", 0, "_count"] == .int(6), "\(today.text)")
        #expect(today.json?["data", "before", 0, "_count"] == .int(0))
        let tables = try emulator.storedTableNames()
        #expect(tables.contains("Reviews") && tables.contains("FavoriteMovies") && tables.contains("movie"), "\(tables)")
        let userColumns = try emulator.storedColumnNames("user")
        #expect(userColumns.contains("user_auth"), "\(userColumns)")
    }

    @Test func listsOrderFilterAndReadTheView() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        let top = try await emulator.get("ListMovies", ["orderByRating": "DESC", "limit": "3"])
        #expect(top.status == 200, "\(top.text)")
        #expect(top.json?["data", "movies"]?.strings("title") == ["Phoenix Rising", "Beyond the Horizon", "Rise of the Crimson Empire"])

        let sciFi = try await emulator.get("ListMoviesByGenre", ["genre": "sci-fi", "orderByReleaseYear": "ASC"])
        let years = sciFi.json?["data", "movies"]?.values("releaseYear").compactMap(\.number) ?? []
        #expect(sciFi.json?["data", "movies"]?.strings("genre") == ["sci-fi", "sci-fi", "sci-fi"], "\(sciFi.text)")
        #expect(years == years.sorted())

        // The view's SQL reads the table Data Connect names "movie".
        let genres = try await emulator.get("ListGenres")
        #expect(genres.status == 200, "\(genres.text)")
        let names = genres.json?["data", "genres"]?.strings("genre") ?? []
        #expect(Set(names).count == 11 && names.count == 11 && names.contains("western"), "\(genres.text)")

        let search = try await emulator.get("SearchAll", ["input": "the", "minYear": "2022", "maxYear": "2024", "minRating": "7.5",
                                                          "maxRating": "10", "genre": "r"])
        #expect(search.status == 200, "\(search.text)")
        // `contains` is case-sensitive (PostgreSQL LIKE): "The Last Symphony" does not match "the";
        // "Beyond the Horizon" (2026) and "Abyss of the Deep" (7.2) fall outside the ranges.
        #expect(search.json?["data", "moviesMatchingTitle"]?.strings("title") == ["Echoes of the Past"])
        #expect(search.json?["data", "reviewsMatchingText", 0, "user", "username"] != nil)

        let partial = try await emulator.get("ListMoviesByPartialTitle", ["input": "Quantum"])
        #expect(partial.json?["data", "movies"]?.strings("title") == ["Quantum Paradox"])
    }

    @Test func relationsFollowForeignKeysAndJoinTables() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        let movie = try await emulator.get("GetMovieById", ["id": Self.quantumParadox])
        #expect(movie.status == 200, "\(movie.text)")
        let data = try #require(movie.json?["data", "movie"])
        #expect(data["metadata"]?.strings("director") == ["Henry Caldwell"])
        #expect(data["mainActors"]?.strings("name") == ["Oliver Blackwood"])
        #expect(data["supportingActors"]?.strings("name") == ["Emma Westfield"])
        #expect(data["reviews", 0, "user", "username"] == .string("sherlock_h"))

        let actor = try await emulator.get("GetActorById", ["id": "123e4567-e89b-12d3-a456-426614174020"])
        #expect(actor.json?["data", "actor", "mainActors"]?.strings("title") == ["Quantum Paradox"], "\(actor.text)")
        #expect(actor.json?["data", "actor", "supportingActors"]?.strings("title") == ["Veil of Illusion"])
    }

    @Test func signedInUsersReadAndWriteTheirOwnRows() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        let me = try await emulator.get("GetCurrentUser", headers: Self.sherlock)
        #expect(me.json?["data", "user", "username"] == .string("sherlock_h"), "\(me.text)")
        #expect(me.json?["data", "user", "favoriteMovies"]?.values("movie").compactMap { $0["title"]?.stringValue }.sorted() == ["Noir Mystique", "Quantum Paradox"])
        #expect(me.json?["data", "user", "favoriteMovies", 0, "movie", "metadata", 0, "director"] != nil)

        let lone = "550e8400-e29b-41d4-a716-446655440001"
        let favorite = try await emulator.post("AddFavoritedMovie", #"{"movieId": "\#(lone)"}"#, headers: Self.sherlock)
        #expect(favorite.json?["data", "favorite_movie_upsert", "userId"] == .string("SnLgOC3lN4hcIl69s53cW0Q8R1T2"), "\(favorite.text)")
        let info = try await emulator.get("GetMovieInfoForUser", ["movieId": lone], headers: Self.sherlock)
        #expect(info.json?["data", "favorite_movie", "movieId"] == .string(lone.replacingOccurrences(of: "-", with: "")))

        let before = Self.todayUTC()
        let added = try await emulator.post("AddReview", #"{"movieId": "\#(lone)", "rating": 3, "reviewText": "Dusty."}"#, headers: Self.sherlock)
        #expect(added.status == 200, "\(added.text)")
        let updated = try await emulator.post("UpdateReview", #"{"movieId": "\#(lone)", "rating": 4, "reviewText": "Grew on me."}"#, headers: Self.sherlock)
        #expect(updated.json?["data", "review_update"] != .null, "\(updated.text)")
        let review = try await emulator.graphQL(#"query { reviews(where: {movieId: {eq: "\#(lone)"}, userId: {eq: "SnLgOC3lN4hcIl69s53cW0Q8R1T2"}}) { rating reviewText reviewDate } }"#)
        #expect(review.json?["data", "reviews", 0, "rating"] == .int(4), "\(review.text)")
        let date = review.json?["data", "reviews", 0, "reviewDate"]?.stringValue ?? ""
        #expect([before, Self.todayUTC()].contains(date), "\(date)")

        let deleted = try await emulator.post("DeleteReview", #"{"movieId": "\#(lone)"}"#, headers: Self.sherlock)
        #expect(deleted.json?["data", "review_delete", "movieId"] == .string(lone.replacingOccurrences(of: "-", with: "")), "\(deleted.text)")
        let unfavorite = try await emulator.post("DeleteFavoritedMovie", #"{"movieId": "\#(lone)"}"#, headers: Self.sherlock)
        #expect(unfavorite.status == 200)
        #expect(try await emulator.count("reviews") == 6)
        #expect(try await emulator.count("favorite_movies") == 6)
    }

    @Test func userOperationsRefuseAMissingToken() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        let anonymous = try await emulator.get("GetCurrentUser")
        #expect(anonymous.status == 401)
        #expect(anonymous.json?["errors", 0, "extensions", "code"] == .string("UNAUTHENTICATED"))
        let write = try await emulator.post("UpsertUser", #"{"username": "mallory"}"#)
        #expect(write.status == 401)
        let renamed = try await emulator.post("UpsertUser", #"{"username": "sherlock"}"#, headers: Self.sherlock)
        #expect(renamed.json?["data", "user_upsert", "id"] == .string("SnLgOC3lN4hcIl69s53cW0Q8R1T2"), "\(renamed.text)")
        #expect(try await emulator.count("users") == 3)
    }

    /// `username: String! @col(dataType: "varchar(50)")`, `name ... "varchar(30)"`: PostgreSQL
    /// refuses longer values, counting code points.
    @Test func varcharColumnsRefuseLongerStrings() async throws {
        let emulator = try await seeded()
        defer { Task { await emulator.shutdown() } }
        let fifty = String(repeating: "e\u{301}", count: 25)
        let fits = try await emulator.post("UpsertUser", #"{"username": "\#(fifty)"}"#, headers: Self.sherlock)
        #expect(fits.json?["data", "user_upsert", "id"] == .string("SnLgOC3lN4hcIl69s53cW0Q8R1T2"), "\(fits.text)")
        let tooLong = try await emulator.post("UpsertUser", #"{"username": "\#(fifty)x"}"#, headers: Self.sherlock)
        #expect(tooLong.json?["errors", 0, "message"]?.stringValue?.contains("at most 50 characters") == true, "\(tooLong.text)")
        #expect(tooLong.json?["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
        let actor = try await emulator.graphQL(#"mutation { actor_update(id: "123e4567-e89b-12d3-a456-426614174020", data: {name_update: [{set: "\#(String(repeating: "a", count: 31))"}]}) }"#)
        #expect(actor.json?["errors", 0, "message"]?.stringValue?.contains("at most 30 characters") == true, "\(actor.text)")
        let names = try await emulator.graphQL(#"query { users(where: {username: {eq: "\#(fifty)"}}) { id } actor(id: "123e4567-e89b-12d3-a456-426614174020") { name } }"#)
        #expect(names.json?["data", "users"]?.strings("id") == ["SnLgOC3lN4hcIl69s53cW0Q8R1T2"], "\(names.text)")
        #expect(names.json?["data", "actor", "name"] == .string("Oliver Blackwood"))
    }

    static func todayUTC() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
