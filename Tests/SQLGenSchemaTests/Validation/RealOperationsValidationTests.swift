import Foundation
import SQLGenLanguage
import SQLGenSchema
import Testing

/// Real operations (GitHub, AEM WKND, Firebase Data Connect) validated against their schemas,
/// compared with graphql-core's recorded results (`Fixtures/validation/expected`).
@Suite struct RealOperationsValidationTests {
    struct Expectation: Decodable, Sendable {
        struct Result: Decodable, Sendable {
            var operations: [String]
            var valid: Bool
            var errors: [ValidationCorpus.ExpectedError]
        }
        var name: String
        var schema: [String]
        var results: [Result]
    }

    static let expectationFiles: [String] = {
        let folder = ValidationHarness.fixtures.appendingPathComponent("expected")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    @Test func allSevenPairingsArePresent() {
        #expect(Self.expectationFiles.count == 7)
    }

    @Test(arguments: expectationFiles)
    func matchesGraphQLCore(_ file: String) throws {
        let root = ValidationHarness.fixtures
        let data = try Data(contentsOf: root.appendingPathComponent("expected").appendingPathComponent(file))
        let expectation = try JSONDecoder().decode(Expectation.self, from: data)
        var sources: [Source] = []
        for (index, path) in expectation.schema.enumerated() {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            sources.append(Source(bytes: bytes, name: path, id: SourceID(UInt32(index + 1))))
        }
        let schema = try ValidationHarness.buildSchema(sources)
        for result in expectation.results {
            let path = try #require(result.operations.first)
            let source = Source(bytes: try [UInt8](Data(contentsOf: root.appendingPathComponent(path))), name: path)
            let document = try Parser.parse(source)
            let errors = validate(schema: schema, document: document)
            let actual = errors.map { ValidationHarness.render($0.message, $0.locations(in: source)) }
            #expect(actual == result.errors.map(\.rendered), "\(path)")
            #expect(errors.isEmpty == result.valid, "\(path)")
        }
    }
}

/// Validation must stay linear in practice: 1,000 real GitHub operations (the goal is < 100 ms
/// in a release build; this debug-build check only guards against pathological slowdowns).
@Suite struct ValidationSpeedTests {
    @Test func thousandGitHubOperationsValidateQuickly() throws {
        let root = ValidationHarness.fixtures.appendingPathComponent("inputs")
        let schemaBytes = try [UInt8](Data(contentsOf: root.appendingPathComponent("schemas/github-apollo-ios/schema.graphqls")))
        let schema = try ValidationHarness.buildSchema([Source(bytes: schemaBytes, name: "schema.graphqls")])
        let paths = [
            "operations/github-apollo-ios/IssuesAndCommentsForRepository.graphql",
            "operations/github-apollo-ios/Repository.graphql",
            "operations/github-apollo-ios/TestFolder/TestFolder2/TestFolder3/RepoURL.graphql",
        ]
        let documents = try paths.map { path in
            try Parser.parse(Source(bytes: [UInt8](Data(contentsOf: root.appendingPathComponent(path))), name: path))
        }
        let start = ContinuousClock.now
        var errorCount = 0
        for index in 0..<1000 {
            errorCount += validate(schema: schema, document: documents[index % documents.count]).count
        }
        #expect(errorCount == 0)
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
