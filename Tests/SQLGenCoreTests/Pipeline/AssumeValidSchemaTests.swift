import Foundation
import Testing
@testable import SQLGenCore

/// `sqlgen.assumeValidSchema`: a schema with type-system errors (like the public GitHub schema)
/// is refused by default and usable when the option is on; operations are still validated.
@Suite struct AssumeValidSchemaTests {
    /// `Node.id` is `ID!` but `User.id` is `String`: a type-system error (not an SDL error).
    static let schema = """
    interface Node { id: ID! }
    type User implements Node { id: String name: String }
    type Query { user(id: ID!): User }
    """

    static func project(assumeValid: Bool, operation: String = "query GetUser($id: ID!) { user(id: $id) { name } }\n") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("schema/schema.graphql", schema)
        try folder.write("ops/getUser.graphql", operation)
        try folder.write("connector.yaml", """
        connectorId: users
        generate:
          swiftSdk: {outputDir: out, package: UsersSDK}
        sqlgen:
          backend: graphql
          endpoint: http://localhost:4000/graphql
          operations: [ops]
          assumeValidSchema: \(assumeValid)
        """)
        return folder
    }

    static func errors(_ outcome: GeneratorPipeline.Outcome) -> [String] {
        outcome.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test func schemaErrorsAreReportedByDefault() throws {
        let folder = try Self.project(assumeValid: false)
        defer { folder.remove() }
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/connector.yaml", write: false)
        #expect(Self.errors(outcome) == ["Interface field Node.id expects type ID! but User.id is type String."])
        #expect(outcome.packages.isEmpty)
    }

    @Test func assumedValidSchemaGenerates() throws {
        let folder = try Self.project(assumeValid: true)
        defer { folder.remove() }
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/connector.yaml", write: false)
        #expect(Self.errors(outcome).isEmpty)
        #expect(outcome.operationCount == 1)
    }

    @Test func operationsAreStillValidated() throws {
        let folder = try Self.project(assumeValid: true, operation: "query GetUser { user(id: 1) { email } }\n")
        defer { folder.remove() }
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/connector.yaml", write: false)
        #expect(Self.errors(outcome) == ["Cannot query field \"email\" on type \"User\"."])
    }
}
