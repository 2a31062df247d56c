import Foundation
import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

/// GraphQL execution rules, checked through the engine (no HTTP) on an in-memory database.
@Suite("Emulator: executor semantics")
struct ExecutorSemanticsTests {
    static func engine() async throws -> EmulatorEngine {
        let schema = Source(try EmulatorHarness.text("friendlyflix", "schema.gql"), name: "schema.gql")
        let engine = try TestDatabase.engine(schemaSources: [schema], operationSources: [], connectorId: "test", databasePath: ":memory:")
        _ = try await engine.runSeed(try EmulatorHarness.text("friendlyflix", "data_seed.gql"), name: "seed")
        return engine
    }

    static func run(_ engine: EmulatorEngine, _ query: String, _ variables: String = "{}") async throws -> (Int, JSONValue) {
        let response = await engine.executeDocument(query, operationName: nil, variables: try JSONParser.parse(variables))
        return (response.status, response.result.json)
    }

    @Test func fragmentsSkipIncludeAndTypename() async throws {
        let engine = try await Self.engine()
        let (status, json) = try await Self.run(engine, """
        query Q($withYear: Boolean!, $id: UUID!) {
          movie(id: $id) { ...Basics ... on Movie { year: releaseYear @include(if: $withYear) genre @skip(if: true) } __typename }
        }
        fragment Basics on Movie { title title }
        """, #"{"withYear": false, "id": "550e8400e29b41d4a716446655440000"}"#)
        #expect(status == 200)
        #expect(json["data", "movie"] == .object([JSONMember("title", .string("Quantum Paradox")), JSONMember("__typename", .string("Movie"))]))
    }

    @Test func variableDefaultsApply() async throws {
        let engine = try await Self.engine()
        let (_, json) = try await Self.run(engine, "query Q($limit: Int = 2) { movies(orderBy: [{title: ASC}], limit: $limit) { title } }")
        #expect(json["data", "movies"]?.arrayValue?.count == 2)
        #expect(json["data", "movies", 0, "title"] == .string("Abyss of the Deep"))
    }

    @Test func fieldErrorsHavePathsAndPropagateToTheNearestNullableParent() async throws {
        let engine = try await Self.engine()
        let (status, json) = try await Self.run(engine, """
        { movie(id: "550e8400e29b41d4a716446655440000") { title reviews_on_movie(where: {reviewText: {pattern: {regex: "(unclosed"}}}) { id } }
          movies(limit: 1) { title } }
        """)
        #expect(status == 200)
        // `reviews_on_movie` is `[Review!]!`: its error nulls the nullable `movie`; siblings still run.
        #expect(json["data", "movie"] == .null)
        #expect(json["data", "movies", 0, "title"] != nil)
        #expect(json["errors", 0, "path"] == .array([.string("movie"), .string("reviews_on_movie")]))
        #expect(json["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
        #expect(json["errors", 0, "locations", 0, "line"] == .int(1))
    }

    @Test("A variable coercion error points at the variable's definition, not the operation")
    func variableErrorsPointAtTheDefinition() async throws {
        let engine = try await Self.engine()
        let query = "\nquery ByYear($limit: Int, $year: Int!) { movies(where: {releaseYear: {eq: $year}}, limit: $limit) { title } }"
        let (_, invalid) = try await Self.run(engine, query, #"{"year": "nineteen"}"#)
        #expect(invalid["errors", 0, "message"]?.stringValue?.hasPrefix("Variable \"$year\" got invalid value \"nineteen\"") == true)
        #expect(invalid["errors", 0, "locations", 0] == .object([JSONMember("line", .int(2)), JSONMember("column", .int(27))]))
        let (_, missing) = try await Self.run(engine, query)
        #expect(missing["errors", 0, "locations", 0, "column"] == .int(27), "\(missing.jsonText)")
    }

    @Test func filtersOrderingDistinctAndNestedReferenceOrdering() async throws {
        let engine = try await Self.engine()
        let (_, json) = try await Self.run(engine, """
        { a: movies(where: {_or: [{genre: {eq: "western"}}, {genre: {eq: "mystery"}}], _not: {rating: {lt: 8}}}, orderBy: [{rating: DESC}]) { title }
          b: movies(where: {tags: {includes: "drama"}, releaseYear: {in: [2023, 2024]}}) { title }
          c: movies(where: {description: {isNull: true}}) { title }
          d: reviews(orderBy: [{movie: {title: DESC}}], limit: 1) { movie { title } }
          e: movies(distinct: true, where: {genre: {startsWith: "sci"}}) { genre }
          f: movies(where: {reviews_on_movie: {exist: {rating: {eq: 4}}}}) { title }
          g: movies(where: {title: {pattern: {like: "%quantum%", ignoreCase: true}}}) { title } }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(json["data", "a", 0, "title"] == .string("The Lone Outlaw"))
        #expect(json["data", "a"]?.arrayValue?.allSatisfy { $0["title"] != nil } == true)
        #expect(json["data", "b"]?.arrayValue?.contains { $0["title"] == .string("The Lone Outlaw") } == true)
        #expect(json["data", "c"] == .array([]))
        #expect(json["data", "e"]?.arrayValue?.count == 1)
        #expect(json["data", "f"]?.arrayValue?.contains { $0["title"] == .string("Noir Mystique") } == true)
        #expect(json["data", "g", 0, "title"] == .string("Quantum Paradox"))
    }

    @Test func transactionRollsBackEveryRootField() async throws {
        let engine = try await Self.engine()
        let (_, json) = try await Self.run(engine, """
        mutation @transaction { a: user_insert(data: {id: "new-user", username: "n"}) b: user_insert(data: {id: "new-user", username: "dup"}) }
        """)
        // Every step is null, each with an error; the steps are non-null, so data is null.
        #expect(json["data"] == .null)
        #expect(json["errors", 0, "extensions", "code"] == .string("ALREADY_EXISTS"))
        #expect(json["errors", 0, "path"] == .array([.string("b")]))
        #expect(json["errors", 1, "message"] == .string("(rolled back)"))
        #expect(json["errors", 1, "path"] == .array([.string("a")]))
        let (_, after) = try await Self.run(engine, #"{ user(id: "new-user") { username } }"#)
        #expect(after["data", "user"] == .null)
    }

    @Test func updateOperatorsAndServerValues() async throws {
        let engine = try await Self.engine()
        let id = "550e8400e29b41d4a716446655440000"
        let (_, updated) = try await Self.run(engine, """
        mutation { movie_update(id: "\(id)", data: {releaseYear_update: [{inc: 5}], tags_update: [{append: ["new"]}, {prepend: ["first"]}]}) }
        """)
        #expect(updated["data", "movie_update", "id"] == .string(id), "\(updated.jsonText)")
        let (_, json) = try await Self.run(engine, #"{ movie(id: "\#(id)") { releaseYear tags } }"#)
        #expect(json["data", "movie", "releaseYear"] == .int(2030))
        #expect(json["data", "movie", "tags"] == .array(["first", "thriller", "adventure", "new"].map(JSONValue.string)))
        let (_, missing) = try await Self.run(engine, #"mutation { movie_update(id: "00000000000000000000000000000000", data: {title: "x"}) }"#)
        #expect(missing["data", "movie_update"] == .null)
    }

    @Test func introspectionQueryRuns() async throws {
        let engine = try await Self.engine()
        let (status, json) = try await Self.run(engine, """
        query { __schema { queryType { name } mutationType { name } types { kind name fields(includeDeprecated: true) { name args { name type { kind name ofType { kind name } } defaultValue } type { kind name ofType { kind name ofType { kind name } } } } inputFields { name } enumValues { name } } directives { name locations } } }
        """)
        #expect(status == 200)
        #expect(json["errors"] == nil)
        let types = json["data", "__schema", "types"]?.arrayValue ?? []
        #expect(types.contains { $0["name"] == .string("Movie_Filter") && $0["kind"] == .string("INPUT_OBJECT") })
        let movies = types.first { $0["name"] == .string("Query") }?["fields"]?.arrayValue?.first { $0["name"] == .string("movies") }
        #expect(movies?["args"]?.arrayValue?.first { $0["name"] == .string("limit") }?["defaultValue"] == .string("100"))
    }
}

@Suite("Emulator: relation paging")
struct RelationPagingTests {
    @Test func limitAndOffsetApplyPerParent() async throws {
        let engine = try await ExecutorSemanticsTests.engine()
        let (_, json) = try await ExecutorSemanticsTests.run(engine, """
        { users(orderBy: [{username: ASC}]) { username all: reviews_on_user(orderBy: [{rating: DESC}]) { rating } page: reviews_on_user(orderBy: [{rating: DESC}], offset: 1, limit: 1) { rating } } }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        for user in json["data", "users"]?.arrayValue ?? [] {
            let all = user["all"]?.arrayValue ?? []
            let page = user["page"]?.arrayValue ?? []
            #expect(page.count == min(1, max(0, all.count - 1)))
            if all.count > 1 { #expect(page.first == all[1]) }
        }
        // Few parents with many children: the per-parent window query; many: the plain one. Same answers.
        let (_, window) = try await ExecutorSemanticsTests.run(engine, "{ users { reviews_on_user(orderBy: [{rating: ASC}], limit: 1) { id } } }")
        let (_, plain) = try await ExecutorSemanticsTests.run(engine, "{ users { reviews_on_user(orderBy: [{rating: ASC}], limit: 50) { id } } }")
        let firsts = plain["data", "users"]?.arrayValue?.map { $0["reviews_on_user", 0] ?? .null }
        #expect(window["data", "users"]?.arrayValue?.map { $0["reviews_on_user", 0] ?? .null } == firsts)
        #expect(window["data", "users"]?.arrayValue?.allSatisfy { ($0["reviews_on_user"]?.arrayValue?.count ?? 0) <= 1 } == true)
    }
}
