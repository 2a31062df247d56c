import Foundation
import GoldenMoviesSDK
@testable import SQLConnect
import Testing

/// The movies golden package (a Data Connect connector with a client cache) run on SQLConnect.
@Suite struct MoviesSDKTests {
    static let alienID = "6f9619ff8b86d011b42d00c04fc964ff"
    static let alien = UUIDHex.parse(alienID) ?? UUID()

    private func connector(_ transport: FakeTransport) -> MoviesConnector {
        MoviesConnector(dataConnect: transport.client(MoviesConnector.connectorConfig, cache: CacheSettings(storage: .memory, maxAge: 60)))
    }

    @Test("A query sends its name, document and variables, and decodes rows that are Hashable by key")
    func query() async throws {
        let row = #"{"id":"\#(Self.alienID)","title":"Alien","releaseYear":1979,"rating":4.5,"aspectRatio":"WIDESCREEN"}"#
        let other = #"{"id":"\#(Self.alienID)","title":"Alien (director's cut)","aspectRatio":"IMAX_70MM"}"#
        let transport = FakeTransport(#"{"data":{"movies":[\#(row),\#(other)]}}"#)
        let result = try await connector(transport).listMoviesByGenreQuery.execute(genre: "Sci-Fi") { $0.limit = 10 }
        let request = try #require(transport.requests.first)
        #expect(request.operationName == ListMoviesByGenreQuery.OperationName)
        #expect(request.kind == .query)
        #expect(request.document == ListMoviesByGenreQuery.document)
        #expect(transport.lastVariables == #"{"genre":"Sci-Fi","limit":10}"#)
        let movies = try #require(result.data?.movies)
        #expect(movies.map(\.releaseYear) == [1979, nil])
        #expect(movies.map(\.aspectRatio) == [.WIDESCREEN, ._UNKNOWN("IMAX_70MM")])
        #expect(movies[0].movieKey == MovieKey(id: Self.alien))
        #expect(movies[0] == movies[1] && Set(movies).count == 1)
    }

    @Test("print and dump show a result's members by response key, as the properties hold them")
    func mirrors() async throws {
        let row = #"{"id":"\#(Self.alienID)","title":"Alien","releaseYear":null,"rating":4.5,"aspectRatio":"WIDESCREEN"}"#
        let transport = FakeTransport(#"{"data":{"movies":[\#(row)]}}"#)
        let movie = try #require(try await connector(transport).listMoviesByGenreQuery.execute(genre: "Sci-Fi").data?.movies.first)
        let record = try #require(Mirror(reflecting: movie).children.first { $0.label == "__record" }?.value)
        let members = Mirror(reflecting: record).children.map { ($0.label ?? "", String(describing: $0.value)) }
        #expect(members.map(\.0) == ["id", "title", "releaseYear", "rating", "aspectRatio"])
        #expect(members[1].1 == "Alien" && members[2].1 == "nil" && members[3].1 == "Optional(4.5)")
        #expect(String(describing: movie).contains("title: \"Alien\""))
    }

    @Test("Optional variables: unset ones are left out, nil is sent as null")
    func optionalVariables() async throws {
        let transport = FakeTransport()
        let movies = connector(transport)
        _ = try await movies.listMoviesQuery.execute(fetchPolicy: .serverOnly)
        #expect(transport.lastVariables == "{}")
        _ = try await movies.listMoviesQuery.execute(fetchPolicy: .serverOnly) { $0.limit = nil }
        #expect(transport.lastVariables == #"{"limit":null}"#)
        _ = try await movies.listMoviesQuery.execute(fetchPolicy: .serverOnly) { $0.orderByRating = .DESC; $0.limit = 3 }
        #expect(transport.lastVariables == #"{"orderByRating":"DESC","limit":3}"#)
    }

    @Test("A key struct from a mutation's result goes back out as a variable, in the wire form")
    func keyRoundTrip() async throws {
        let transport = FakeTransport(#"{"data":{"movie_insert":{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}}}"#)
        let movies = connector(transport)
        let created = try await movies.createMovieMutation.execute(title: "Alien", releaseYear: 1979, genre: "Sci-Fi", rating: 4.5) { $0.aspectRatio = ._UNKNOWN("IMAX") }
        #expect(transport.requests.first?.kind == .mutation)
        #expect(transport.lastVariables == #"{"title":"Alien","releaseYear":1979,"genre":"Sci-Fi","rating":4.5,"aspectRatio":"IMAX"}"#)
        let key = try #require(created.data?.movie_insert)
        #expect(key == MovieKey(id: Self.alien))
        transport.reply(#"{"data":{"movie":null}}"#)
        let found = try await movies.getMovieByKeyQuery.execute(key: key)
        #expect(transport.lastVariables == #"{"key":{"id":"\#(Self.alienID)"}}"#)
        #expect(found.data != nil && found.data?.movie == nil)
    }

    /// On the main actor, where an observable ref is read.
    @Test(".preferCache answers from the client cache; the same variables give the same ref")
    @MainActor func cacheAndRefs() async throws {
        let transport = FakeTransport(#"{"data":{"movies":[]}}"#)
        let movies = connector(transport)
        #expect(try await movies.listMoviesByGenreQuery.execute(genre: "Drama").source == .server)
        let cached = try await movies.listMoviesByGenreQuery.execute(genre: "Drama")
        #expect(cached.source == .cache && cached.data?.movies.isEmpty == true)
        #expect(transport.requests.count == 1)
        let ref = movies.listMoviesByGenreQuery.ref(genre: "Drama") { $0.limit = 2 }
        #expect(ref === movies.listMoviesByGenreQuery.ref(genre: "Drama") { $0.limit = 2 })
        #expect(ref !== movies.listMoviesByGenreQuery.ref(genre: "Drama"))
        #expect(ref.variables.genre == "Drama" && ref.variables.limit == 2)
    }

    @Test("The default connector talks to the emulator, and useEmulator moves it")
    func defaultClient() {
        let movies = MoviesConnector()
        #expect(movies.dataConnect.transport is EmulatorTransport)
        #expect(movies.dataConnect.cacheSettings?.maxAge == 5)
        #expect(DataConnect.moviesConnector.dataConnect.connectorConfig.connector == "movies")
        movies.useEmulator(port: 9)
        #expect(movies.dataConnect.transport is EmulatorTransport)
    }

    @Test("Generated enums decode unknown values as _UNKNOWN and send them back unchanged")
    func unknownEnumValues() throws {
        let decoded = try WireDecoder.decode([AspectRatio].self, from: Data(#"["ACADEMY","CINERAMA"]"#.utf8))
        #expect(decoded == [.ACADEMY, ._UNKNOWN("CINERAMA")])
        #expect(try VariablesEncoder.encode(decoded).serialized() == #"["ACADEMY","CINERAMA"]"#)
        #expect(try JSONDecoder().decode(AspectRatio.self, from: JSONEncoder().encode(AspectRatio._UNKNOWN("X"))) == ._UNKNOWN("X"))
        #expect(AspectRatio(rawValue: "ANAMORPHIC") == .ANAMORPHIC && AspectRatio.knownCases.count == 3)
    }

    @Test("Cached data decodes with JSONDecoder too")
    func jsonDecoder() throws {
        let json = #"{"movies":[{"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","title":"Alien","releaseYear":1979,"rating":4.5,"aspectRatio":"WIDESCREEN"}]}"#
        let data = try JSONDecoder().decode(ListMoviesByGenreQuery.Data.self, from: Data(json.utf8))
        #expect(data.movies.first?.movieKey == MovieKey(id: Self.alien))
        #expect(data.movies.first?.rating == 4.5)
    }
}
