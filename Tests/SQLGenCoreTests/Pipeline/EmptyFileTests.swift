import Testing
import SQLGenLanguage
@testable import SQLGenCore

/// Files that define nothing, as `firebase init dataconnect` writes them and samples ship them.
@Suite struct EmptyFileTests {
    private func project(schema: String, queries: String, mutations: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("dataconnect.yaml", "specVersion: v1\nserviceId: s\nlocation: l\nschema: {source: ./schema}\nconnectorDirs: [./connector]\n")
        try folder.write("connector/connector.yaml", "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: ../out, package: C}\n")
        try folder.write("schema/schema.gql", schema)
        try folder.write("connector/queries.gql", queries)
        try folder.write("connector/mutations.gql", mutations)
        return folder
    }

    @Test("Schema and operation files of only comments are files that define nothing")
    func commentOnlyFiles() throws {
        let folder = try project(schema: "# type Movie @table {\n#   title: String!\n# }\n", queries: "# query ListMovies { movies { id } }\n", mutations: "")
        defer { folder.remove() }
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/dataconnect.yaml", write: false)
        #expect(outcome.diagnostics.isEmpty)
        #expect(outcome.operationCount == 0)
        #expect(outcome.packages.count == 1)
    }

    @Test("An empty operations file beside real ones is skipped; the others generate")
    func emptyBesideRealFiles() throws {
        let folder = try project(schema: "type Movie @table { title: String! }\n", queries: "query ListMovies { movies { title } }\n", mutations: "")
        defer { folder.remove() }
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/dataconnect.yaml", write: false)
        #expect(outcome.diagnostics.isEmpty)
        #expect(outcome.packages.first?.connector?.operations.map(\.name) == ["ListMovies"])
    }

    @Test("A document of only comments is still a syntax error where the spec's Document applies")
    func parserKeepsTheSpecByDefault() {
        #expect(throws: (any Error).self) { try Parser.parse(Source("# nothing\n")) }
        #expect((try? Parser.parse(Source("# nothing\n"), options: .connectorFile))?.definitions.isEmpty == true)
    }
}
