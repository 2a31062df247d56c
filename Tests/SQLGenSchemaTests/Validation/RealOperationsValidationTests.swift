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
