import Foundation
import Testing
import SQLGenLanguage
import SQLGenSchema
@testable import SQLGenCore

/// Inputs that break naive generators: Swift keywords as names, deeply nested fragments,
/// GraphQL-over-HTTP connectors, custom scalars.
@Suite struct GeneratorEdgeCaseTests {
    static func connector(schema: String, operations: String, settings: SDKSettings = SDKSettings(), backend: SQLGenSettings.Backend = .dataconnect) throws -> ConnectorIR {
        let schemaDocument = try Parser.parse(Source(schema, name: "schema.graphql"))
        let built = SchemaBuilder.build(documents: [schemaDocument])
        #expect(built.errors.isEmpty, "\(built.errors)")
        let validated = try ValidatedOperations.validate(parsing: [Source(operations, name: "ops.graphql", id: SourceID(1))], schema: built.schema, rules: specifiedRules)
        let info = IRBuilder.ConnectorInfo(connectorID: "edge", packageName: "EdgeSDK", settings: settings, backend: backend)
        return IRBuilder(schema: built.schema).build(info, operations: validated)
    }

    @Test func swiftKeywordsAreEscaped() throws {
        let ir = try Self.connector(
            schema: "type Query { default(in: String): Thing } type Thing { self: String, Type: Int, protocol: Boolean }",
            operations: "query q($in: String) { default(in: $in) { self Type protocol } }")
        let file = SDKTranslator(connector: ir).files().first { $0.path == "Sources/Operations/Operations.swift" }?.contents ?? ""
        #expect(file.contains("public var `default`: Thing?"), "\(file)")
        #expect(file.contains("public var `self`: String?"))
        #expect(file.contains("public var `Type`: Int?"))
        #expect(file.contains("@OptionalVariable public var `in`: String?"))
    }

    /// Fragments nested 60 deep, each spread twice: a generator that re-merges every spread at
    /// every level would take 2^60 steps; merging by response key keeps it linear.
    @Test func deeplyNestedFragmentsGenerateInLinearTime() throws {
        var fragments = ""
        for level in 0..<60 {
            fragments += "fragment F\(level) on Node { id child { ...F\(level + 1) ...F\(level + 1) } }\n"
        }
        fragments += "fragment F60 on Node { id }\n"
        let started = Date()
        let ir = try Self.connector(
            schema: "type Query { root: Node } type Node { id: ID, child: Node }",
            operations: "query deep { root { ...F0 ...F0 } }\n" + fragments)
        let files = SDKTranslator(connector: ir).files()
        #expect(Date().timeIntervalSince(started) < 5)
        let file = files.first { $0.path == "Sources/Operations/Operations.swift" }?.contents ?? ""
        #expect(file.components(separatedBy: "public struct Node").count - 1 == 61)
    }

    @Test func graphQLBackendDefaultsToTheEndpointAndCustomScalarsImportTheirModule() throws {
        var settings = SDKSettings()
        settings.extraImports = ["MyJSON"]
        var ir = try Self.connector(
            schema: "scalar JSON type Query { config: JSON }",
            operations: "query config { config }",
            settings: settings, backend: .graphql)
        ir.endpoint = "https://parse.example.com/graphql"
        let files = SDKTranslator(connector: ir).files()
        let client = files.first { $0.path == "Sources/EdgeClient.swift" }?.contents ?? ""
        #expect(client.contains("public static let endpoint: URL? = URL(string: \"https://parse.example.com/graphql\")"), "\(client)")
        #expect(client.contains("return GraphQLHTTPTransport(endpoint: endpoint)"))
        #expect(files.filter { $0.path.hasPrefix("Sources/") }.allSatisfy { $0.contents.contains("import MyJSON\n") })
    }
}
