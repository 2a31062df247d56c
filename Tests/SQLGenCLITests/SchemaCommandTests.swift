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

    @Test func printsAFolderAsOneSchema() throws {
        let directory = try Self.write([
            "schema/a.graphql": "type Query { a: String }",
            "schema/sub/b.gql": "extend type Query { b: Int }\n\"Doc\" scalar Date",
            "schema/notes.txt": "not read",
        ])
        let result = try SQLGen.run(["schema", "print", "schema"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "type Query {\n  a: String\n  b: Int\n}\n\n\"\"\"Doc\"\"\"\nscalar Date\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func printsAnIntrospectionResult() throws {
        let json = #"{"data": {"__schema": {"queryType": {"name": "Root"}, "types": [{"kind": "OBJECT", "name": "Root", "fields": [{"name": "x", "args": [], "type": {"kind": "SCALAR", "name": "ID"}}], "interfaces": []}], "directives": []}}}"#
        let directory = try Self.write(["schema.json": json])
        let result = try SQLGen.run(["schema", "print", "schema.json"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "schema {\n  query: Root\n}\n\ntype Root {\n  x: ID\n}\n")
    }

    @Test func schemaErrorsExitOneWithDiagnostics() throws {
        let directory = try Self.write(["s.graphql": "type Query {\n  a: Int\n  a: String\n}\n"])
        let result = try SQLGen.run(["schema", "print", "s.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("s.graphql:2:3: error: Field \"Query.a\" can only be defined once."))
        #expect(result.stderr.contains("s.graphql:3:3: note: related location"))
    }

    @Test func allowInvalidPrintsWithWarnings() throws {
        let directory = try Self.write(["s.graphql": "type Query { a: Int }\ntype Empty\n"])
        let result = try SQLGen.run(["schema", "print", "--allow-invalid", "s.graphql"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "type Query {\n  a: Int\n}\n\ntype Empty\n")
        #expect(result.stderr.contains("s.graphql:2:1: warning: Type Empty must define one or more fields."))
    }

    @Test func syntaxErrorsExitOne() throws {
        let directory = try Self.write(["s.graphql": "type Query {"])
        let result = try SQLGen.run(["schema", "print", "--allow-invalid", "s.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("s.graphql:1:13: error: Syntax Error"))
    }

    @Test func argumentErrorsExitTwo() throws {
        let directory = try Self.write(["s.graphql": "type Query { a: Int }"])
        #expect(try SQLGen.run(["schema"], in: directory).status == 2)
        #expect(try SQLGen.run(["schema", "dump", "s.graphql"], in: directory).status == 2)
        #expect(try SQLGen.run(["schema", "print"], in: directory).status == 2)
        #expect(try SQLGen.run(["schema", "print", "--bogus", "s.graphql"], in: directory).status == 2)
        #expect(try SQLGen.run(["schema", "print", "missing.graphql"], in: directory).status == 2)
        #expect(try SQLGen.run(["schema", "print", "--expanded", "s.graphql"], in: directory).status == 2)
    }

    @Test func helpDescribesPrint() throws {
        let result = try SQLGen.run(["schema", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("sqlgen schema print"))
    }
}
