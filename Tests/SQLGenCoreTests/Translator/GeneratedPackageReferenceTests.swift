import Foundation
import Testing
@testable import SQLGenCore

/// Whole generated packages compared with their references under `Fixtures/golden/`, from real
/// connectors run through the whole pipeline (config, schema, validation, IR, Swift).
/// `SQLGEN_UPDATE_GOLDENS=1 swift test --filter SQLGenCoreTests` rewrites the references.
@Suite struct GeneratedPackageReferenceTests {
    static let connectors = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/connectors")

    static func generate(_ configPath: String) throws -> [GeneratedFile] {
        let outcome = GeneratorPipeline.run(configPath: connectors.appendingPathComponent(configPath).path, write: false)
        let errors = outcome.diagnostics.filter { $0.severity == .error }.map { $0.rendered() }
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
        return try #require(outcome.packages.first).files
    }

    @Test func moviesConnector() throws {
        try GoldenFiles.check(try Self.generate("movies/connector.yaml"), against: "movies")
    }

    @Test func friendlyFlixProject() throws {
        // A Data Connect project: dataconnect.yaml names the schema and the connector folder.
        try GoldenFiles.check(try Self.generate("friendlyflix/dataconnect.yaml"), against: "friendlyflix")
    }

    @Test func wkndAEMConnector() throws {
        // AEM: the 9 real wknd-shared persisted queries over the WKND content fragment models.
        try GoldenFiles.check(try Self.generate("wknd/connector.yaml"), against: "wknd")
    }

    @Test func decodingConnector() throws {
        // Every decoder shape: scalar methods, lists, enums, unions, deprecated fields, keywords.
        try GoldenFiles.check(try Self.generate("decoding/connector.yaml"), against: "decoding")
    }

    @Test func wireConnector() throws {
        // Every scalar kind at every position of results and variables, custom scalars included.
        try GoldenFiles.check(try Self.generate("wire/connector.yaml"), against: "wire")
    }

    @Test func generationIsDeterministic() throws {
        #expect(try Self.generate("friendlyflix/dataconnect.yaml") == (try Self.generate("friendlyflix/dataconnect.yaml")))
    }
}
