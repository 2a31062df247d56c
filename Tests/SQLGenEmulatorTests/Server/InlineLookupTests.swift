import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenHTTP
import SQLGenLanguage
import Testing
@testable import SQLGenEmulator

/// Hosted lookups answered on the HTTP event loop (`EmulatorRouter.handleInline`) must give exactly
/// what the async path (`handle`) gives, and only cheap lookups may take that path.
@Suite("Emulator: lookups answered inline")
struct InlineLookupTests {
    static let alpha = "11111111111111111111111111111111"
    static let beta = "22222222222222222222222222222222"

    static let schema = """
    type Director @table { name: String! }
    type Movie @table { title: String!, genre: String, ownerId: String, director: Director }
    type Review @table { movie: Movie!, rating: Int }
    """

    static let operations = """
    query getMovie($id: UUID!) @auth(level: PUBLIC) { movie(id: $id) { id title director { name } } }
    query getMovieByKey($key: Movie_Key!) @auth(level: PUBLIC) { movie(key: $key) { title } }
    query twoMovies($a: UUID!, $b: UUID!) @auth(level: PUBLIC) { a: movie(id: $a) { ...MovieParts } b: movie(id: $b) { ... on Movie { title } } }
    fragment MovieParts on Movie { title genre __typename }
    query userMovie($id: UUID!) @auth(level: USER) { movie(id: $id) { title } }
    query ownMovie($id: UUID!) @auth(expr: "auth.uid == 'ann' && vars.id != ''") { movie(id: $id) { title ownerId } }
    query closedMovie($id: UUID!) { movie(id: $id) { title } }
    query listMovies @auth(level: PUBLIC) { movies { title } }
    query topMovies @auth(level: PUBLIC) { movies(limit: 10, orderBy: [{title: ASC}]) { title director { name } reviews_on_movie(limit: 3) { rating movie { title } } } }
    query pagedMovies @auth(level: PUBLIC) { movies(limit: 1, offset: 1, orderBy: [{title: ASC}]) { title } }
    query bigList @auth(level: PUBLIC) { movies(limit: 1001) { title } }
    query bigRelation @auth(level: PUBLIC) { movies(limit: 100) { title reviews_on_movie(limit: 10) { rating } } }
    query variableLimit($n: Int) @auth(level: PUBLIC) { movies(limit: $n) { title } }
    query openRelation @auth(level: PUBLIC) { movies(limit: 5) { title reviews_on_movie { rating } } }
    query movieReviews($id: UUID!) @auth(level: PUBLIC) { movie(id: $id) { title reviews_on_movie { rating } } }
    query firstDrama @auth(level: PUBLIC) { movie(first: {where: {genre: {eq: "drama"}}}) { title } }
    query reviewCount($id: UUID!) @auth(level: PUBLIC) { movie(id: $id) { title reviews_on_movie { _count } } }
    mutation addMovie($title: String!) @auth(level: PUBLIC) { movie_insert(data: {title: $title}) }
    """

    static func withRouter(inMemory: Bool = false, _ body: (EmulatorRouter) async throws -> Void) async throws {
        try await withEngine(inMemory: inMemory) { engine in try await body(EmulatorRouter(engine: engine, persistedOnly: false)) }
    }

    static func withEngine(inMemory: Bool = false, _ body: (EmulatorEngine) async throws -> Void) async throws {
        let directory = TestFolders.root.appendingPathComponent("sqlgen-inline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let engine = try TestDatabase.engine(schemaSources: [Source(schema, name: "schema.gql")],
                                        operationSources: [Source(operations, name: "operations.gql", id: SourceID(1))],
                                        connectorId: "c", databasePath: inMemory ? ":memory:" : directory.appendingPathComponent("db.sqlite").path)
        let seeded = await engine.executeDocument("""
        mutation {
          d: director_insert(data: {id: "33333333333333333333333333333333", name: "Rick"})
          a: movie_insert(data: {id: "\(alpha)", title: "Alpha", genre: "drama", ownerId: "ann", directorId: "33333333333333333333333333333333"})
          b: movie_insert(data: {id: "\(beta)", title: "Beta", ownerId: "bob"})
          r: review_insert(data: {movieId: "\(alpha)", rating: 5})
        }
        """, operationName: nil, variables: .object([]))
        #expect(seeded.status == 200 && seeded.result.errors.isEmpty, "\(seeded.result.errors.map(\.message))")
        try await body(engine)
    }

    static func get(_ path: String, method: String = "GET", headers: HTTPHeaders = HTTPHeaders()) -> HTTPRequest {
        HTTPRequest(method: method, target: "/graphql/execute.json/c/" + path, headers: headers)
    }

    static func bearer(_ uid: String) -> HTTPHeaders { ["Authorization": "Bearer " + uid] }

    @Test("Inline answers equal the async path's: status, headers, body, ETag, 304, HEAD, @auth refusals")
    func inlineEqualsAsync() async throws {
        try await Self.withRouter { router in
            let requests = [
                Self.get("getMovie;id=\(Self.alpha)"),
                Self.get("getMovie;id=\(Self.alpha)", method: "HEAD"),
                Self.get("getMovie;id=44444444444444444444444444444444"),
                Self.get("getMovie;id=not-a-uuid"),
                Self.get("getMovie"),
                Self.get("getMovieByKey;key={\"id\":\"\(Self.beta)\"}"),
                Self.get("twoMovies;a=\(Self.alpha);b=\(Self.beta)"),
                Self.get("userMovie;id=\(Self.alpha)"),
                Self.get("userMovie;id=\(Self.alpha)", headers: Self.bearer("bob")),
                Self.get("ownMovie;id=\(Self.alpha)", headers: Self.bearer("bob")),
                Self.get("ownMovie;id=\(Self.alpha)", headers: Self.bearer("ann")),
                Self.get("ownMovie;id=\(Self.alpha)"),
                Self.get("closedMovie;id=\(Self.alpha)"),
                // Planned lists with literal limits, at most `InlineLookup.maxPlannedRows` rows in all.
                Self.get("topMovies"),
                Self.get("topMovies", method: "HEAD"),
                Self.get("pagedMovies"),
                // `first:` is planned as a list of one row.
                Self.get("firstDrama"),
            ]
            for request in requests {
                let inline = try #require(router.handleInline(request).response, "not answered inline: \(request.target)")
                let async = await router.handle(request)
                #expect(inline.status == async.status, "\(request.target)")
                #expect(inline.headers == async.headers, "\(request.target)")
                #expect(inline.body == async.body, "\(request.target)")
            }

            let found = try #require(router.handleInline(Self.get("getMovie;id=\(Self.alpha)")).response)
            #expect(found.status == 200)
            #expect(String(decoding: found.body, as: UTF8.self).contains("\"director\":{\"name\":\"Rick\"}"))
            #expect(found.headers["Cache-Control"] == "no-cache")
            let tag = try #require(found.headers["ETag"])
            // Revalidation: a matching If-None-Match is 304 with the same ETag on both paths.
            let revalidate = Self.get("getMovie;id=\(Self.alpha)", headers: ["If-None-Match": tag])
            let inline304 = try #require(router.handleInline(revalidate).response)
            let async304 = await router.handle(revalidate)
            #expect(inline304.status == 304 && async304.status == 304)
            #expect(inline304.headers == async304.headers && inline304.body.isEmpty)
            #expect(inline304.headers["ETag"] == tag)

            #expect(router.handleInline(Self.get("userMovie;id=\(Self.alpha)")).response?.status == 401)
            #expect(router.handleInline(Self.get("ownMovie;id=\(Self.alpha)", headers: Self.bearer("bob"))).response?.status == 403)
            #expect(router.handleInline(Self.get("ownMovie;id=\(Self.alpha)", headers: Self.bearer("ann"))).response?.status == 200)
            #expect(router.handleInline(Self.get("closedMovie;id=\(Self.alpha)")).response?.status == 403)
            #expect(router.handleInline(Self.get("getMovie;id=not-a-uuid")).response?.status == 400)
            let top = try #require(router.handleInline(Self.get("topMovies")).response)
            #expect(String(decoding: top.body, as: UTF8.self)
                == "{\"data\":{\"movies\":[{\"title\":\"Alpha\",\"director\":{\"name\":\"Rick\"},\"reviews_on_movie\":[{\"rating\":5,\"movie\":{\"title\":\"Alpha\"}}]},"
                + "{\"title\":\"Beta\",\"director\":null,\"reviews_on_movie\":[]}]}}")
            #expect(String(decoding: try #require(router.handleInline(Self.get("pagedMovies")).response).body, as: UTF8.self) == "{\"data\":{\"movies\":[{\"title\":\"Beta\"}]}}")
        }
    }

    @Test("Lists without literal limits or over 1,000 rows, relations, filters, mutations, unknown operations and other endpoints are left to the async path")
    func onlyCheapLookupsAreInline() async throws {
        try await Self.withRouter { router in
            for request in [
                Self.get("listMovies"),
                Self.get("bigList"),
                Self.get("bigRelation"),
                Self.get("variableLimit;n=2"),
                Self.get("openRelation"),
                Self.get("movieReviews;id=\(Self.alpha)"),
                Self.get("reviewCount;id=\(Self.alpha)"),
                Self.get("nothing"),
                HTTPRequest(method: "GET", target: "/healthz"),
                HTTPRequest(method: "GET", target: "/graphql?query=%7Bmovies%7Btitle%7D%7D"),
            ] {
                #expect(router.handleInline(request).isDeclined, "\(request.method) \(request.target)")
            }
            // The async path still answers them.
            #expect(await router.handle(Self.get("movieReviews;id=\(Self.alpha)")).status == 200)
            #expect(await router.handle(Self.get("bigRelation")).status == 200)
        }
    }

    /// Sets the budget of an answer on the event loop: `spent` makes every answer run out of it
    /// (SQLite's steps; the time a round trip to PostgreSQL may take), else the engine's default.
    static func spendInlineBudgets(_ engine: EmulatorEngine, _ spent: Bool) {
        if TestDatabase.isPostgreSQL {
            engine.inlineTimeBudget.withLock { $0 = spent ? .zero : .milliseconds(250) }
        } else {
            engine.inlineStepBudget.store(spent ? 1 : 200_000, ordering: .relaxed)
        }
    }

    @Test("An inline answer that runs out of its budget (SQLite steps, or time on PostgreSQL) is left to the async path, which answers it in full")
    func budgetSendsSlowQueriesToTasks() async throws {
        try await Self.withEngine { engine in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            let request = Self.get("topMovies")
            let inline = try #require(router.handleInline(request).response)
            Self.spendInlineBudgets(engine, true)
            let preludes = engine.preludes.load(ordering: .relaxed)
            let continuation = try #require(router.handleInline(request).continuation)
            #expect(engine.inlineBudgetsSpent.load(ordering: .relaxed) == 1)
            let answered = await continuation()
            #expect(answered.status == 200 && answered.body == inline.body)
            // The task goes on from the admitted request: variables and access were not checked again.
            #expect(engine.preludes.load(ordering: .relaxed) == preludes + 1)
            // The read connection is fine afterwards: with the budget back, inline again.
            Self.spendInlineBudgets(engine, false)
            #expect(router.handleInline(request).response?.body == inline.body)
        }
    }

    @Test("Without read connections (a :memory: database) nothing is answered inline",
          .enabled(if: TestDatabase.isSQLite, "in-memory databases are SQLite's; PostgreSQL always has read connections"))
    func noReadersNoInline() async throws {
        try await Self.withRouter(inMemory: true) { router in
            #expect(router.handleInline(Self.get("getMovie;id=\(Self.alpha)")).isDeclined)
            #expect(await router.handle(Self.get("getMovie;id=\(Self.alpha)")).status == 200)
        }
    }

    @Test("Through a real server: lookups (inline) and lists (async) at once on shared read connections, ETag and 304")
    func realServerMixesInlineAndAsync() async throws {
        try await Self.withEngine { engine in
            let server = EmulatorServer(engine: engine, configuration: HTTPServerConfiguration(port: 0, eventLoopCount: 2))
            let port = try server.start()
            let session = URLSession(configuration: .ephemeral)
            func fetch(_ path: String, headers: [String: String] = [:]) async throws -> (Int, String, String?) {
                let url = try #require(URL(string: "http://127.0.0.1:\(port)/graphql/execute.json/c/" + path))
                var request = URLRequest(url: url)
                request.cachePolicy = .reloadIgnoringLocalCacheData
                for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
                let (data, response) = try await session.data(for: request)
                let http = try #require(response as? HTTPURLResponse)
                return (http.statusCode, String(decoding: data, as: UTF8.self), http.value(forHTTPHeaderField: "ETag"))
            }
            let outcome = await capture {
                let results = try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
                    for client in 0..<6 {
                        group.addTask {
                            var results: [(Int, String)] = []
                            for _ in 0..<25 {
                                let path = client % 3 == 0 ? "listMovies" : "getMovie;id=\(Self.alpha)"
                                let (status, body, _) = try await fetch(path)
                                results.append((status, body))
                            }
                            return results
                        }
                    }
                    var all: [(Int, String)] = []
                    for try await results in group { all += results }
                    return all
                }
                let lookups = Set(results.map(\.1).filter { $0.contains("director") })
                let lists = Set(results.map(\.1).filter { $0.contains("movies") })
                #expect(results.count == 150 && results.allSatisfy { $0.0 == 200 })
                #expect(lookups.count == 1 && lists.count == 1)
                let (_, _, tag) = try await fetch("getMovie;id=\(Self.alpha)")
                let etag = try #require(tag)
                #expect(try await fetch("getMovie;id=\(Self.alpha)", headers: ["If-None-Match": etag]).0 == 304)
                #expect(try await fetch("userMovie;id=\(Self.alpha)").0 == 401)
            }
            await server.stop()
            _ = try outcome.get()
        }
    }

    private func capture(_ body: () async throws -> Void) async -> Result<Void, any Error> {
        do {
            try await body()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}

extension InlineOutcome {
    /// The outcome once its batch ran, as the event loop takes it at the end of its pass.
    var settled: InlineOutcome {
        guard case .batched(let batch, let outcome) = self else { return self }
        batch.run()
        return outcome().settled
    }

    /// The response written on the event loop, nil when the request was declined or continued.
    var response: HTTPResponse? {
        if case .answered(let response) = settled { return response }
        return nil
    }

    var isDeclined: Bool {
        if case .declined = self { return true }
        return false
    }

    /// The task's work of a continued request.
    var continuation: (@Sendable () async -> HTTPResponse)? {
        if case .continued(_, let work) = settled { return work }
        return nil
    }
}
