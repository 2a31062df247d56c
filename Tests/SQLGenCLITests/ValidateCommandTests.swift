import Foundation
import Testing

@Suite struct ValidateCommandTests {
    private static let schema = """
    type Query { dog: Dog, dogs: [Dog] }
    type Dog { name: String, barkVolume: Int }
    """

    /// A temporary folder holding `schema.graphql` and the given files.
    private func folder(_ files: [String: String]) throws -> URL {
        let directory = try SQLGen.temporaryDirectory()
        try Self.schema.write(to: directory.appendingPathComponent("schema.graphql"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func validOperationsPrintASummaryAndExitZero() async throws {
        let directory = try folder(["ops.graphql": "query Dogs { dogs { name } }\n"])
        let result = try await SQLGen.run(["validate", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "1 operation in 1 file valid against schema.graphql\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func errorsAreCompilerStyleDiagnosticsWithCarets() async throws {
        let directory = try folder(["ops.graphql": "query Q { dog { name meowVolume } }\n{ dog }\n"])
        let result = try await SQLGen.run(["validate", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("""
        ops.graphql:1:22: error: Cannot query field "meowVolume" on type "Dog". Did you mean "barkVolume"?
        query Q { dog { name meowVolume } }
                             ^
        """))
        #expect(result.stderr.contains("ops.graphql:2:1: error: This anonymous operation must be the only defined operation."))
        #expect(result.stderr.contains("ops.graphql:2:3: error: Field \"dog\" of type \"Dog\" must have a selection of subfields."))
        #expect(result.stderr.hasSuffix("3 errors\n"))
    }

    @Test func jsonListsEveryErrorWithItsRule() async throws {
        let directory = try folder(["ops.graphql": "query Q($unused: Float) { dog { name } }\n"])
        let result = try await SQLGen.run(["validate", "--json", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(result.status == 1)
        let data = Data(result.stdout.utf8)
        let problems = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(problems.count == 2)
        // graphql-js order: NoUnusedVariables reports on entering the operation, KnownTypeNames
        // on reaching the variable's type.
        #expect(problems.map { $0["rule"] as? String } == ["NoUnusedVariablesRule", "KnownTypeNamesRule"])
        #expect(problems.map { $0["message"] as? String } == ["Variable \"$unused\" is never used in operation \"Q\".", "Unknown type \"Float\"."])
        #expect(problems.map { $0["column"] as? Int } == [9, 18])
        #expect(problems.allSatisfy { $0["file"] as? String == "ops.graphql" && $0["line"] as? Int == 1 })
    }

    @Test func jsonOfValidOperationsIsAnEmptyArray() async throws {
        let directory = try folder(["ops.graphql": "query Dogs { dogs { name } }\n"])
        let result = try await SQLGen.run(["validate", "--json", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test func filesAreValidatedTogetherSoFragmentsAreShared() async throws {
        let directory = try folder([
            "query.graphql": "query Dogs { dogs { ...DogName } }\n",
            "fragments.graphql": "fragment DogName on Dog { name }\n",
        ])
        let together = try await SQLGen.run(["validate", "--schema", "schema.graphql", "query.graphql", "fragments.graphql"], in: directory)
        #expect(together.status == 0)
        let separate = try await SQLGen.run(["validate", "--separate", "--schema", "schema.graphql", "query.graphql", "fragments.graphql"], in: directory)
        #expect(separate.status == 1)
        #expect(separate.stderr.contains("query.graphql:1:24: error: Unknown fragment \"DogName\"."))
        #expect(separate.stderr.contains("fragments.graphql:1:1: error: Fragment \"DogName\" is never used."))
    }

    @Test func duplicateOperationNamesAcrossFilesPointIntoBothFiles() async throws {
        let directory = try folder([
            "a.graphql": "query Dogs { dogs { name } }\n",
            "b.graphql": "query Dogs { dog { name } }\n",
        ])
        let result = try await SQLGen.run(["validate", "--schema", "schema.graphql", "a.graphql", "b.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("a.graphql:1:7: error: There can be only one operation named \"Dogs\"."))
        #expect(result.stderr.contains("b.graphql:1:7: note: related location"))
    }

    @Test func persistedModeRequiresNames() async throws {
        let directory = try folder(["ops.graphql": "{ dogs { name } }\n"])
        let plain = try await SQLGen.run(["validate", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(plain.status == 0)
        let persisted = try await SQLGen.run(["validate", "--persisted", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(persisted.status == 1)
        #expect(persisted.stderr.contains("ops.graphql:1:1: error: Persisted operations must be named"))
    }

    @Test func syntaxErrorsAreReportedAndExitOne() async throws {
        let directory = try folder(["ops.graphql": "query { dogs { name }\n"])
        let result = try await SQLGen.run(["validate", "--schema", "schema.graphql", "ops.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("ops.graphql:2:1: error: Syntax Error: Expected Name, found <EOF>."))
    }

    @Test func schemaErrorsStopValidationUnlessAssumedValid() async throws {
        let directory = try SQLGen.temporaryDirectory()
        try "type Query { a: Missing }\n".write(to: directory.appendingPathComponent("bad.graphql"), atomically: true, encoding: .utf8)
        try "{ __typename }\n".write(to: directory.appendingPathComponent("ops.graphql"), atomically: true, encoding: .utf8)
        let result = try await SQLGen.run(["validate", "--schema", "bad.graphql", "ops.graphql"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.graphql:1:17: error: Unknown type \"Missing\"."))
    }

    @Test func missingArgumentsAndFilesExitTwo() async throws {
        let directory = try folder([:])
        let noSchema = try await SQLGen.run(["validate", "ops.graphql"], in: directory)
        #expect(noSchema.status == 2)
        #expect(noSchema.stderr.contains("no schema"))
        let missing = try await SQLGen.run(["validate", "--schema", "schema.graphql", "nope.graphql"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.graphql"))
        let unknownFlag = try await SQLGen.run(["validate", "--frobnicate"], in: directory)
        #expect(unknownFlag.status == 2)
    }

    @Test func foldersAreExpandedToTheirGraphQLFiles() async throws {
        let directory = try folder([:])
        let schemaFolder = directory.appendingPathComponent("schema")
        let operations = directory.appendingPathComponent("ops/nested")
        try FileManager.default.createDirectory(at: schemaFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: operations, withIntermediateDirectories: true)
        try "type Query { dog: Dog }\n".write(to: schemaFolder.appendingPathComponent("query.graphql"), atomically: true, encoding: .utf8)
        try "type Dog { name: String }\n".write(to: schemaFolder.appendingPathComponent("dog.gql"), atomically: true, encoding: .utf8)
        try "query A { dog { ...N } }\n".write(to: operations.appendingPathComponent("a.graphql"), atomically: true, encoding: .utf8)
        try "fragment N on Dog { name }\n".write(to: operations.appendingPathComponent("b.gql"), atomically: true, encoding: .utf8)
        try "not graphql".write(to: operations.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try await SQLGen.run(["validate", "--schema", "schema", "ops"], in: directory)
        #expect(result.status == 0)
        #expect(result.stdout == "1 operation in 2 files valid against 2 schema files\n")
    }

    @Test func introspectionResultsAreAcceptedAsSchema() async throws {
        let directory = try SQLGen.temporaryDirectory()
        let introspection = #"{"data":{"__schema":{"queryType":{"name":"Query","kind":"OBJECT"},"types":[{"kind":"OBJECT","name":"Query","fields":[{"name":"dog","args":[],"type":{"kind":"OBJECT","name":"Dog"}}],"interfaces":[]},{"kind":"OBJECT","name":"Dog","fields":[{"name":"name","args":[],"type":{"kind":"SCALAR","name":"String"}}],"interfaces":[]},{"kind":"SCALAR","name":"String"}],"directives":[]}}}"#
        try introspection.write(to: directory.appendingPathComponent("schema.json"), atomically: true, encoding: .utf8)
        try "query D { dog { name } }\n".write(to: directory.appendingPathComponent("ok.graphql"), atomically: true, encoding: .utf8)
        try "query D { dog { nam } }\n".write(to: directory.appendingPathComponent("bad.graphql"), atomically: true, encoding: .utf8)
        let valid = try await SQLGen.run(["validate", "--schema", "schema.json", "ok.graphql"], in: directory)
        #expect(valid.status == 0)
        let invalid = try await SQLGen.run(["validate", "--schema", "schema.json", "bad.graphql"], in: directory)
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("bad.graphql:1:17: error: Cannot query field \"nam\" on type \"Dog\". Did you mean \"name\"?"))
        try "{".write(to: directory.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let broken = try await SQLGen.run(["validate", "--schema", "broken.json", "ok.graphql"], in: directory)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("broken.json: error: Invalid introspection result"))
    }

    @Test func helpListsValidate() async throws {
        let result = try await SQLGen.run(["--help"])
        #expect(result.stdout.contains("validate"))
    }
}
