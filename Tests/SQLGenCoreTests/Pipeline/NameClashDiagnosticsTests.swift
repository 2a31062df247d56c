import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenCore

/// Names a generated package would declare twice are errors at the names, before anything is
/// written: the package would not compile, or would lose a file where case is ignored.
@Suite struct NameClashDiagnosticsTests {
    private func generate(schema: String, queries: String) throws -> [String] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("dataconnect.yaml", "specVersion: v1\nserviceId: s\nlocation: l\nschema: {source: ./schema}\nconnectorDirs: [./connector]\n")
        try folder.write("connector/connector.yaml", "connectorId: shop\ngenerate:\n  swiftSdk: {outputDir: ../out, package: Shop}\n")
        try folder.write("schema/schema.gql", schema)
        try folder.write("connector/queries.gql", queries)
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/dataconnect.yaml", write: true)
        #expect(outcome.diagnostics.isEmpty == FileManager.default.fileExists(atPath: folder.path + "/out"), "written only without errors")
        return outcome.diagnostics.filter { $0.severity == .error }.map { diagnostic in
            let place = diagnostic.location.map { "\(($0.line, $0.column))" } ?? "-"
            return "\(diagnostic.file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "-") \(place) \(diagnostic.message)"
        }
    }

    @Test func operationsThatDifferOnlyInCaseOrUnderscores() throws {
        let messages = try generate(schema: "type Item @table { name: String! }",
                                    queries: "query getItem { items { name } }\nquery GetItem { items { name } }\nquery list_items { items { name } }\nquery listItems { items { name } }\n")
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.first?.hasPrefix("queries.gql (1, 7) Operations \"getItem\" and \"GetItem\" differ only in case or underscores") == true, "\(messages)")
        #expect(messages.last?.hasPrefix("queries.gql (3, 7) Operations \"list_items\" and \"listItems\"") == true, "\(messages)")
    }

    @Test func schemaTypesNamedLikeTheClassesAndKeysOfTheConnector() throws {
        let schema = """
            type Item @table { name: String!, kind: ListItemsQuery }
            enum ListItemsQuery { A }
            enum ItemKey { B }
            input ShopConnector { c: Int }
            """
        let messages = try generate(schema: schema, queries: "query listItems { items { name kind } }\n")
        #expect(messages == [
            "queries.gql (1, 7) The query \"listItems\" and the schema's enum \"ListItemsQuery\" would both be the Swift type \"ListItemsQuery\": rename the query.",
            "schema.gql (3, 6) The schema's enum \"ItemKey\" and the key struct of the table \"Item\" would both be the Swift type \"ItemKey\": rename the type.",
            "schema.gql (4, 7) The schema's input \"ShopConnector\" and the connector's class would both be the Swift type \"ShopConnector\": rename the type.",
        ])
    }

    @Test func aTypeNamedLikeAnotherOnesSwiftSpelling() throws {
        let messages = try generate(schema: "type Item @table { name: String!, a: Task, b: Task_ }\nenum Task { A }\nenum Task_ { B }",
                                    queries: "query listItems { items { name a b } }\n")
        #expect(messages == ["schema.gql (3, 6) The schema's enum \"Task_\" and its enum \"Task\", which Swift spells \"Task_\" since Swift has a \"Task\", "
                             + "would both be the Swift type \"Task_\": rename one of them."])
    }

    @Test func namesSwiftUsesAreSpelledApartInsteadOfRefused() throws {
        let messages = try generate(schema: "type Item @table { name: String!, kind: Result }\nenum Result { OK }\nenum Data { D }",
                                    queries: "query listItems { items { name kind } }\n")
        #expect(messages.isEmpty, "\(messages)")
    }

    /// Two connectors whose SDKs share a folder would overwrite each other's files.
    @Test func twoSDKsInOneFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("dataconnect.yaml", "specVersion: v1\nserviceId: s\nlocation: l\nschema: {source: ./schema}\nconnectorDirs: [./one, ./two]\n")
        try folder.write("schema/schema.gql", "type Item @table { name: String! }")
        for (name, package) in [("one", "SDK"), ("two", "sdk")] {
            try folder.write("\(name)/connector.yaml", "connectorId: \(name)\ngenerate:\n  swiftSdk: {outputDir: ../gen, package: \(package)}\n")
            try folder.write("\(name)/queries.gql", "query \(name) { items { name } }\n")
        }
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/dataconnect.yaml", write: true)
        #expect(outcome.diagnostics.map(\.message) == [
            "this Swift SDK and the one of connector 'one' (\(folder.path)/one/connector.yaml:3) would both be written to \(folder.path)/gen/sdk: give each its own outputDir or package",
        ])
        #expect(outcome.diagnostics.first?.location == SourceLocation(line: 3, column: 13))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/gen"))
    }

    /// An AEM persisted query takes its name from its file, so the file name must make one.
    @Test func aemQueriesNamedAfterFilesThatCannotNameThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let wknd = GeneratedPackageReferenceTests.connectors.appendingPathComponent("wknd").resolvingSymlinksInPath()
        for part in ["schema", "queries"] {
            // The fixture's files are links into another fixture: their text is copied.
            for file in try FileManager.default.contentsOfDirectory(atPath: wknd.appendingPathComponent(part).path) {
                try folder.write("wknd/\(part)/\(file)", try String(contentsOf: wknd.appendingPathComponent("\(part)/\(file)"), encoding: .utf8))
            }
        }
        try folder.write("wknd/connector.yaml", "connectorId: wknd\nsqlgen:\n  backend: aem\n  aem: {configuration: wknd-shared}\n  schema: schema\n  operations: [queries]\n")
        let query = try String(contentsOf: wknd.appendingPathComponent("queries/adventures-all.graphql"), encoding: .utf8)
        for name in ["1-first", "two words", "--"] { try folder.write("wknd/queries/\(name).graphql", query) }
        let outcome = GeneratorPipeline.run(configPath: folder.path + "/wknd/connector.yaml", write: false)
        let files = outcome.diagnostics.filter { $0.severity == .error }.compactMap { $0.file.map { URL(fileURLWithPath: $0).lastPathComponent } }
        #expect(files.sorted() == ["--.graphql", "1-first.graphql", "two words.graphql"], "\(outcome.diagnostics)")
        #expect(outcome.diagnostics.first?.message.hasPrefix("An AEM persisted query is named after its file, and \"--\" cannot name one") == true)
    }
}
