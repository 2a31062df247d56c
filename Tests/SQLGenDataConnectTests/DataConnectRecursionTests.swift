import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema
import Testing

/// The table analysis follows key references from table to table: chains as long as the schema
/// and cycles are errors, never a stack overflow.
@Suite struct DataConnectRecursionTests {
    private static let count = 100_000

    /// Keys made of references to the next table's key, 100,000 long, and keys that refer back
    /// to themselves: errors, and a key never exceeds PostgreSQL's 32 columns.
    @Test func chainsAndCyclesOfKeyReferencesAreErrors() throws {
        var sdl = ""
        for index in 0..<Self.count - 1 { sdl += "type T\(index) @table(key: \"next\") { next: T\(index + 1)! }\n" }
        sdl += "type T\(Self.count - 1) @table { name: String }\n"
        sdl += "type A @table(key: \"b\") { b: B! }\ntype B @table(key: \"a\") { a: A! }\n"
        let expansion = DataConnectDialect.expand([try Parser.parse(Source(sdl))])
        let messages = expansion.errors.map(\.message)
        #expect(messages.filter { $0.contains("is reached through more than 32 references in other keys") }.count == 1)
        #expect(messages.contains { $0.hasSuffix("refers back to itself through references.") })
        #expect(messages.count < 10)
    }

    @Test func fanOfCompositeKeysIsCappedAtThirtyTwoColumns() throws {
        var sdl = "type L0 @table { x: String }\n"
        for level in 1...8 { sdl += "type L\(level) @table(key: [\"a\", \"b\"]) { a: L\(level - 1)! b: L\(level - 1)! }\n" }
        let tables = DataConnectModel(documents: [try Parser.parse(Source(sdl))]).tables
        #expect(tables.allSatisfy { $0.keyColumns.count <= 32 })
        let expansion = DataConnectDialect.expand([try Parser.parse(Source(sdl))])
        #expect(expansion.errors.contains { $0.message.contains("has more than 32 columns") })
    }
}
