import Foundation
import GoldenFriendlyFlixSDK
@testable import SQLConnect
import Testing

/// The FriendlyFlix golden package (a Data Connect project: composite keys, aliased relations,
/// dates) run on SQLConnect.
@Suite struct FriendlyFlixSDKTests {
    static let movieID = "6ba7b8109dad11d180b400c04fd430c8"
    static let actorID = "6ba7b8119dad11d180b400c04fd430c8"
    static let movie = UUIDHex.parse(movieID) ?? UUID()

    private func connector(_ transport: FakeTransport) -> FriendlyFlixConnector {
        FriendlyFlixConnector(dataConnect: transport.client(FriendlyFlixConnector.connectorConfig))
    }

    @Test("Nested and aliased selections decode into their own structs, keyed rows by key")
    func movieDetails() async throws {
        let actor = #"{"id":"\#(Self.actorID)","name":"Sigourney Weaver","imageUrl":"a.jpg"}"#
        let review = #"{"id":"\#(Self.actorID)","reviewText":"Tense","reviewDate":"2024-02-29","rating":5,"user":{"id":"u1","username":"ripley"}}"#
        let movie = #"{"id":"\#(Self.movieID)","title":"Alien","imageUrl":"m.jpg","releaseYear":1979,"genre":null,"tags":["space"],"# +
            #""metadata":[{"director":"Ridley Scott"}],"mainActors":[\#(actor)],"supportingActors":[],"reviews":[\#(review)]}"#
        let transport = FakeTransport(#"{"data":{"movie":\#(movie)}}"#)
        let result = try await connector(transport).getMovieByIdQuery.execute(id: Self.movie)
        #expect(transport.lastVariables == #"{"id":"\#(Self.movieID)"}"#)
        let details = try #require(result.data?.movie)
        #expect(details.movieKey == MovieKey(id: Self.movie))
        #expect(details.genre == nil && details.rating == nil && details.tags == ["space"])
        #expect(details.metadata.first?.director == "Ridley Scott")
        #expect(details.mainActors.first?.actorMainActorsKey == ActorKey(id: UUIDHex.parse(Self.actorID) ?? UUID()))
        #expect(details.supportingActors.isEmpty)
        let first = try #require(details.reviews.first)
        #expect(first.reviewDate == (try LocalDate(string: "2024-02-29")))
        #expect(first.user.userKey == UserKey(id: "u1") && first.user.username == "ripley")
    }

    @Test("Composite keys decode from results and every variable takes its declared position")
    func compositeKeysAndVariables() async throws {
        let transport = FakeTransport(#"{"data":{"favorite_movie_upsert":{"userId":"u1","movieId":"\#(Self.movieID)"}}}"#)
        let flix = connector(transport)
        let added = try await flix.addFavoritedMovieMutation.execute(movieId: Self.movie)
        #expect(added.data?.favorite_movie_upsert == FavoriteMovieKey(userId: "u1", movieId: Self.movie))
        #expect(transport.requests.last?.kind == .mutation)
        _ = try await flix.searchAllQuery.execute(minYear: 1970, maxYear: 1990, minRating: 1, maxRating: 5.5, genre: "Sci-Fi") { $0.input = "alien" }
        #expect(transport.lastVariables == #"{"input":"alien","minYear":1970,"maxYear":1990,"minRating":1,"maxRating":5.5,"genre":"Sci-Fi"}"#)
        #expect(transport.requests.last?.operationName == "SearchAll")
    }

    @Test("A null result is data with a nil member, not an error")
    func nullResult() async throws {
        let transport = FakeTransport(#"{"data":{"favorite_movie":null}}"#)
        let result = try await connector(transport).getIfFavoritedMovieQuery.execute(movieId: Self.movie)
        #expect(result.data != nil && result.data?.favorite_movie == nil)
    }
}
