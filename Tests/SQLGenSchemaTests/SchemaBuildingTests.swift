import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// Building from several SDL files, every `extend` form, and extending an existing schema.
@Suite struct SchemaBuildingTests {
    @Test func typesAndExtensionsAcrossFiles() throws {
        let (result, sources) = try buildSchema([
            "type Query { a: String }\ninterface Node { id: ID! }",
            "extend type Query implements Node @tag { id: ID! }\ndirective @tag repeatable on OBJECT | SCHEMA",
            "extend type Query @tag",
        ])
        #expect(result.errors.isEmpty)
        let query = result.schema.objectType(named: "Query")
        #expect(query?.fields.map(\.name) == ["a", "id"])
        #expect(query?.interfaces == ["Node"])
        #expect(query?.directives.count == 2)
        #expect(query?.extensionASTNodes.count == 2)
        // The definition's range points into the first file, the extension's into the second.
        #expect(query?.astNode?.range.source == sources[0].id)
        #expect(query?.field(named: "id")?.astNode?.range.source == sources[1].id)
    }

    @Test func everyExtensionKind() throws {
        let (result, _) = try buildSchema(["""
        scalar Date
        extend scalar Date @specifiedBy(url: "https://example.com")
        union U = A
        extend union U = B
        enum E { X }
        extend enum E { Y }
        input I { p: Int }
        extend input I @oneOf { q: Int }
        type A { a: Int } type B { b: Int }
        type Query { u: U e: E d: Date f(i: I): Int }
        extend schema { mutation: B }
        """])
        #expect(result.errors.isEmpty)
        let schema = result.schema
        guard case .scalar(let date)? = schema.type(named: "Date"), case .union(let union)? = schema.type(named: "U") else {
            Issue.record("types missing")
            return
        }
        #expect(date.specifiedByURL == "https://example.com")
        #expect(union.memberTypes == ["A", "B"])
        #expect(schema.enumType(named: "E")?.values.map(\.name) == ["X", "Y"])
        #expect(schema.inputObjectType(named: "I")?.fields.map(\.name) == ["p", "q"])
        #expect(schema.inputObjectType(named: "I")?.isOneOf == true)
        #expect(schema.queryTypeName == "Query")
        #expect(schema.mutationTypeName == "B")
    }

    @Test func conventionalRootNamesOnlyWithoutSchemaDefinition() throws {
        let conventional = try buildSchema("type Query { a: Int } type Mutation { b: Int } type Subscription { c: Int }")
        #expect(conventional.mutationTypeName == "Mutation")
        #expect(conventional.subscriptionTypeName == "Subscription")
        let explicit = try buildSchema("schema { query: Query } type Query { a: Int } type Mutation { b: Int }")
        #expect(explicit.mutationTypeName == nil)
    }

    @Test func redefinedBuiltInScalarIsTheBuiltIn() throws {
        let schema = try buildSchema("\"mine\" scalar String type Query { a: String }")
        #expect(schema.type(named: "String")?.description != "mine")
        #expect(!SchemaPrinter.printSchema(schema).contains("scalar String"))
    }

    @Test func extendExistingSchema() throws {
        let base = try buildSchema("type Query { a: Int } enum E { A }")
        let document = try Parser.parse(Source("extend type Query { b: E } extend enum E { B } type New { n: Int } directive @x on FIELD"))
        let result = SchemaBuilder.extend(base, with: [document])
        #expect(result.errors.isEmpty)
        #expect(result.schema.objectType(named: "Query")?.fields.map(\.name) == ["a", "b"])
        #expect(result.schema.enumType(named: "E")?.values.map(\.name) == ["A", "B"])
        #expect(result.schema.type(named: "New") != nil)
        #expect(result.schema.directive(named: "x") != nil)
        // The original is untouched.
        #expect(base.objectType(named: "Query")?.fields.count == 1)
    }

    @Test func extendingExistingFieldIsReported() throws {
        let base = try buildSchema("type Query { a: Int }")
        let source = Source("extend type Query { a: String }")
        let result = SchemaBuilder.extend(base, with: [try Parser.parse(source)])
        #expect(describe(result.errors, in: [source]) == ["Field \"Query.a\" already exists in the schema. It cannot also be defined in this type extension. @ 1:21"])
    }

    @Test func assumeValidSkipsChecks() throws {
        let sdl = "type Query { a: Int a: String } type Empty"
        let (checked, _) = try buildSchema([sdl])
        #expect(checked.errors.count == 2)
        let (unchecked, _) = try buildSchema([sdl], options: SchemaBuildOptions(assumeValidSDL: true, assumeValid: true))
        #expect(unchecked.errors.isEmpty)
        // The last definition of a repeated field wins, in the first one's position.
        #expect(unchecked.schema.objectType(named: "Query")?.field(named: "a")?.type == .named("String"))
    }

    @Test func executableDefinitionsAreIgnored() throws {
        let (result, _) = try buildSchema(["type Query { a: Int } query Q { a }"])
        #expect(result.errors.isEmpty)
        #expect(result.schema.queryType?.fields.count == 1)
    }

    @Test func loaderReportsSyntaxErrorsWithoutBuilding() {
        let sources = [Source("type Query { a: Int }", name: "a.graphql", id: SourceID(0)), Source("type {", name: "b.graphql", id: SourceID(1))]
        let result = SchemaLoader.build(sources: sources)
        #expect(result.schema == nil)
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.ranges.first?.source == SourceID(1))
    }
}
