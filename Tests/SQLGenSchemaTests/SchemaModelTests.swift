import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// Lookups and relations on a built schema: the API validation and generation rely on.
@Suite struct SchemaModelTests {
    static let sdl = """
    interface Node { id: ID! }
    interface Named implements Node { id: ID! name: String }
    type User implements Node & Named { id: ID! name: String friends(first: Int = 10): [User!]! }
    type Post implements Node { id: ID! title: String @deprecated(reason: "use name") }
    union SearchResult = User | Post
    enum Role { ADMIN GUEST @deprecated }
    input Filter @oneOf { byId: ID byName: String }
    type Query { node(id: ID!): Node search(filter: Filter): [SearchResult] }
    type Mutation { touch: Boolean }
    """

    @Test func typeRefHelpers() {
        let ref = GraphQLTypeRef.nonNull(.list(.nonNull(.named("User"))))
        #expect(ref.description == "[User!]!")
        #expect(ref.namedTypeName == "User")
        #expect(ref.isNonNull)
        #expect(ref.isList)
        #expect(ref.nullable == .list(.nonNull(.named("User"))))
        #expect(ref.listElement == .nonNull(.named("User")))
        #expect(GraphQLTypeRef.named("Int").nonNullWrapped == .nonNull(.named("Int")))
        #expect(GraphQLTypeRef.named("Int").listElement == nil)
    }

    @Test func typeRefFromAST() throws {
        let ast = try Parser.parseType(Source("[Int!]"))
        #expect(GraphQLTypeRef(ast) == .list(.nonNull(.named("Int"))))
    }

    @Test func rootsAndLookups() throws {
        let schema = try buildSchema(Self.sdl)
        #expect(schema.queryType?.name == "Query")
        #expect(schema.mutationType?.name == "Mutation")
        #expect(schema.subscriptionType == nil)
        #expect(schema.rootType(for: .mutation)?.name == "Mutation")
        #expect(schema.type(named: "Role")?.kind == .enumType)
        #expect(schema.enumType(named: "Role")?.value(named: "GUEST")?.deprecationReason == "No longer supported")
        #expect(schema.inputObjectType(named: "Filter")?.isOneOf == true)
        let friends = schema.objectType(named: "User")?.field(named: "friends")
        #expect(friends?.type == .nonNull(.list(.nonNull(.named("User")))))
        #expect(friends?.argument(named: "first")?.defaultValue.map(Printer.print) == "10")
        #expect(schema.objectType(named: "Post")?.field(named: "title")?.deprecationReason == "use name")
        #expect(schema.directive(named: "include") != nil)
        #expect(schema.directive(named: "defer") == nil)
    }

    @Test func metaFields() throws {
        let schema = try buildSchema(Self.sdl)
        guard let query = schema.type(named: "Query"), let user = schema.type(named: "User"),
              let union = schema.type(named: "SearchResult"), let role = schema.type(named: "Role") else {
            Issue.record("types missing")
            return
        }
        #expect(schema.field(named: "__typename", on: union)?.type == .nonNull(.named("String")))
        #expect(schema.field(named: "__schema", on: query)?.type == .nonNull(.named("__Schema")))
        #expect(schema.field(named: "__type", on: query)?.argument(named: "name") != nil)
        #expect(schema.field(named: "__schema", on: user) == nil)
        #expect(schema.field(named: "__typename", on: role) == nil)
        #expect(schema.field(named: "name", on: user)?.type == .named("String"))
        #expect(schema.field(named: "types", onTypeNamed: "__Schema") != nil)
    }

    @Test func abstractTypes() throws {
        let schema = try buildSchema(Self.sdl)
        guard let node = schema.type(named: "Node"), let named = schema.type(named: "Named"),
              schema.type(named: "User") != nil, let post = schema.type(named: "Post"),
              let union = schema.type(named: "SearchResult") else {
            Issue.record("types missing")
            return
        }
        #expect(schema.possibleTypes(of: node).map(\.name) == ["User", "Post"])
        #expect(schema.possibleTypes(of: named).map(\.name) == ["User"])
        #expect(schema.possibleTypes(of: union).map(\.name) == ["User", "Post"])
        #expect(schema.implementations(of: "Node").interfaces.map(\.name) == ["Named"])
        #expect(schema.isSubType(abstract: node, maybeSub: named))
        #expect(schema.isSubType(abstract: union, maybeSub: post))
        #expect(!schema.isSubType(abstract: named, maybeSub: post))
        #expect(schema.isPossibleType("User", of: "SearchResult"))
        #expect(TypeComparators.doTypesOverlap(schema, named, union))
        #expect(!TypeComparators.doTypesOverlap(schema, post, named))
        #expect(TypeComparators.doTypesOverlap(schema, node, post))
    }

    @Test func subTypeRelation() throws {
        let schema = try buildSchema(Self.sdl)
        #expect(TypeComparators.isTypeSubTypeOf(schema, .nonNull(.named("User")), .named("Node")))
        #expect(TypeComparators.isTypeSubTypeOf(schema, .list(.nonNull(.named("User"))), .list(.named("Named"))))
        #expect(!TypeComparators.isTypeSubTypeOf(schema, .named("User"), .nonNull(.named("User"))))
        #expect(!TypeComparators.isTypeSubTypeOf(schema, .named("Post"), .named("Named")))
        #expect(!TypeComparators.isTypeSubTypeOf(schema, .list(.named("User")), .named("Node")))
    }

    @Test func builtInScalarsOnlyWhenReferenced() throws {
        let schema = try buildSchema("type Query { a: ID }")
        #expect(schema.type(named: "ID") != nil)
        #expect(schema.type(named: "Int") == nil)
        #expect(schema.type(named: "Float") == nil)
        // Introspection needs these two.
        #expect(schema.type(named: "String") != nil)
        #expect(schema.type(named: "Boolean") != nil)
        #expect(schema.type(named: "__Type") != nil)
    }

    @Test func deferAndStreamOnRequest() throws {
        let schema = try buildSchema("type Query { a: ID }", options: SchemaBuildOptions(includeDeferStreamDirectives: true))
        #expect(schema.directive(named: "stream")?.argument(named: "initialCount")?.type == .nonNull(.named("Int")))
        #expect(schema.directive(named: "defer")?.locations == [.fragmentSpread, .inlineFragment])
        #expect(schema.type(named: "Int") != nil)
    }

    @Test func suggestions() {
        #expect(Suggestions.list("Usr", options: ["User", "U", "Query", "Users"]) == ["User", "U", "Users"])
        #expect(Suggestions.didYouMean(["a", "b", "c", "d", "e", "f"]) == " Did you mean \"a\", \"b\", \"c\", \"d\", or \"e\"?")
        #expect(Suggestions.didYouMean(["x", "y"], subMessage: "the enum value") == " Did you mean the enum value \"x\" or \"y\"?")
        #expect(Suggestions.didYouMean([]) == "")
        #expect(Suggestions.naturalCompare("f2", "f10") < 0)
    }
}

/// `InputLiteralValidator` used directly (as operation validation may).
@Suite struct SchemaInputLiteralTests {
    static let schema: Schema? = try? buildSchema("""
    type Query { f(a: In): Int }
    input In { n: Int! list: [Color!] nested: In }
    enum Color { RED GREEN }
    """)

    static func problems(_ literal: String, _ type: GraphQLTypeRef) throws -> [String] {
        let schema = try #require(Self.schema)
        let value = try Parser.parseValue(Source(literal))
        return InputLiteralValidator.validate(value, type: type, schema: schema).map { "\($0.printedPath)|\($0.message)" }
    }

    @Test func acceptsValidLiterals() throws {
        #expect(try Self.problems("{n: 1, list: [RED], nested: {n: 2}}", .named("In")).isEmpty)
        #expect(try Self.problems("RED", .list(.named("Color"))).isEmpty)
        #expect(try Self.problems("$anything", .nonNull(.named("In"))).isEmpty)
        #expect(try Self.problems("null", .named("In")).isEmpty)
    }

    @Test func reportsNestedProblemsWithPaths() throws {
        let nestedProblems = try Self.problems("{n: 1, list: [RED, BLUE], nested: {}}", .named("In"))
        #expect(nestedProblems == [
            ".list[1]|Value \"BLUE\" does not exist in \"Color\" enum.",
            ".nested|Expected value of type \"In\" to include required field \"n\", found: {  }.",
        ])
        #expect(try Self.problems("{n: 2147483648}", .named("In")) == [".n|Int cannot represent non 32-bit signed integer value: 2147483648"])
        #expect(try Self.problems("null", .nonNull(.named("Color"))) == ["|Expected value of non-null type \"Color!\" not to be null."])
    }
}

/// The built-in definitions against graphql-core's own printout of them.
@Suite struct SchemaBuiltInDefinitionsTests {
    @Test func introspectionTypesMatchGraphQLCore() throws {
        let printed = Introspection.types.map(SchemaPrinter.printType).joined(separator: "\n\n")
        #expect(printed == (try SchemaFixtures.text("oracle/introspection-types.graphql")))
    }

    @Test func specifiedDirectivesMatchGraphQLCore() throws {
        // graphql-core also allows @deprecated on DIRECTIVE_DEFINITION (experimental directives on
        // directive definitions), a location the AST's `DirectiveLocation` does not have.
        let expected = try SchemaFixtures.text("oracle/specified-directives.graphql")
            .replacingOccurrences(of: " | DIRECTIVE_DEFINITION", with: "")
        #expect(BuiltInDirectives.specified.map(SchemaPrinter.printDirective).joined(separator: "\n\n") == expected)
    }
}
