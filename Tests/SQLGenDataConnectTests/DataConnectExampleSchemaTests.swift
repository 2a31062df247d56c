// Every example project's schema expands without errors into a document the schema builder accepts.

import Testing
import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

@Suite struct DataConnectExampleSchemaTests {
    /// Projects with a `schema/` folder whose schema has tables (codelab-dataconnect-web is a TODO-only start state).
    static let projects = [
        "codelab-dataconnect-ios", "data-connect-ios-sdk-friendlyflix", "data-connect-ios-sdk-kitchensink", "data-connect-ios-sdk-template",
        "quickstart-android", "quickstart-js", "quickstart-js-2024-generated",
    ]

    @Test(arguments: projects) func expandsWithoutErrors(project: String) throws {
        let schema = try DataConnectFixtures.schema(of: project)
        #expect(DataConnectDialect.isDataConnectSchema(schema))
        let expansion = DataConnectDialect.expand(schema)
        #expect(expansion.errors.map(\.message) == [])
        #expect(SchemaBuilder.build(documents: [expansion.document]).errors.map(\.message) == [])
    }

    @Test func preludeParsesAndIsSelfContained() throws {
        #expect(DataConnectDialect.preludeParseError == nil)
        let prelude = try Parser.parse(Source(DataConnectDialect.preludeSDL, name: "prelude"))
        #expect(prelude.definitions.count == DataConnectDialect.preludeDocument.definitions.count)
        #expect(prelude.definitions.count > 100)
        #expect(SchemaBuilder.build(documents: [prelude]).errors.map(\.message) == [])
    }

    @Test func expandedSchemaPrintsAndParsesBack() throws {
        let expansion = DataConnectDialect.expand(try DataConnectFixtures.schema(of: "data-connect-ios-sdk-friendlyflix"))
        let printed = Printer.print(expansion.document)
        let reparsed = try Parser.parse(Source(printed, name: "printed"))
        #expect(SchemaShape([reparsed]).differences(from: SchemaShape([expansion.document])) == [])
        #expect(reparsed.definitions.count == expansion.document.definitions.count)
    }

    @Test func buildSchemaReportsExpansionAndBuildErrors() throws {
        let good = DataConnectDialect.buildSchema(try DataConnectFixtures.schema(of: "data-connect-ios-sdk-template"))
        #expect(good.errors.isEmpty)
        #expect(good.schema.queryTypeName == "Query")
        let bad = DataConnectDialect.buildSchema([try Parser.parse(Source("type A @table(key: \"nope\") { x: Int! y: Missing }"))])
        #expect(bad.errors.map(\.message).prefix(2) == [
            "Key field \"nope\" is not a field of \"A\".",
            "Field \"A.y\" has type \"Missing\", which is neither a column type nor a @table type.",
        ])
        #expect(bad.errors.contains { $0.message == "Unknown type \"Missing\"." })
    }

    @Test func emptyInputYieldsThePreludeOnly() {
        let expansion = DataConnectDialect.expand([])
        #expect(expansion.errors.isEmpty)
        #expect(expansion.document.definitions.count == DataConnectDialect.preludeDocument.definitions.count)
    }
}
