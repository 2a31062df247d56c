import Foundation
import SQLGenEmulator
import SQLGenLanguage

/// An engine over the `dcquery` fixture (restaurants, reviews, two views, a Vector column), seeded,
/// on a SQLite file in a temporary folder, so queries run on the read connections as in production.
struct QueryFeatureHarness {
    let directory: URL
    let engine: EmulatorEngine

    var databasePath: String { directory.appendingPathComponent("emulator.sqlite").path }

    static func schemaText() throws -> String { try EmulatorHarness.text("dcquery", "schema.gql") }

    static func sources(_ schema: String) -> [Source] { [Source(schema, name: "schema.gql")] }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlgen-dcquery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    init(schema: String? = nil, seed: Bool = true) async throws {
        directory = try Self.temporaryDirectory()
        engine = try EmulatorEngine(schemaSources: Self.sources(try schema ?? Self.schemaText()), operationSources: [], connectorId: "test",
                                    databasePath: directory.appendingPathComponent("emulator.sqlite").path)
        if seed { _ = try await engine.runSeed(try EmulatorHarness.text("dcquery", "seed.gql"), name: "seed.gql") }
    }

    /// Runs an ad-hoc request; returns the HTTP-level status and the response body.
    func run(_ query: String, _ variables: String = "{}") async throws -> (Int, JSONValue) {
        let response = await engine.executeDocument(query, operationName: nil, variables: try JSONParser.parse(variables))
        return (response.status, response.result.json)
    }

    /// The values of `key` in each object of the list at `data.<field>`.
    func column(_ json: JSONValue, _ field: String, _ key: String) -> [JSONValue] {
        (json["data", field]?.arrayValue ?? []).map { $0[key] ?? .null }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

extension Array where Element == JSONValue {
    /// `["a", "b"]` for string values (others dropped), for compact expectations.
    var strings: [String] { compactMap(\.stringValue) }
}
