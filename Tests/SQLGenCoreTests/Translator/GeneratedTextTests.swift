import Testing
import SQLGenLanguage
import SQLGenSchema
@testable import SQLGenCore

/// Byte-level helpers of the generator: raw string delimiters and description lines.
@Suite struct GeneratedTextTests {
    @Test(arguments: [
        ("query Q { a }", "#"),
        ("a \"b\" c", "#"),
        ("x\"#y", "##"),
        ("x\\##y \"#", "###"),
        ("# ## ### no quote before", "#"),
        ("\"\"\"#", "##"),
    ])
    func rawStringDelimiter(value: String, hashes: String) {
        #expect(SwiftLiteral.multiline(value) == hashes + "\"\"\"\n" + value + "\n\"\"\"" + hashes)
    }

    @Test func descriptionLines() throws {
        let schema = try Parser.parse(Source("type Query { \"first\\r\\nsecond\\n\\nfourth é\" a: Int }"))
        let built = SchemaBuilder.build(documents: [schema])
        let context = BuildContext(schema: built.schema, scalars: SwiftScalarTypes(), tableKeys: TableKeys(schema: built.schema, model: nil), fragments: [:])
        let description = built.schema.queryType?.fields.first?.description
        #expect(context.lines(description) == ["first", "second", "", "fourth é"])
        #expect(context.lines(nil) == [])
        #expect(context.lines("") == [])
    }
}
