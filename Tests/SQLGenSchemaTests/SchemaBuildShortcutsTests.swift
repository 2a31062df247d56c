import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// The shortcuts schema building takes for speed: the built-in name test and the shared `T!`
/// boxes must give the same answers as the plain way.
@Suite struct SchemaBuildShortcutsTests {
    @Test func catalogPositionMatchesTheCatalogOrder() {
        let catalog = BuiltInScalars.all.map(\.name) + Introspection.types.map(\.name)
        for (position, name) in catalog.enumerated() {
            #expect(TypeCollector.catalogPosition(name) == position, "\(name)")
        }
        for name in ["", "S", "Strin", "Strings", "string", "Int8", "IDs", "I", "Floaty", "Bool", "_", "__Types", "__schema", "Query", "DateTime"] {
            #expect(TypeCollector.catalogPosition(name) == nil, "\(name)")
        }
    }

    @Test func nonNullCacheGivesTheRequestedReferenceEvenOnSlotCollisions() {
        var cache = NonNullCache()
        // Many names, some sharing length and first and last bytes (same slot), asked repeatedly.
        let names = ["ID", "IZD", "String", "Shring", "Sxring", "A", "", "URI", "Boolean", "BxxxxxN", "DateTime", "VeryLongTypeNameBeyondFifteenBytes", "VeryLongTypeNameBeyondFifteenBytes"]
        for _ in 0..<3 {
            for name in names {
                #expect(cache.nonNull(name) == .nonNull(.named(name)))
            }
        }
    }

    @Test func builtFieldTypesKeepTheirShapes() throws {
        let schema = try buildSchema("""
        type Query { a: ID! b: [ID!]! c: ID d: [[String!]]! e(x: ID!, y: [ID!], z: String!): String! f: ID! }
        """)
        let query = try #require(schema.queryType)
        let types = query.fields.map(\.type.description)
        #expect(types == ["ID!", "[ID!]!", "ID", "[[String!]]!", "String!", "ID!"])
        #expect(query.field(named: "e")?.arguments.map(\.type.description) == ["ID!", "[ID!]", "String!"])
    }

    @Test(arguments: [0, 5, 9, 300])
    func reservedNameTableFindsWhatItHolds(count: Int) {
        var table = NameTable<Named<Int>>()
        table.reserveCapacity(count)
        for index in 0..<count {
            #expect(table.insert(Named(name: "type\(index)", value: index)) == nil)
        }
        // Beyond the reservation it still grows.
        #expect(table.insert(Named(name: "extra", value: -1)) == nil)
        #expect(table.insert(Named(name: "type0", value: 99)) == (count > 0 ? 0 : nil))
        for index in 0..<count {
            #expect(table.position(of: "type\(index)") == index)
        }
        #expect(table.position(of: "extra") == count)
        #expect(table.position(of: "missing") == nil)
    }
}
