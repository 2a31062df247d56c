import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// The tables of a type's fields and enum values, whose hash index is built on the first lookup
/// (and, built from SDL, whose list of model values is made on first use): keying as graphql-js
/// does, and first uses from many threads at once.
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

    /// A schema of `types` object types with 40 fields each (one argument on every fourth),
    /// built from SDL with its rules.
    private static func sdlSchema(types: Int) throws -> Schema {
        var sdl = "type Query { t0: T0 }\n"
        for type in 0..<types {
            let fields = (0..<40).map { field in
                field % 4 == 0 ? "  f\(field)(a\(field): Int = \(field)): String" : "  f\(field): Int!"
            }
            sdl += "type T\(type) {\n" + fields.joined(separator: "\n") + "\n}\n"
        }
        let result = SchemaBuilder.build(documents: [try Parser.parse(Source(sdl))])
        #expect(result.errors.isEmpty)
        return result.schema
    }

    @Test func concurrentFirstUsesOfSDLFieldsAllAgree() async throws {
        let schema = try Self.sdlSchema(types: 30)
        let counts = await withTaskGroup(of: [Int].self) { group -> [[Int]] in
            for task in 0..<8 {
                group.addTask {
                    var seen: [Int] = []
                    for offset in 0..<30 {
                        guard let type = schema.objectType(named: "T\((offset + task * 7) % 30)") else { continue }
                        // Half the tasks list the fields first, half look one up first.
                        if task % 2 == 0 { seen.append(type.fields.count) }
                        let found = (0..<40).filter { type.field(named: "f\($0)")?.name == "f\($0)" }.count
                        seen.append(found + type.fields.count)
                    }
                    return seen
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for seen in counts { #expect(seen.allSatisfy { $0 == 40 || $0 == 80 }) }
    }

    @Test func sdlFieldsReadTheirPartsFromTheirDefinitions() throws {
        let sdl = """
        type Query {
          "The answer."
          answer(
            "How precise." precision: Int = 2 @deprecated(reason: "Guess.")
          ): Float @deprecated
          plain: String
        }
        enum Mood { "Good." HAPPY SAD @deprecated(reason: "Cheer up.") }
        input Filter { "Exact." eq: String = "x" }
        """
        let schema = SchemaBuilder.build(documents: [try Parser.parse(Source(sdl))]).schema
        let query = try #require(schema.queryType)
        let answer = try #require(query.field(named: "answer"))
        #expect(answer.description == "The answer.")
        #expect(answer.deprecationReason == "No longer supported")
        #expect(answer.astNode?.name.value == "answer")
        let precision = try #require(answer.argument(named: "precision"))
        #expect(precision.description == "How precise.")
        #expect(precision.deprecationReason == "Guess.")
        #expect(precision.defaultValue != nil)
        #expect(!precision.isRequired)
        let plain = try #require(query.fields.last)
        #expect(plain.name == "plain" && plain.description == nil && plain.directives.isEmpty && !plain.isDeprecated)
        guard case .enumType(let mood)? = schema.type(named: "Mood") else { Issue.record("no enum Mood"); return }
        #expect(mood.values.map(\.name) == ["HAPPY", "SAD"])
        #expect(mood.value(named: "HAPPY")?.description == "Good.")
        #expect(mood.value(named: "SAD")?.deprecationReason == "Cheer up.")
        guard case .inputObject(let filter)? = schema.type(named: "Filter") else { Issue.record("no input Filter"); return }
        #expect(filter.field(named: "eq")?.description == "Exact.")
        #expect(filter.fields.map(\.name) == ["eq"])
    }

    @Test func publicInitializersKeepWhatTheyAreGiven() {
        let plain = GraphQLField(name: "plain", type: .named("Int"))
        #expect(plain.name == "plain" && plain.description == nil && plain.directives.isEmpty && plain.deprecationReason == nil && plain.astNode == nil)
        let given = GraphQLInputValue(name: "limit", description: "At most.", type: .named("Int"), defaultValue: .int("3", SourceRange(start: 0, end: 0)), deprecationReason: "Old.")
        #expect(given.description == "At most." && given.deprecationReason == "Old." && given.defaultValue != nil)
        let value = GraphQLEnumValue(name: "ON", description: "Lit.")
        #expect(value.name == "ON" && value.description == "Lit.")
    }

    /// Distinct names that share their length and first, middle and last bytes (the cheap
    /// fingerprint the repetition check starts with), so the check must fall back to hashing.
    private static func lookalikeNames(_ count: Int) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { number in
            let a = letters[number % 26], b = letters[(number / 26) % 26], c = letters[(number / 676) % 26]
            return "f\(a)\(b)m\(c)xz"
        }
    }

    @Test(arguments: [false, true])
    func lookalikeNamesAreTellApartAndARepeatIsFound(repeatOne: Bool) throws {
        let names = Self.lookalikeNames(2000)
        #expect(Set(names).count == names.count)
        var fields = names.map { "\($0): Int" }
        if repeatOne { fields.append("\(names[7]): String") }
        let sdl = "type Query { " + fields.joined(separator: " ") + " }"
        let schema = SchemaBuilder.build(documents: [try Parser.parse(Source(sdl))], options: SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)).schema
        let query = try #require(schema.queryType)
        #expect(query.fields.map(\.name) == names)
        #expect(query.field(named: names[7])?.type == .named(repeatOne ? "String" : "Int"))
        // The same through the public initializer.
        let built = GraphQLObjectType(name: "T", fields: (names + (repeatOne ? [names[7]] : [])).map { GraphQLField(name: $0, type: .named("Int")) })
        #expect(built.fields.count == names.count)
    }
}
