import Foundation
import Testing

/// `sqlgen validate` on documents validation gives up on: the diagnostic names the operations
/// file, not the schema.
@Suite struct ValidateAbortTests {
    private static let schema = "type Query { dog: Dog }\ntype Dog { name: String mother: Dog }\n"

    /// A fragment chain F0 ... F1000, each spreading the next: one level past the limit.
    private static let deepChain = "query Q { dog { ...F0 } }\n" + (0...1_000).map { index in
        index < 1_000 ? "fragment F\(index) on Dog { mother { ...F\(index + 1) } }" : "fragment F\(index) on Dog { name }"
    }.joined(separator: "\n") + "\n"

    @Test func tooDeepFragmentsNameTheOperationsFile() async throws {
        let directory = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.schema.write(to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        try Self.deepChain.write(to: directory.appendingPathComponent("ops.graphql"), atomically: true, encoding: .utf8)
        let result = try await SQLGen.run(["validate", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("ops.graphql: error: Fragments nest selections more than 1000 levels deep. Validation aborted.\n"))
        let json = try await SQLGen.run(["validate", "--json", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        let problems = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(problems.map { $0["file"] as? String } == ["ops.graphql"])
    }

    /// Connector mode goes through the generator's pipeline, whose diagnostics name files too.
    @Test func connectorModeNamesTheQueriesFile() async throws {
        let fragments = (0...1_000).map { index in
            index < 1_000 ? "fragment F\(index) on Movie { ...F\(index + 1) }" : "fragment F\(index) on Movie { title }"
        }
        let queries = (["query listMovies @auth(level: PUBLIC) { movies { ...F0 } }"] + fragments).joined(separator: "\n")
        let folder = try GenerateCommandTests.makeConnector(queries: queries)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await SQLGen.run(["validate"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("connector/queries.gql: error: Fragments nest selections more than 1000 levels deep."), "\(result.stderr)")
    }
}
