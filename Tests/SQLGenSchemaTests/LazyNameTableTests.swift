import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// The tables of a type's fields and enum values, whose hash index is built on the first lookup:
/// keying as graphql-js does, and first lookups from many threads at once.
@Suite struct LazyNameTableTests {
    private static func fields(_ names: [String]) -> [GraphQLField] {
        names.map { GraphQLField(name: $0, type: .named("String")) }
    }

    @Test(arguments: [1, 5, 8, 9, 64, 3000])
    func findsEveryNameAndNothingElse(count: Int) {
        let names = (0..<count).map { "field\($0)_\(String(repeating: "y", count: $0 % 19))" }
        let type = GraphQLObjectType(name: "T", fields: Self.fields(names))
        #expect(type.fields.map(\.name) == names)
        for name in names {
            #expect(type.field(named: name)?.name == name)
        }
        #expect(type.field(named: "missing") == nil)
        #expect(type.field(named: names[0] + "y") == nil)
    }

    @Test(arguments: [3, 8, 9, 200])
    func repeatedNameKeepsFirstPositionAndLastDefinition(count: Int) {
        var names = (0..<count).map { "v\($0)" }
        names += ["v1", "v\(count - 1)"]
        let values = names.indices.map { GraphQLEnumValue(name: names[$0], description: "\($0)") }
        let type = GraphQLEnumType(name: "E", values: values)
        #expect(type.values.map(\.name) == (0..<count).map { "v\($0)" })
        #expect(type.value(named: "v1")?.description == "\(count)")
        #expect(type.values[1].description == "\(count)")
        #expect(type.value(named: "v\(count - 1)")?.description == "\(count + 1)")
    }

    @Test func repeatedFieldInSDLIsKeyedWhenBuiltAssumedValid() throws {
        let sdl = "type Query { " + (0..<20).map { "f\($0): Int" }.joined(separator: " ") + " f3: String }"
        let schema = SchemaBuilder.build(documents: [try Parser.parse(Source(sdl))], options: SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)).schema
        let query = try #require(schema.queryType)
        #expect(query.fields.count == 20)
        #expect(query.fields[3].type == .named("String"))
        #expect(query.field(named: "f3")?.type == .named("String"))
    }

    @Test func concurrentFirstLookupsAllFindTheirFields() async {
        let names = (0..<500).map { "name\($0)" }
        for _ in 0..<20 {
            let type = GraphQLObjectType(name: "T", fields: Self.fields(names))
            let found = await withTaskGroup(of: Int.self) { group -> Int in
                for task in 0..<8 {
                    group.addTask {
                        var found = 0
                        for offset in names.indices {
                            let name = names[(offset + task * 61) % names.count]
                            if type.field(named: name)?.name == name { found += 1 }
                        }
                        return found
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(found == 8 * names.count)
        }
    }
}
