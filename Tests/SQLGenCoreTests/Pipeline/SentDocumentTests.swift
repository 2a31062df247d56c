import Testing
@testable import SQLGenCore

/// What generated code sends as the operation's text (GraphQL over HTTP, persisted-query hashes).
@Suite struct SentDocumentTests {
    @Test("Descriptions of operations and fragments stay out of the sent document, and in the doc comment")
    func descriptionsAreNotSent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("connector.yaml", "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: C}\nsqlgen:\n  backend: graphql\n  schema: schema.graphql\n  operations: [ops]\n")
        try folder.write("schema.graphql", "type Query { viewer: User }\ntype User { name: String }\n")
        try folder.write("ops/viewer.graphql", "\"\"\"The signed-in user.\"\"\"\nquery Viewer { viewer { ...Name } }\n\n\"Just the name.\"\nfragment Name on User { name }\n")
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/connector.yaml", write: false)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics.map { $0.rendered() })")
        let operation = try #require(outcome.packages.first?.connector?.operations.first)
        #expect(operation.document == "query Viewer {\n  viewer {\n    ...Name\n  }\n}\n\nfragment Name on User {\n  name\n}")
        #expect(operation.documentation == ["The signed-in user."])
    }
}
