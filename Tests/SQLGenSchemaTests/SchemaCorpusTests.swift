import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// Real schemas against graphql-core 3.3.2's `print_schema`, `validate_sdl` and `validate_schema`
/// (recorded in `Fixtures/schema/oracle/corpus-expectations.json`).
@Suite struct SchemaCorpusTests {
    static let sdlFiles = [
        "aem-wknd-2022.graphql", "github-apollo-ios.graphql", "github-bors-2021.graphql",
        "github-graphql-js-benchmark.graphql", "github-octokit.graphql", "saleor.graphql",
        "shopify-storefront-2026-04.graphql",
    ]

    static func expectation(_ name: String) throws -> [String: Any] {
        let all = try SchemaFixtures.json("oracle/corpus-expectations.json") as? [String: Any]
        return all?[name] as? [String: Any] ?? [:]
    }

    @Test(arguments: sdlFiles)
    func printsAndValidatesLikeGraphQLCore(_ name: String) throws {
        let expected = try Self.expectation(name)
        let text = try SchemaFixtures.text("corpus/" + name)
        let source = Source(text, name: name)
        let document = try Parser.parse(source)

        let sdlErrors = SDLValidator.validate(documents: [document])
        #expect(describe(sdlErrors, in: [source]) == describeExpected(expected["sdl_errors"]))

        let result = SchemaBuilder.build(documents: [document], options: SchemaBuildOptions(assumeValidSDL: true))
        #expect(describe(result.errors, in: [source]) == describeExpected(expected["schema_errors"]))

        let printed = SchemaPrinter.printSchema(result.schema)
        #expect(printed.utf8.count == expected["printed_length"] as? Int)
        #expect(fnv1a64(printed) == expected["printed_fnv1a64"] as? String)
        let printedFixture = SchemaFixtures.url("oracle/\(name).printed.graphql")
        if FileManager.default.fileExists(atPath: printedFixture.path) {
            #expect(printed == (try SchemaFixtures.text("oracle/\(name).printed.graphql")))
        }
    }

    @Test func aemIntrospectionPrintsLikeTheDerivedSDL() throws {
        let result = try IntrospectionSchemaBuilder.build(json: try SchemaFixtures.data("corpus/aem-schema-2022.json"))
        #expect(result.errors.isEmpty)
        #expect(SchemaPrinter.printSchema(result.schema) + "\n" == (try SchemaFixtures.text("corpus/aem-wknd-2022.graphql")))
        #expect(result.schema.queryTypeName == "QueryType")
    }

    @Test func octokitReportsFourteenErrorsAndStillBuilds() throws {
        let (result, _) = try buildSchema([try SchemaFixtures.text("corpus/github-octokit.graphql")])
        #expect(result.errors.count == 14)
        #expect(result.errors.filter { $0.rule == "UniqueFieldDefinitionNamesRule" }.count == 2)
        #expect(result.schema.objectType(named: "Repository") != nil)
    }

    @Test func shopifyReportsOneError() throws {
        let (result, _) = try buildSchema([try SchemaFixtures.text("corpus/shopify-storefront-2026-04.graphql")])
        #expect(result.errors.map(\.message) == ["Interface field Node.id is not deprecated, so implementation field MediaPresentation.id must not be deprecated."])
    }
}
