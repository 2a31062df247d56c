import Foundation
import Testing

/// `sqlgen schema print` run as a user would.
@Suite struct SchemaCommandTests {
    static func write(_ files: [String: String]) throws -> URL {
        let directory = try SQLGen.temporaryDirectory()
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func printsAFolderAsOneSchema() async throws {
        let directory = try Self.write([
            "schema/a.graphql": "type Query { a: String }",
            "schema/sub/b.gql": "extend type Query { b: Int }\n\"Doc\" scalar Date",
            "schema/notes.txt": "not read",
        ])
        let result = try await SQLGen.run(["schema", "print", "schema"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "type Query {\n  a: String\n  b: Int\n}\n\n\"\"\"Doc\"\"\"\nscalar Date\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func printsAnIntrospectionResult() async throws {
        let json = #"{"data": {"__schema": {"queryType": {"name": "Root"}, "types": [{"kind": "OBJECT", "name": "Root", "fields": [{"name": "x", "args": [], "type": {"kind": "SCALAR", "name": "ID"}}], "interfaces": []}], "directives": []}}}"#
        let directory = try Self.write(["schema.json": json])
        let result = try await SQLGen.run(["schema", "print", "schema.json"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "schema {\n  query: Root\n}\n\ntype Root {\n  x: ID\n}\n")
    }

    @Test func schemaErrorsExitOneWithDiagnostics() async throws {
        let directory = try Self.write(["s.graphql": "type Query {\n  a: Int\n  a: String\n}\n"])
        let result = try await SQLGen.run(["schema", "print", "s.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("s.graphql:2:3: error: Field \"Query.a\" can only be defined once."))
        #expect(result.stderr.contains("s.graphql:3:3: note: related location"))
    }

    @Test func allowInvalidPrintsWithWarnings() async throws {
        let directory = try Self.write(["s.graphql": "type Query { a: Int }\ntype Empty\n"])
        let result = try await SQLGen.run(["schema", "print", "--allow-invalid", "s.graphql"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "type Query {\n  a: Int\n}\n\ntype Empty\n")
        #expect(result.stderr.contains("s.graphql:2:1: warning: Type Empty must define one or more fields."))
    }

    @Test func syntaxErrorsExitOne() async throws {
        let directory = try Self.write(["s.graphql": "type Query {"])
        let result = try await SQLGen.run(["schema", "print", "--allow-invalid", "s.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("s.graphql:1:13: error: Syntax Error"))
    }

    @Test func argumentErrorsExitTwo() async throws {
        let directory = try Self.write(["s.graphql": "type Query { a: Int }"])
        #expect(try await SQLGen.run(["schema"], in: directory).status == 2)
        #expect(try await SQLGen.run(["schema", "dump", "s.graphql"], in: directory).status == 2)
        #expect(try await SQLGen.run(["schema", "print"], in: directory).status == 2)
        #expect(try await SQLGen.run(["schema", "print", "--bogus", "s.graphql"], in: directory).status == 2)
        #expect(try await SQLGen.run(["schema", "print", "missing.graphql"], in: directory).status == 2)
    }

    @Test func expandedPrintsTheDerivedDataConnectSchema() async throws {
        let directory = try Self.write(["schema.gql": "type Movie @table { title: String! }"])
        let result = try await SQLGen.run(["schema", "print", "--expanded", "schema.gql"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("movie_insert(data: Movie_Data!): Movie_KeyOutput!"), "\(result.stdout.prefix(300))")
        #expect(result.stdout.contains("input Movie_Filter {"))
    }

    @Test func helpDescribesPrint() async throws {
        let result = try await SQLGen.run(["schema", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("sqlgen schema print"))
    }

    @Test("An AEM @model schema prints in its dialect, its own types or the whole derived schema")
    func aemSchema() async throws {
        let directory = try Self.write(["article.graphql": "type ArticleModel @model(path: \"/conf/x/settings/dam/cfm/models/article\") { title: String }"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let own = try await SQLGen.run(["schema", "print", "article.graphql"], in: directory)
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout.hasPrefix("type ArticleModel {") && !own.stdout.contains("type Query"))
        let expanded = try await SQLGen.run(["schema", "print", "--expanded", "article.graphql"], in: directory)
        #expect(expanded.status == 0 && expanded.stdout.contains("articleList("), "\(expanded.stderr)")
    }

    @Test("With no inputs, the connector's schema: a project's, secondary schemas merged")
    func connectorSchema() async throws {
        let directory = try Self.write([
            "dataconnect.yaml": "specVersion: v1\nschemas:\n  - {id: main, source: ./schema, datasource: {postgresql: {database: d}}}\n  - {id: hook, source: ./hook, datasource: {httpGraphql: {uri: \"http://localhost:1\"}}}\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type Movie @table { title: String! }",
            "hook/hook.gql": "type Query { hello: String }",
            "c/connector.yaml": "connectorId: c\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let expanded = try await SQLGen.run(["schema", "print", "--expanded"], in: directory)
        #expect(expanded.status == 0, "\(expanded.stderr)")
        #expect(expanded.stdout.contains("  hello: String") && expanded.stdout.contains("movie_insert("))
        let own = try await SQLGen.run(["schema", "print", "--config", "c/connector.yaml"], in: directory)
        #expect(own.status == 0 && own.stdout.hasPrefix("type Movie {"), "\(own.stderr)")
    }

    @Test func helpSaysExpandedWorks() async throws {
        let result = try await SQLGen.run(["schema", "--help"])
        #expect(!result.stdout.contains("not available"))
    }
}
