import Foundation
import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage

/// An engine over a fixture folder, seeded, on the suite's database (`TestDatabase`: a SQLite file in a temporary folder, or its PostgreSQL schema), so queries run
/// on the read connections as in production: by default `dcquery` (restaurants, reviews, two views,
/// a Vector column); `nativeSQL` gives `nativesql` (movies with @searchable columns, reviews).
struct QueryFeatureHarness {
    let directory: URL
    let engine: EmulatorEngine

    var databasePath: String { directory.appendingPathComponent("emulator.sqlite").path }

    static func schemaText() throws -> String { try EmulatorHarness.text("dcquery", "schema.gql") }

    static func sources(_ schema: String) -> [Source] { [Source(schema, name: "schema.gql")] }

    static func temporaryDirectory() throws -> URL {
        let directory = TestFolders.root.appendingPathComponent("sqlgen-dcquery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs `body` with the path of an `emulator.sqlite` in a new temporary folder (the folder
    /// passed too), and removes the folder after.
    static func withDatabasePath(_ body: (_ path: String, _ directory: URL) async throws -> Void) async throws {
        let directory = try temporaryDirectory()
        let path = directory.appendingPathComponent("emulator.sqlite").path
        defer {
            TestDatabase.drop(path: path)
            try? FileManager.default.removeItem(at: directory)
        }
        try await body(path, directory)
    }

    /// `schema` replaces the fixture's schema; `operations` are persisted in connector "test".
    init(fixture: String = "dcquery", schema: String? = nil, operations: String? = nil, seed: Bool = true) async throws {
        directory = try Self.temporaryDirectory()
        let operationSources = operations.map { [Source($0, name: "operations.gql")] } ?? []
        engine = try TestDatabase.engine(schemaSources: Self.sources(try schema ?? EmulatorHarness.text(fixture, "schema.gql")),
                                    operationSources: operationSources, connectorId: "test",
                                    databasePath: directory.appendingPathComponent("emulator.sqlite").path)
        if seed { _ = try await engine.runSeed(try EmulatorHarness.text(fixture, "seed.gql"), name: "seed.gql") }
    }

    /// The `nativesql` fixture, with optional persisted operations.
    static func nativeSQL(operations: String? = nil) async throws -> QueryFeatureHarness {
        try await QueryFeatureHarness(fixture: "nativesql", operations: operations)
    }

    /// Runs an ad-hoc request with admin rights; returns the HTTP-level status and the response body.
    func run(_ query: String, _ variables: String = "{}") async throws -> (Int, JSONValue) {
        let response = await engine.executeDocument(query, operationName: nil, variables: try JSONParser.parse(variables))
        return (response.status, response.result.json)
    }

    /// The values of `key` in each object of the list at `data.<field>`.
    func column(_ json: JSONValue, _ field: String, _ key: String) -> [JSONValue] {
        (json["data", field]?.arrayValue ?? []).map { $0[key] ?? .null }
    }

    func remove() {
        TestDatabase.drop(path: databasePath)
        try? FileManager.default.removeItem(at: directory)
    }
}

extension Array where Element == JSONValue {
    /// `["a", "b"]` for string values (others dropped), for compact expectations.
    var strings: [String] { compactMap(\.stringValue) }
}
