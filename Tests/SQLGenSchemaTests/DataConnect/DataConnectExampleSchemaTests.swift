// Every example project's schema expands without errors into a document the schema builder accepts.

import Testing
import SQLGenLanguage
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

    @Test func emptyInputYieldsThePreludeOnly() {
        let expansion = DataConnectDialect.expand([])
        #expect(expansion.errors.isEmpty)
        #expect(expansion.document.definitions.count == DataConnectDialect.preludeDocument.definitions.count)
    }
}
