import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenHTTP
import SQLGenJSON
import SQLGenLanguage
import SQLGenPostgres
import Testing
@testable import SQLGenEmulator

/// Mutations the event loop admits in one pass are written together on one writing connection,
/// each a transaction of its own, each written exactly once, and each answered as it is alone.
@Suite("Emulator on PostgreSQL: mutations of one loop pass written together", .enabled(if: TestDatabase.isPostgreSQL, "runs with SQLGEN_TEST_BACKEND=postgresql"))
struct PipelinedWritesTests {
    typealias Inline = InlineLookupTests

    static let operations = Inline.operations + """
    mutation addMovieWithId($id: UUID!, $title: String!) @auth(level: PUBLIC) { movie_insert(data: {id: $id, title: $title}) }
    mutation addTwo($a: String!, $b: String!) @auth(level: PUBLIC) { a: movie_insert(data: {title: $a}) b: movie_insert(data: {title: $b}) }
    """

    static func post(_ name: String, _ variables: String) -> HTTPRequest {
        PipelinedLookupsTests.withOthersReady(InlinePostTests.post(name, #"{"variables":\#(variables)}"#))
    }

    /// An engine on `InlineLookupTests`' schema with this suite's operations, and the schema its tables are in.
    static func withEngine(requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
                           _ body: (EmulatorEngine, _ schema: String) async throws -> Void) async throws {
        let path = TestFolders.root.appendingPathComponent("sqlgen-pipelined-writes-\(UUID().uuidString)").path
        defer { TestDatabase.drop(path: path) }
        let engine = try TestDatabase.engine(schemaSources: [Source(Inline.schema, name: "schema.gql")],
                                             operationSources: [Source(operations, name: "operations.gql", id: SourceID(1))],
                                             connectorId: "c", databasePath: path, requestTimeout: requestTimeout)
        let seeded = await engine.executeDocument(#"mutation { movie_insert(data: {id: "\#(Inline.alpha)", title: "Alpha"}) }"#,
                                                  operationName: nil, variables: .object([]))
        #expect(seeded.status == 200 && seeded.result.errors.isEmpty)
        try await body(engine, TestDatabase.schema(for: path))
    }

    /// Each outcome's task work run side by side on the executor it names, as the event loop runs them.
    static func settle(_ outcomes: [InlineOutcome]) async throws -> [HTTPResponse] {
        try await withThrowingTaskGroup(of: (Int, HTTPResponse).self) { group in
            for (index, outcome) in outcomes.enumerated() {
                guard case .continued(let executor, let work) = outcome.settled else {
                    if let response = outcome.response { group.addTask { (index, response) } } else { Issue.record("no outcome: \(outcome)") }
                    continue
                }
                group.addTask(executorPreference: executor) { (index, await work()) }
            }
            var responses: [(Int, HTTPResponse)] = []
            for try await response in group { responses.append(response) }
            return responses.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    static func titles(_ engine: EmulatorEngine) async -> [String: [String]] {
        let answer = await engine.executeDocument("query { movies(limit: 100) { id title } }", operationName: nil, variables: .object([]))
        var ids: [String: [String]] = [:]
        for movie in answer.result.data?["movies"]?.arrayValue ?? [] {
            if let title = movie["title"]?.stringValue, let id = movie["id"]?.stringValue { ids[title, default: []].append(id) }
        }
        return ids
    }

    static func body(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test("Mutations of one pass are one batch: lone inserts sent in one round trip, each written once with the key it answers; a failure and a two-insert mutation answer as alone")
    func mutationsOfOnePassAreWrittenTogether() async throws {
        try await Self.withEngine { engine, _ in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            let duplicate = Self.post("addMovieWithId", #"{"id":"\#(Inline.alpha)","title":"Again"}"#)
            // One at a time on the async path: the failure to expect, and the statements prepared on
            // the one writing connection open (a statement to prepare sends the queue before it).
            let expectedFailure = await router.handle(duplicate)
            #expect(await router.handle(Self.post("addMovie", #"{"title":"Warm"}"#)).status == 200)
            let requests = [
                Self.post("addTwo", #"{"a":"Epsilon","b":"Zeta"}"#),
                Self.post("addMovie", #"{"title":"Gamma"}"#),
                duplicate,
                Self.post("addMovie", #"{"title":"Delta"}"#),
            ]
            let outcomes = requests.map(router.handleInline)
            let batches = outcomes.compactMap { outcome -> (any InlineBatch)? in
                guard case .batched(let batch, _) = outcome else { return nil }
                return batch
            }
            #expect(batches.count == requests.count && Set(batches.map(ObjectIdentifier.init)).count == 1)
            let responses = try await Self.settle(outcomes)
            #expect(engine.pipelinedWriteCounts.batches.load(ordering: .relaxed) == 1)
            // The two lone inserts and the duplicate went together; the two-insert mutation ran as usual first.
            #expect(engine.pipelinedWriteCounts.statements.load(ordering: .relaxed) == 3)
            #expect(responses.map(\.status) == [200, 200, expectedFailure.status, 200])
            #expect(Self.body(responses[2]) == Self.body(expectedFailure) && Self.body(responses[2]).contains("duplicate"))
            let titles = await Self.titles(engine)
            for (title, response) in [("Gamma", responses[1]), ("Delta", responses[3])] {
                let ids = titles[title] ?? []
                #expect(ids.count == 1, "\(title): \(ids)")
                #expect(Self.body(response) == #"{"data":{"movie_insert":{"id":"\#(ids.first ?? "")"}}}"#)
            }
            #expect(titles["Epsilon"]?.count == 1 && titles["Zeta"]?.count == 1 && titles["Again"] == nil)
            #expect(titles.values.map(\.count).reduce(0, +) == 6)
        }
    }

    @Test("A write alone in its pass is not batched; the last of a pass joins the batch open before it")
    func aLoneWriteIsNotBatched() async throws {
        try await Self.withEngine { engine, _ in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            var alone = Self.post("addMovie", #"{"title":"Solo"}"#)
            alone.othersReady = false
            let single = router.handleInline(alone)
            guard case .continued = single else {
                Issue.record("not continued at once: \(single)")
                return
            }
            let pair = [Self.post("addMovie", #"{"title":"First"}"#), alone].map(router.handleInline)
            let responses = try await Self.settle([single] + pair)
            #expect(responses.map(\.status) == [200, 200, 200])
            #expect(engine.pipelinedWriteCounts.statements.load(ordering: .relaxed) == 2)
            let titles = await Self.titles(engine)
            #expect(titles["Solo"]?.count == 2 && titles["First"]?.count == 1)
        }
    }

    @Test("A write held up by a lock past the time limit is cancelled with its queue and written alone; the others of the batch are written once")
    func aStoppedWriteIsWrittenAlone() async throws {
        let blocked = "55555555555555555555555555555555"
        try await Self.withEngine(requestTimeout: .milliseconds(600)) { engine, schema in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            // Another session inserts the same key and holds its transaction open.
            let holder = try PostgresConnection(url: TestDatabase.url)
            _ = try holder.execute("BEGIN")
            _ = try holder.execute("INSERT INTO \(schema).movie (id, title) VALUES ('\(blocked)', 'Holder')")
            let requests = [
                Self.post("addMovie", #"{"title":"Before"}"#),
                Self.post("addMovieWithId", #"{"id":"\#(blocked)","title":"Blocked"}"#),
                Self.post("addMovie", #"{"title":"After"}"#),
            ]
            let outcomes = requests.map(router.handleInline)
            let responses = try await Self.settle(outcomes)
            _ = try holder.execute("ROLLBACK")
            #expect(responses[0].status == 200 && responses[2].status == 200)
            // Written alone, it waited for the lock again and was stopped at the time limit.
            #expect(responses[1].status == 504 && Self.body(responses[1]).contains("Nothing was written"), "\(Self.body(responses[1]))")
            let titles = await Self.titles(engine)
            #expect(titles["Before"]?.count == 1 && titles["After"]?.count == 1 && titles["Blocked"] == nil)
        }
    }

    @Test("A queued write is made once: run again differently, or after its connection broke, its work fails rather than write again")
    func aQueuedWriteIsNeverMadeTwice() throws {
        let backend = try TestDatabase.backend(path: ":memory:")
        let connection = try #require(try backend.openWriter() as? PostgreSQLConnection)
        // No key: a write made twice would be two rows. A table of the test's own schema, which a new session finds too.
        try connection.execute("CREATE TABLE items (id int)")
        func lone(_ id: Int64) throws {
            try connection.transaction(.immediate) {
                connection.commitWithNextStatement()
                try connection.run("INSERT INTO items VALUES (?)", [.integer(id)])
            }
        }
        func count() throws -> String? { try connection.client.execute("SELECT count(*) FROM items").text(0, 0) }
        for rerun in [{ try lone(2) }, { try connection.run("INSERT INTO items VALUES (?)", [.integer(1)]) }] {
            connection.queueNextWrite()
            #expect(throws: DatabaseError.self) { try lone(1) }
            let place = try #require(connection.takeQueuedStatement())
            connection.runQueuedStatements(under: WorkLimit())
            connection.answerNextStatement(fromQueued: place)
            #expect(throws: DatabaseError.self) { try rerun() }
            connection.endQueue()
            #expect(try count() == "1")
            _ = try connection.client.execute("DELETE FROM items")
        }
        // The queue forgotten by a reconnection: the work run again does not write either.
        connection.queueNextWrite()
        #expect(throws: DatabaseError.self) { try lone(1) }
        let place = try #require(connection.takeQueuedStatement())
        connection.runQueuedStatements(under: WorkLimit())
        connection.reconnect()
        connection.answerNextStatement(fromQueued: place)
        #expect(throws: DatabaseError.self) { try lone(1) }
        #expect(try count() == "1")
    }

    @Test("Through a real server with one loop: 24 clients inserting at once each get their own key, each row written once")
    func realServerBatchesConcurrentInserts() async throws {
        try await Self.withEngine { engine, _ in
            let server = EmulatorServer(engine: engine, configuration: HTTPServerConfiguration(port: 0, eventLoopCount: 1))
            let port = try server.start()
            let session = URLSession(configuration: .ephemeral)
            let outcome: Result<[String], any Error>
            do {
                outcome = .success(try await withThrowingTaskGroup(of: String.self) { group in
                    for client in 0..<24 {
                        group.addTask {
                            var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/graphql/execute.json/c/addMovie")))
                            request.httpMethod = "POST"
                            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                            request.httpBody = Data(#"{"variables":{"title":"Client \#(client)"}}"#.utf8)
                            let (data, _) = try await session.data(for: request)
                            return String(decoding: data, as: UTF8.self)
                        }
                    }
                    var all: [String] = []
                    for try await body in group { all.append(body) }
                    return all
                })
            } catch {
                outcome = .failure(error)
            }
            await server.stop()
            let bodies = try outcome.get()
            let titles = await Self.titles(engine)
            let written = (0..<24).compactMap { titles["Client \($0)"] }
            #expect(written.count == 24 && written.allSatisfy { $0.count == 1 })
            #expect(Set(bodies) == Set(written.map { #"{"data":{"movie_insert":{"id":"\#($0[0])"}}}"# }))
        }
    }
}
