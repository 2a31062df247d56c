import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenHTTP
import SQLGenLanguage
import SQLGenPostgres
import Testing
@testable import SQLGenEmulator

/// One-statement queries the event loop begins in one pass go to PostgreSQL together, and each
/// answers exactly as it does alone.
@Suite("Emulator on PostgreSQL: lookups of one loop pass sent together", .enabled(if: TestDatabase.isPostgreSQL, "runs with SQLGEN_TEST_BACKEND=postgresql"))
struct PipelinedLookupsTests {
    typealias Inline = InlineLookupTests

    static let requests = [
        "getMovieByKey;key=" + #"{"id":"\#(Inline.alpha)"}"#,
        "getMovieByKey;key=" + #"{"id":"\#(Inline.beta)"}"#,
        "getMovieByKey;key=" + #"{"id":"44444444444444444444444444444444"}"#,
        "pagedMovies",
        "firstDrama",
        "ownMovie;id=\(Inline.alpha)",
    ].map { Self.withOthersReady(Inline.get($0, headers: Inline.bearer("ann"))) }

    /// The request as the event loop offers it when more of its pass are still to come.
    static func withOthersReady(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.othersReady = true
        return request
    }

    @Test("Lookups begun in one pass run in one batch, each plan worked out once, and answer as the async path does; refusals and bad variables answer at once")
    func lookupsOfOnePassRunTogether() async throws {
        try await Inline.withEngine { engine in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            var expected: [HTTPResponse] = []
            for request in Self.requests { expected.append(await router.handle(request)) }
            let refused = router.handleInline(Inline.get("ownMovie;id=\(Inline.alpha)", headers: Inline.bearer("bob")))
            let invalid = router.handleInline(Inline.get("getMovieByKey;key=" + #"{"id":"nope"}"#))

            let prepared = engine.preparedPlans.load(ordering: .relaxed)
            let outcomes = Self.requests.map(router.handleInline)
            let batches = outcomes.compactMap { outcome -> (any InlineBatch)? in
                guard case .batched(let batch, _) = outcome else { return nil }
                return batch
            }
            #expect(batches.count == Self.requests.count)
            #expect(Set(batches.map(ObjectIdentifier.init)).count == 1)
            #expect(refused.response?.status == 403 && invalid.response?.status == 400)
            #expect(engine.pipelinedCounts.statements.load(ordering: .relaxed) == Self.requests.count)
            for (outcome, expected) in zip(outcomes, expected) {
                let response = try #require(outcome.response)
                #expect(response.status == expected.status && response.body == expected.body && response.headers == expected.headers)
            }
            #expect(engine.pipelinedCounts.batches.load(ordering: .relaxed) == 1)
            // Each plan's statement was worked out once, not again when its outcome came.
            #expect(engine.preparedPlans.load(ordering: .relaxed) - prepared == Self.requests.count)
            // The read connection went back to the pool: the next pass opens a new batch on it.
            #expect(router.handleInline(Self.requests[0]).response?.body == expected[0].body)
            #expect(engine.pipelinedCounts.batches.load(ordering: .relaxed) == 2)
        }
    }

    @Test("A lookup alone in its pass runs at once; the last of a pass joins the batch open before it")
    func aLoneLookupRunsAtOnce() async throws {
        try await Inline.withEngine { engine in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            let expected = await router.handle(Self.requests[0])
            var alone = Self.requests[0]
            alone.othersReady = false
            #expect(router.handleInline(alone).isAnswered)
            #expect(engine.pipelinedCounts.statements.load(ordering: .relaxed) == 0)
            let first = router.handleInline(Self.requests[0])
            let last = router.handleInline(alone)
            #expect(!first.isAnswered && !last.isAnswered)
            #expect(first.response?.body == expected.body && last.response?.body == expected.body)
            #expect(engine.pipelinedCounts.statements.load(ordering: .relaxed) == 2)
            #expect(engine.pipelinedCounts.batches.load(ordering: .relaxed) == 1)
        }
    }

    @Test("A statement to prepare in the middle of a batch runs the queue first; every answer is still its own")
    func preparingMidBatchRunsTheQueueFirst() async throws {
        try await Inline.withEngine { engine in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            // Fresh read connections: each operation's statement is prepared on first use.
            let outcomes = Self.requests.map(router.handleInline)
            var bodies: [String] = []
            for outcome in outcomes { bodies.append(String(decoding: try #require(outcome.response).body, as: UTF8.self)) }
            #expect(bodies[0].contains("Alpha") && bodies[1].contains("Beta") && bodies[2] == #"{"data":{"movie":null}}"#)
            #expect(bodies[3] == #"{"data":{"movies":[{"title":"Beta"}]}}"# && bodies[4].contains("Alpha") && bodies[5].contains("ann"))
        }
    }

    @Test("A statement that fails in a batch fails its own request alone; the others answer as they would alone")
    func aFailureFailsItsOwnRequestAlone() async throws {
        try await Inline.withEngine { engine in
            _ = try await engine.reload(schemaSources: [Source(Inline.schema + "\ntype Show @table { title: String!, premiere: Date }", name: "schema.gql")],
                                        operationSources: [Source(Inline.operations + """
            query premiering($on: Date!) @auth(level: PUBLIC) { shows(where: {premiere: {eq: $on}}, limit: 5) { title } }
            """, name: "operations.gql", id: SourceID(1))], allowReset: false)
            let seeded = await engine.executeDocument(#"mutation { a: show_insert(data: {title: "Ada", premiere: "2024-01-02"}) b: show_insert(data: {title: "Bo", premiere: "2024-03-04"}) }"#,
                                                      operationName: nil, variables: .object([]))
            #expect(seeded.status == 200 && seeded.result.errors.isEmpty)
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            // PostgreSQL has no year 0: it refuses the date when it runs the statement.
            let requests = ["2024-01-02", "0000-01-01", "2024-03-04"].map { Self.withOthersReady(Inline.get("premiering;on=" + $0)) }
            var expected: [HTTPResponse] = []
            for request in requests { expected.append(await router.handle(request)) }
            let outcomes = requests.map(router.handleInline)
            #expect(engine.pipelinedCounts.statements.load(ordering: .relaxed) == 3)
            let bodies = try outcomes.map { String(decoding: try #require($0.response).body, as: UTF8.self) }
            #expect(bodies == expected.map { String(decoding: $0.body, as: UTF8.self) })
            #expect(bodies[0] == #"{"data":{"shows":[{"title":"Ada"}]}}"# && bodies[2] == #"{"data":{"shows":[{"title":"Bo"}]}}"#)
            #expect(bodies[1].contains("out of range"), "\(bodies[1])")
            #expect(engine.pipelinedCounts.batches.load(ordering: .relaxed) == 1)
        }
    }

    @Test("A batch on connections the server ended fails or answers each request, and the next batch answers all on new sessions")
    func aBatchOnEndedConnectionsRecovers() async throws {
        let admin = try PostgresConnection(url: TestDatabase.url)
        let name = "pipelined_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try admin.execute("CREATE DATABASE \(name)")
        defer { _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let url = String(TestDatabase.url.prefix { $0 != "?" }.reversed().drop { $0 != "/" }.reversed()) + name
        let engine = try EmulatorEngine(schemaSources: [Source(Inline.schema, name: "schema.gql")],
                                        connectors: [HostedConnector(id: "c", operationSources: [Source(Inline.operations, name: "operations.gql", id: SourceID(1))])],
                                        database: .postgresql(url: url), readConnections: 1)
        let seeded = await engine.executeDocument(#"mutation { movie_insert(data: {id: "\#(Inline.alpha)", title: "Alpha"}) }"#,
                                                  operationName: nil, variables: .object([]))
        #expect(seeded.result.errors.isEmpty)
        let router = EmulatorRouter(engine: engine, persistedOnly: false)
        let lookups = Array(repeating: Self.requests[0], count: 3)
        #expect(lookups.map(router.handleInline).map { $0.response?.status } == [200, 200, 200])
        try admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
        let broken = lookups.map(router.handleInline)
        for outcome in broken {
            let status = outcome.response?.status
            if let work = outcome.continuation { _ = await work() } else { #expect(status != nil) }
        }
        let again = lookups.map(router.handleInline)
        #expect(again.map { String(decoding: $0.response?.body ?? [], as: UTF8.self) }.allSatisfy { $0.contains("Alpha") })
    }

    @Test("Without the budget of time, the batch's statements are cancelled and their requests continue in tasks, which answer them")
    func aSpentBudgetContinuesInTasks() async throws {
        try await Inline.withEngine { engine in
            let router = EmulatorRouter(engine: engine, persistedOnly: false)
            let expected = await router.handle(Self.requests[0])
            engine.inlineTimeBudget.withLock { $0 = .zero }
            let outcomes = (0..<4).map { _ in router.handleInline(Self.requests[0]) }
            for outcome in outcomes {
                if let work = outcome.continuation {
                    #expect(await work().body == expected.body)
                } else {
                    // The statement beat its cancellation.
                    #expect(outcome.response?.body == expected.body)
                }
            }
            engine.inlineTimeBudget.withLock { $0 = .milliseconds(250) }
            #expect(router.handleInline(Self.requests[1]).response?.status == 200)
        }
    }

    @Test("Through a real server with one loop: 24 clients at once all get their own answers, lookups among them batched")
    func realServerBatchesConcurrentLookups() async throws {
        try await Inline.withEngine { engine in
            let server = EmulatorServer(engine: engine, configuration: HTTPServerConfiguration(port: 0, eventLoopCount: 1))
            let port = try server.start()
            let session = URLSession(configuration: .ephemeral)
            let outcome: Result<[(Int, String)], any Error>
            do {
                let results = try await withThrowingTaskGroup(of: (Int, Int, String).self) { group in
                    for client in 0..<24 {
                        group.addTask {
                            let id = client % 2 == 0 ? Inline.alpha : Inline.beta
                            let path = "getMovieByKey;key=" + #"{"id":"\#(id)"}"#
                            let url = try #require(URL(string: "http://127.0.0.1:\(port)/graphql/execute.json/c/"
                                + path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!))
                            let (data, response) = try await session.data(from: url)
                            return (client, (response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
                        }
                    }
                    var all: [(Int, Int, String)] = []
                    for try await result in group { all.append(result) }
                    return all.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
                }
                outcome = .success(results)
            } catch {
                outcome = .failure(error)
            }
            await server.stop()
            let results = try outcome.get()
            for (client, (status, body)) in results.enumerated() {
                #expect(status == 200 && body.contains(client % 2 == 0 ? "Alpha" : "Beta"), "\(client): \(body)")
            }
            let batches = engine.pipelinedCounts.batches.load(ordering: .relaxed)
            let statements = engine.pipelinedCounts.statements.load(ordering: .relaxed)
            #expect(statements > 0 && batches <= statements)
        }
    }
}

extension InlineOutcome {
    /// Answered at once, without waiting for a batch.
    var isAnswered: Bool {
        if case .answered = self { return true }
        return false
    }
}
