import Foundation
@testable import SQLGenEmulator
import SQLGenLanguage
import Testing

/// AEM behind the emulator's one engine and router: its requests take the engine's respond path,
/// and what the engine and router give every dialect (limits, --persisted-only, persisted
/// queries kept in the database) holds for AEM in AEM's wording.
@Suite("AEM on the one engine")
struct AEMEngineTests {
    @Test("each AEM request, persisted or ad hoc, goes through the engine's prelude once")
    func onePrelude() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let before = harness.engine.preludes.load(ordering: .relaxed)
        let reply = try await harness.run("adventure-by-slug", ";slug=bali-surf-camp")
        #expect(reply.json?["data"]?["adventureList"]?["items"]?.strings("slug") == ["bali-surf-camp"])
        #expect(harness.engine.preludes.load(ordering: .relaxed) == before + 1)
        let missing = try await harness.run("adventure-by-slug")
        #expect(missing.headers["cache-control"] == "max-age=60", "a refusal carries the query's cache headers")
        #expect(harness.engine.preludes.load(ordering: .relaxed) == before + 2)
        _ = try await AEMEndpointTests.post(harness, "{ articleList { items { title } } }")
        #expect(harness.engine.preludes.load(ordering: .relaxed) == before + 3)
    }

    @Test("a query nested deeper than the engine's limit is refused in graphql-java's shape, with status 200")
    func limits() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let deep = "{ __schema { types { fields { type " + String(repeating: "{ ofType ", count: 14) + "{ name }" + String(repeating: " }", count: 14) + " } } } }"
        let reply = try await AEMEndpointTests.post(harness, deep)
        #expect(reply.status == 200)
        let error = reply.json?["errors"]?.arrayValue?.first
        #expect(error?["message"]?.stringValue?.hasPrefix("The operation is nested too deeply") == true)
        #expect(error?["extensions"]?["classification"] == .string("ExecutionAborted"))
        #expect(reply.json?["data"] == nil)
    }

    @Test("--persisted-only turns off AEM's ad-hoc endpoint and persist.json; persisted queries still run")
    func persistedOnly() async throws {
        let harness = try await AEMHarness(persistedOnly: true)
        defer { Task { await harness.shutdown() } }
        let adHoc = try await AEMEndpointTests.post(harness, "{ articleList { items { title } } }")
        #expect(adHoc.status == 403)
        #expect(adHoc.json?["errors"]?.arrayValue?.first?["errorType"] == .string("ServletError"))
        let persist = try await harness.request("PUT", "/graphql/persist.json/wknd-shared/titles", body: "{ articleList { items { title } } }")
        #expect(persist.status == 403)
        #expect(persist.json?["errors"]?.arrayValue?.first?["details"] == .string("Persisting queries is disabled (--persisted-only)."))
        #expect(try await harness.run("adventures-all").status == 200)
    }

    @Test("queries persisted over HTTP come back in the next run over the same database; the connector's files win")
    func persistedQueriesOutliveTheEngine() async throws {
        let folder = TestFolders.root.appendingPathComponent("sqlgen-aem-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("emulator.sqlite").path
        let file = (name: "titles", source: Source("{ adventureList { items { title } } }", name: "titles.graphql", id: SourceID(100)))
        func engine() throws -> EmulatorEngine {
            try EmulatorEngine(aemSchemaSources: try AEMHarness.schemaSources(), operations: [file], configuration: "wknd-shared",
                               content: try AEMHarness.content(), databasePath: path)
        }
        let first = try engine()
        try await first.persist(connector: "wknd-shared", name: "slugs", text: "{ adventureList { items { slug } } }")
        try await first.persist(connector: "wknd-shared", name: "titles", text: "{ articleList { items { title } } }")
        let second = try engine()
        #expect(await second.operationText(connector: "wknd-shared", name: "slugs") == "{ adventureList { items { slug } } }")
        #expect(await second.operationText(connector: "wknd-shared", name: "titles") == "{ adventureList { items { title } } }")
        let answer = await second.respond(connector: "wknd-shared", name: "slugs", OperationRequest(variables: .json(.object([])), caller: Caller()))
        #expect(answer.status == 200)
        #expect(answer.response.result.data?["adventureList"]?["items"]?.arrayValue?.count == 16)
    }
}
