import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// The name-keyed table behind the schema model's lookups, in both of its modes (a scan while
/// small, hashed beyond `linearLimit`), and the schema-building shortcuts that rely on it.
@Suite struct NameTableTests {
    private static func table(_ names: [String]) -> NameTable<Named<Int>> {
        NameTable(keying: names.indices.map { Named(name: names[$0], value: $0) })
    }

    @Test(arguments: [3, 8, 9, 100, 5000])
    func findsEveryNameAndNothingElse(count: Int) {
        let names = (0..<count).map { "name\($0)_\(String(repeating: "x", count: $0 % 23))" }
        let keyed = Self.table(names)
        #expect(keyed.count == count)
        for (position, name) in names.enumerated() {
            #expect(keyed.position(of: name) == position)
        }
        #expect(keyed.position(of: "missing") == nil)
        #expect(keyed.position(of: "") == nil)
        #expect(keyed.position(of: names[0] + "x") == nil)
    }

    @Test(arguments: [4, 40])
    func repeatedNameKeepsFirstPositionAndLastElement(count: Int) {
        var names = (0..<count).map { "f\($0)" }
        names.append("f1")
        names.append("f\(count - 1)")
        let keyed = Self.table(names)
        #expect(keyed.count == count)
        #expect(keyed.position(of: "f1") == 1)
        #expect(keyed["f1"]?.value == count)
        #expect(keyed["f\(count - 1)"]?.value == count + 1)
        #expect(keyed.elements.map(\.name) == (0..<count).map { "f\($0)" })
    }

    @Test func insertGrowsFromScanToHashing() {
        var table = NameTable<Named<Int>>()
        for index in 0..<200 {
            #expect(table.insert(Named(name: "type\(index)", value: index)) == nil)
        }
        #expect(table.insert(Named(name: "type7", value: -1)) == 7)
        #expect(table["type7"]?.value == 7)
        #expect(table["type199"]?.value == 199)
        #expect(table.contains("type200") == false)
        // Non-ASCII and long names hash and compare by their UTF-8 bytes.
        #expect(table.insert(Named(name: "café", value: 1)) == nil)
        #expect(table.position(of: "cafe\u{301}") == nil)
        #expect(table.position(of: "café") == 200)
    }

    @Test func typeOrderMatchesAWalkOfTheBuiltTypes() throws {
        let sdl = """
        type Query { a: Thing b(flag: Boolean, id: ID): String }
        type Thing { n: Int meta: __Type name: String }
        input In { f: Float }
        """
        let document = try Parser.parse(Source(sdl))
        let built = SchemaBuilder.build(documents: [document]).schema
        // The same types without the references noted while building: the collector walks them.
        let walked = Schema(queryTypeName: "Query", types: built.typeNames.compactMap { name in
            guard let type = built.type(named: name), !type.isIntrospectionType, !type.isSpecifiedScalar else { return nil }
            return type
        }, directives: built.directives)
        #expect(built.typeNames == walked.typeNames)
        #expect(built.typeNames.prefix(8) == ["Query", "String", "Boolean", "ID", "Thing", "Int", "__Type", "__TypeKind"])
    }
}
