import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import SQLGenPostgres
import Testing

/// What only PostgreSQL has: Data Connect's column types in the catalog, the refusal of Vector
/// columns without pgvector, GIN search indexes, engines sharing a schema, statements cancelled on
/// the server, queries run again after a serialization failure. The shared suite covers the rest.
@Suite("Emulator on PostgreSQL", .enabled(if: TestDatabase.isPostgreSQL, "runs with SQLGEN_TEST_BACKEND=postgresql"))
struct PostgreSQLBackendTests {
    static let typesSchema = """
    enum Mood { HAPPY, SAD }
    type Owner @table(key: "handle") { handle: String! }
    type Thing @table {
      owner: Owner!
      parent: Thing
      name: String! @col(dataType: "varchar(20)")
      count: Int
      big: Int64
      ratio: Float
      flag: Boolean
      day: Date
      at: Timestamp
      extra: Any
      mood: Mood
      tags: [String!]
      stamps: [Timestamp!]
      ids: [UUID!]
    }
    """

    /// `column → type` as PostgreSQL prints it, for the table `table` of the database of `path`.
    static func columnTypes(path: String, table: String) throws -> [String: String] {
        let rows = try TestDatabase.connection(path: path).textPairs("""
            SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relname = ? AND a.attnum > 0
            """, [.text(table)])
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    @Test func tablesHaveDataConnectsColumnTypesKeysAndCascades() async throws {
        let harness = try await QueryFeatureHarness(schema: Self.typesSchema, seed: false)
        defer { harness.remove() }
        let types = try Self.columnTypes(path: harness.databasePath, table: "thing")
        #expect(types == [
            "id": "uuid", "owner_handle": "text", "parent_id": "uuid", "name": "character varying(20)", "count": "integer", "big": "bigint",
            "ratio": "double precision", "flag": "boolean", "day": "date", "at": "timestamp with time zone", "extra": "jsonb", "mood": "text",
            "tags": "text[]", "stamps": "timestamp with time zone[]", "ids": "uuid[]", "__sqlgen_row": "bigint",
        ])
        let keys = try TestDatabase.connection(path: harness.databasePath).textPairs("""
            SELECT conname, confdeltype::text FROM pg_constraint WHERE conrelid = to_regclass('"thing"') AND contype = 'f' ORDER BY conname
            """)
        // A required reference cascades, an optional one is cleared.
        #expect(keys.map { "\($0.0) \($0.1)" } == ["thing_owner_handle_fkey c", "thing_parent_id_fkey n"])
    }

    @Test func everyTypeRoundTripsAndListsUpdateInPlace() async throws {
        let harness = try await QueryFeatureHarness(schema: Self.typesSchema, seed: false)
        defer { harness.remove() }
        let (_, created) = try await harness.run("""
        mutation { owner_insert(data: {handle: "ann"}) thing_insert(data: {id: "c0000000000000000000000000000001", ownerHandle: "ann", name: "ünï",
          count: -7, big: "-9223372036854775808", ratio: 0.1, flag: true, day: "2024-02-29", at: "2024-05-01T10:00:00.5+02:00",
          extra: {b: [1, 2.5, null], a: "x"}, mood: SAD, tags: ["a", "b c", "\\"q\\""], stamps: ["2024-01-01T00:00:00Z"],
          ids: ["d0000000-0000-0000-0000-000000000001"]}) }
        """)
        #expect(created["errors"] == nil, "\(created.jsonText)")
        let (_, updated) = try await harness.run("""
        mutation { thing_update(id: "c0000000000000000000000000000001", data: {tags_update: [{add: ["a", "d", "d"]}, {remove: ["b c"]}, {prepend: ["z"]}]}) }
        """)
        #expect(updated["errors"] == nil, "\(updated.jsonText)")
        let (_, json) = try await harness.run("{ things { name count big ratio flag day at extra mood tags stamps ids owner { handle } } }")
        #expect(json["data", "things", 0] == (try JSONParser.parse(#"""
            {"name": "ünï", "count": -7, "big": "-9223372036854775808", "ratio": 0.1, "flag": true, "day": "2024-02-29",
             "at": "2024-05-01T08:00:00.5Z", "extra": {"a": "x", "b": [1, 2.5, null]}, "mood": "SAD", "tags": ["z", "a", "\"q\"", "d"],
             "stamps": ["2024-01-01T00:00:00Z"], "ids": ["d0000000000000000000000000000001"], "owner": {"handle": "ann"}}
            """#)), "\(json.jsonText)")
    }

    @Test(.enabled(if: !TestDatabase.hasVector, "the database has the vector extension"))
    func vectorColumnsNeedTheVectorExtension() async throws {
        await #expect { try await QueryFeatureHarness(fixture: "vectors") } throws: { error in
            let message = (error as? EmulatorError)?.message ?? ""
            return message.contains(#"type "Restaurant": the Vector field "embedding" needs PostgreSQL's vector extension (pgvector)"#)
                && message.contains("CREATE EXTENSION vector")
        }
    }

    @Test func searchUsesAGINIndexTheServerKeepsCurrent() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let connection = try TestDatabase.connection(path: harness.databasePath)
        let index = "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = '__sqlgen_search_movie'"
        #expect(try connection.texts(index).first?.contains("USING gin") == true)
        func titles(_ query: String) async throws -> [String] {
            let (_, json) = try await harness.run(#"{ movies_search(query: "\#(query)", orderBy: [{title: ASC}]) { title } }"#)
            return harness.column(json, "movies_search", "title").strings
        }
        _ = try await harness.run(#"mutation { movie_insert(data: {title: "Galaxy Quest"}) }"#)
        #expect(try await titles("galaxies") == ["Galaxy Quest"])
        _ = try await harness.run(#"mutation { movie_updateMany(where: {title: {eq: "Galaxy Quest"}}, data: {title: "Star Rangers"}) }"#)
        #expect(try await titles("galaxy") == [])
        #expect(try await titles("ranger") == ["Star Rangers"])
        let schema = try EmulatorHarness.text("nativesql", "schema.gql").replacingOccurrences(of: "genre: String", with: "genre: String @searchable")
        let changes = try await harness.engine.reload(schemaSources: QueryFeatureHarness.sources(schema), operationSources: [], allowReset: false)
        #expect(changes.contains(#"rebuilt search index "__sqlgen_search_movie" of "movie""#), "\(changes)")
        #expect(try await titles("thriller") == ["Run Lola Run"])
    }

    @Test func enginesStartingTogetherShareOneSchema() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let schema = QueryFeatureHarness.sources(try EmulatorHarness.text("nativesql", "schema.gql"))
            let engines = try await withThrowingTaskGroup(of: EmulatorEngine.self) { group in
                for _ in 0..<4 {
                    group.addTask { try TestDatabase.engine(schemaSources: schema, operationSources: [], connectorId: "x", databasePath: path) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(engines.count == 4)
            let written = await engines[0].executeDocument(#"mutation { movie_insert(data: {title: "Shared"}) }"#, operationName: nil, variables: .object([]))
            #expect(written.result.errors.isEmpty)
            for engine in engines {
                let read = await engine.executeDocument("{ movies { title } }", operationName: nil, variables: .object([]))
                #expect(read.result.json["data", "movies", 0, "title"] == .string("Shared"))
            }
        }
    }

    @Test func aStatementPastTheTimeLimitIsCancelledOnTheServer() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let engine = try TestDatabase.engine(schemaSources: QueryFeatureHarness.sources("type Movie @table { title: String! }"), operationSources: [],
                                                 connectorId: "x", databasePath: path, requestTimeout: .milliseconds(300))
            let started = ContinuousClock.now
            let slow = await engine.executeDocument(#"{ _select(sql: "SELECT pg_sleep(60)") }"#, operationName: nil, variables: .object([]))
            // Far less than the sleep, with room for a loaded test machine (the whole suite in parallel).
            #expect(ContinuousClock.now - started < .seconds(30))
            #expect(slow.result.errors.first?.code == "DEADLINE_EXCEEDED", "\(slow.result.json.jsonText)")
            let next = await engine.executeDocument("{ movies { title } }", operationName: nil, variables: .object([]))
            #expect(next.result.errors.isEmpty && next.result.json["data", "movies"] == .array([]))
        }
    }

    @Test func connectionsTheServerEndedAreMadeAgain() async throws {
        let admin = try PostgresConnection(url: TestDatabase.url)
        let name = "reconnect_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try admin.execute("CREATE DATABASE \(name)")
        defer { _ = try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let url = String(TestDatabase.url.prefix { $0 != "?" }.reversed().drop { $0 != "/" }.reversed()) + name
        let engine = try EmulatorEngine(schemaSources: QueryFeatureHarness.sources("type Movie @table { title: String! }"),
                                        connectors: [HostedConnector(id: "x", operationSources: [])], database: .postgresql(url: url))
        func run(_ text: String) async -> Bool {
            await engine.executeDocument(text, operationName: nil, variables: .object([])).result.errors.isEmpty
        }
        #expect(await run(#"mutation { movie_insert(data: {title: "Before"}) }"#))
        try admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'")
        // Each connection fails the request that finds it broken, and serves the next one.
        var answers: [Bool] = []
        for _ in 0..<4 { answers.append(await run("{ movies { title } }")) }
        #expect(answers.suffix(2) == [true, true], "\(answers)")
        _ = await run(#"mutation { movie_insert(data: {title: "After"}) }"#)
        #expect(await run(#"mutation { movie_insert(data: {title: "Again"}) }"#))
        let titles = await engine.executeDocument("{ movies(orderBy: [{title: ASC}]) { title } }", operationName: nil, variables: .object([]))
        #expect(titles.result.json["data", "movies", 0, "title"] == .string("After") || titles.result.json["data", "movies", 0, "title"] == .string("Again"))
    }

    @Test func aQueryMeetingASerializationFailureRunsAgainInANewTransaction() throws {
        let backend = try TestDatabase.backend(path: ":memory:")
        guard let connection = try backend.openReader() as? PostgreSQLConnection else { throw EmulatorError("not a PostgreSQL connection") }
        try connection.beginReadTransaction()
        defer { connection.commitReadTransaction() }
        var attempts = 0
        let result = connection.withWorkLimit(WorkLimit()) { () -> Int64? in
            attempts += 1
            let sql = attempts == 1 ? "DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$" : "SELECT 7"
            guard case .integer(let value)? = try? connection.query(sql).first?.first else { return nil }
            return value
        }
        #expect(attempts == 2)
        #expect(result == 7)
    }
    @Test func aTransactionBeginsWithItsFirstStatementAndNotAtAllWithoutOne() throws {
        let backend = try TestDatabase.backend(path: ":memory:")
        guard let connection = try backend.openWriter() as? PostgreSQLConnection else { throw EmulatorError("not a PostgreSQL connection") }
        try connection.execute("CREATE TEMPORARY TABLE begun (n integer)")
        try connection.transaction(.immediate) {
            // Not sent yet: it goes with the first statement, in the same round trip.
            #expect(connection.client.transactionState == .idle && connection.isInTransaction)
            _ = try connection.query("INSERT INTO begun VALUES (1)")
            #expect(connection.client.transactionState == .inTransaction)
        }
        #expect(connection.client.transactionState == .idle)
        // A body that fails before any statement leaves nothing to roll back; one that fails after
        // its statement rolls it back.
        struct Refused: Error {}
        #expect(throws: Refused.self) { try connection.transaction(.immediate) { throw Refused() } }
        #expect(throws: Refused.self) {
            try connection.transaction(.immediate) {
                _ = try connection.query("INSERT INTO begun VALUES (2)")
                throw Refused()
            }
        }
        try connection.transaction(.immediate) {}
        #expect(connection.client.transactionState == .idle && !connection.isInTransaction)
        #expect(try connection.query("SELECT n FROM begun ORDER BY n") == [[.integer(1)]])
    }
}
