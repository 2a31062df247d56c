import Testing
@testable import SQLGenCore

/// `schemas:` with a secondary `httpGraphql` source, as `firebase init dataconnect` writes it.
@Suite struct SecondarySchemaTests {
    private func project(secondary: String, query: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("dataconnect.yaml", """
        specVersion: v1
        serviceId: s
        location: l
        schemas:
          - id: main
            source: ./schema
            datasource: {postgresql: {database: db}}
          - id: webhook
            source: ./webhook
            datasource: {httpGraphql: {uri: "http://localhost:8080/graphql"}}
        connectorDirs: [./connector]
        """)
        try folder.write("connector/connector.yaml", "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: ../out, package: C}\n")
        try folder.write("schema/schema.gql", "type Movie @table { title: String! }\n")
        try folder.write("webhook/schema.gql", secondary)
        try folder.write("connector/queries.gql", query)
        return folder
    }

    @Test("The secondary schema's Query fields join the derived ones; the derived fields stay")
    func mergedIntoTheDerivedSchema() throws {
        let folder = try project(secondary: "type Query {\n  hello(name: String): String\n}\n",
                                 query: "query Both @auth(level: PUBLIC) { hello(name: \"x\") movies { title } }\n")
        defer { folder.remove() }
        let outcome = GeneratorPipeline.run(configPath: folder.path, write: false)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics.map { $0.rendered() })")
        #expect(outcome.packages.first?.connector?.operations.first?.data.fields.map(\.responseKey) == ["hello", "movies"])
    }

    @Test("A secondary type that clashes with a schema type is an error that points at both files")
    func clashIsLocated() throws {
        let folder = try project(secondary: "type Query { hello: String }\n\ntype Movie { title: String }\n", query: "query Q @auth(level: PUBLIC) { hello }\n")
        defer { folder.remove() }
        let outcome = GeneratorPipeline.run(configPath: folder.path, write: false)
        let first = outcome.diagnostics.first
        #expect(first?.severity == .error)
        #expect(first?.message == "There can be only one type named \"Movie\".")
        #expect(first?.file?.hasSuffix("schema/schema.gql") == true)
        #expect(outcome.diagnostics.dropFirst().first.map { $0.severity == .note && $0.file?.hasSuffix("webhook/schema.gql") == true } == true)
    }
}
