import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

/// The engine, the executor, planned queries, migrations and seeds reach the database through
/// `SQLConnection` and `SQLDialect` alone, and no SQL specific to SQLite is written outside the
/// SQLite dialect.
@Suite("Database interface")
struct DatabaseInterfaceTests {
    @Test("An engine runs on connections of another type, through the interface only")
    func engineOnAnotherConnectionType() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let backend = RecordingBackend(path: path)
            let operations = Source("query Restaurants @auth(level: PUBLIC) { restaurants(orderBy: [{name: ASC}], limit: 2) { name reviews_on_restaurant { rating } } }",
                                    name: "operations.gql")
            let engine = try EmulatorEngine(schemaSources: QueryFeatureHarness.sources(try QueryFeatureHarness.schemaText()), secondarySchemaSources: [],
                                            connectors: [HostedConnector(id: "test", operationSources: [operations])], backend: backend,
                                            limits: ExecutionLimits(), requestTimeout: nil, readConnections: 1)
            _ = try await engine.runSeed(try EmulatorHarness.text("dcquery", "seed.gql"), name: "seed.gql")
            #expect(engine.hasPlan(connector: "test", name: "Restaurants"))
            let answer = await engine.respond(connector: "test", name: "Restaurants", OperationRequest(variables: .json(.object([])), caller: Caller()))
            let json = try JSONParser.parse(answer.body)
            #expect(answer.status == 200)
            #expect(json["data", "restaurants"]?.arrayValue?.count == 2)
            #expect(backend.statements.contains { $0.hasPrefix("CREATE TABLE") })
            #expect(backend.statements.contains { $0.hasPrefix("INSERT INTO") })
            #expect(backend.statements.contains { $0.contains("(VALUES (0, ?)") })
        }
    }

    /// SQLite's own words, outside comments: they belong in `Sources/SQLGenEmulator/SQLite/` (the
    /// other dialect's folder, `PostgreSQL/`, may share some of PostgreSQL's syntax).
    static let sqliteOnly = ["PRAGMA", "sqlite_master", "pragma_table_info", "json_each", "json_group_array", "fts5", "bm25", "rowid",
                             "sqlgen_regexp", "sqlgen_vector_distance", "instr(", "substr(", "INSERT OR", "excluded.", "COLLATE NOCASE",
                             "TEMP TABLE", "temp.", "LIMIT ? OFFSET"]

    @Test("No SQL specific to SQLite is written outside the dialects")
    func noSQLiteTextOutsideTheDialect() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources/SQLGenEmulator").standardized
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)).compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && !$0.path.contains("/SQLGenEmulator/SQLite/") && !$0.path.contains("/SQLGenEmulator/PostgreSQL/") }
        #expect(files.count > 50)
        var found: [String] = []
        for file in files {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for word in Self.sqliteOnly where code.contains(word) {
                    found.append("\(file.lastPathComponent):\(number + 1): \(word)")
                }
            }
        }
        #expect(found == [])
    }
}
