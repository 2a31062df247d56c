import Foundation
import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

@Suite("Emulator: endpoints")
struct EndpointTests {
    @Test func persistedQueryEncodingsETagAndList() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let raw = try await emulator.request("GET", "/graphql/execute.json/movies/listMoviesByGenre;genre=Sci-Fi;limit=1")
        let encoded = try await emulator.request("GET", "/graphql/execute.json/movies/listMoviesByGenre%3Bgenre%3DSci-Fi%3Blimit%3D1;")
        #expect(raw.status == 200)
        #expect(raw.body == encoded.body)
        #expect(raw.json?["data", "movies"]?.arrayValue?.count == 1)
        let tag = try #require(raw.headers["etag"])
        #expect(raw.headers["cache-control"] != nil)
        let cached = try await emulator.request("GET", "/graphql/execute.json/movies/listMoviesByGenre;genre=Sci-Fi;limit=1", headers: ["If-None-Match": tag])
        #expect(cached.status == 304)

        let list = try await emulator.request("GET", "/graphql/list.json")
        let names = list.json?["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("createMovie") && names.contains("getMovieByKey"))
        // One connector's operations, as AEM lists one configuration's.
        let movies = try await emulator.request("GET", "/graphql/list.json/movies")
        #expect(movies.json?["items"]?.arrayValue?.count == names.count)
        #expect(try await emulator.request("GET", "/graphql/list.json/other").json?["items"] == .array([]))

        let persisted = try await emulator.request("PUT", "/graphql/persist.json/movies/titles", body: "query titles @auth(level: PUBLIC) { movies(orderBy: [{title: ASC}], limit: 2) { title } }")
        #expect(persisted.status == 201, "\(persisted.text)")
        let titles = try await emulator.request("GET", "/graphql/execute.json/movies/titles")
        #expect(titles.json?["data", "movies", 0, "title"] == .string("A New Hope"))

        let schema = try await emulator.request("GET", "/schema.graphql")
        #expect(schema.text.contains("movie_insert"))

        let introspection = try await emulator.graphQL("{ __schema { queryType { name } } __type(name: \"Movie\") { fields { name } } }")
        #expect(introspection.json?["data", "__schema", "queryType", "name"] == .string("Query"))
        #expect(introspection.json?["data", "__type", "fields"]?.arrayValue?.contains { $0["name"] == .string("title") } == true)
    }

    @Test func graphQLOverHTTPWithGet() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let query = "%7B%20movies(orderBy%3A%20%5B%7Btitle%3A%20ASC%7D%5D%2C%20limit%3A%201)%20%7B%20title%20%7D%20%7D"
        let reply = try await emulator.request("GET", "/graphql?query=\(query)", headers: ["Accept": "application/graphql-response+json"])
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"]?.hasPrefix("application/graphql-response+json") == true)
        #expect(reply.json?["data", "movies", 0, "title"] == .string("A New Hope"))
        let mutation = try await emulator.request("GET", "/graphql?query=mutation%20%7B%20movie_deleteMany(all%3A%20true)%20%7D")
        #expect(mutation.status == 405)
        let listed = try await emulator.post("listMovies")
        #expect(listed.json?["data", "movies"]?.arrayValue?.count == 5)
    }

    @Test func mutationsUpdateAndDelete() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let updated = try await emulator.graphQL(#"mutation { movie_updateMany(where: {genre: {eq: "Sci-Fi"}}, data: {rating_update: [{inc: 0.5}]}) }"#)
        #expect(updated.json?["data", "movie_updateMany"] == .int(2), "\(updated.text)")
        let check = try await emulator.graphQL(#"{ movies(where: {title: {eq: "Blade Runner"}}) { rating } }"#)
        #expect(check.json?["data", "movies", 0, "rating"] == .double(5.0))
        let refused = try await emulator.graphQL("mutation { movie_deleteMany }")
        #expect(refused.json?["errors", 0, "message"]?.stringValue?.contains("all: true") == true)
        let deleted = try await emulator.graphQL(#"mutation { movie_deleteMany(where: {releaseYear: {lt: 1970}}) }"#)
        #expect(deleted.json?["data", "movie_deleteMany"] == .int(2))
    }
}

@Suite("Emulator: import, export and reload")
struct TransferAndReloadTests {
    static func sources(_ schema: String) -> [SQLGenLanguage.Source] { [SQLGenLanguage.Source(schema, name: "schema.gql")] }

    @Test func exportThenImportRoundTrips() async throws {
        let schema = try EmulatorHarness.text("friendlyflix", "schema.gql")
        let first = try TestDatabase.engine(schemaSources: Self.sources(schema), operationSources: [], connectorId: "x", databasePath: ":memory:")
        _ = try await first.runSeed(try EmulatorHarness.text("friendlyflix", "data_seed.gql"), name: "seed")
        let exported = try await first.exportData()
        let second = try TestDatabase.engine(schemaSources: Self.sources(schema), operationSources: [], connectorId: "x", databasePath: ":memory:")
        let count = try await second.importData(try JSONParser.parse(exported.serialized()))
        #expect(count > 50)
        let again = try await second.exportData()
        #expect(again == exported)
        let reviewDate = exported["tables", "Review", 0, "reviewDate"]?.stringValue
        #expect(reviewDate?.count == 10)
    }

    @Test func reloadAddsColumnsAndRefusesDestructiveChanges() async throws {
        let schema = "type Movie @table { title: String! }"
        let engine = try TestDatabase.engine(schemaSources: Self.sources(schema), operationSources: [], connectorId: "x", databasePath: ":memory:")
        _ = try await engine.runSeed(#"mutation { movie_insert(data: {title: "Kept"}) }"#, name: "seed")
        let changes = try await engine.reload(schemaSources: Self.sources("type Movie @table { title: String! year: Int }"), operationSources: [], allowReset: false)
        #expect(changes.contains { $0.contains("\"year\"") })
        let kept = await engine.executeDocument("{ movies { title year } }", operationName: nil, variables: .object([]))
        #expect(kept.result.json["data", "movies", 0, "title"] == .string("Kept"))
        await #expect(throws: EmulatorError.self) {
            try await engine.reload(schemaSources: Self.sources("type Movie @table { year: Int }"), operationSources: [], allowReset: false)
        }
        let reset = try await engine.reload(schemaSources: Self.sources("type Movie @table { year: Int }"), operationSources: [], allowReset: true)
        #expect(reset.first?.contains("reset") == true)
    }
}
