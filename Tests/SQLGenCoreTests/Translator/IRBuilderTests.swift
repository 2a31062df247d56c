import Testing
import SQLGenDataConnect
import SQLGenLanguage
import SQLGenSchema
@testable import SQLGenCore

@Suite struct IRBuilderTests {
    static let schemaText = """
    directive @table(key: [String!]) on OBJECT
    scalar UUID
    scalar Movie_KeyOutput
    enum AspectRatio { ACADEMY WIDESCREEN }
    type Movie @table { id: UUID! title: String! rating: Float aspectRatio: AspectRatio director: Person otherDirector: Person }
    type Person @table { id: UUID! name: String! }
    input Movie_Key { id: UUID! }
    input Movie_Filter { title: String _and: [Movie_Filter!] }
    type Query { movie(key: Movie_Key!): Movie movies(where: Movie_Filter, limit: Int): [Movie!]! search(text: String!): [SearchResult!]! }
    type Mutation { movie_insert(title: String!): Movie_KeyOutput! }
    union SearchResult = Movie | Person
    """

    static func build(_ operations: String) throws -> ConnectorIR {
        let schemaDocument = try Parser.parse(Source(schemaText, name: "schema.gql"))
        let result = SchemaBuilder.build(documents: [schemaDocument])
        #expect(result.errors.isEmpty, "\(result.errors)")
        let validated = try ValidatedOperations.validate(parsing: [Source(operations, name: "ops.gql", id: SourceID(1))], schema: result.schema, rules: specifiedRules)
        return IRBuilder(schema: result.schema, tables: DataConnectModel(documents: [schemaDocument])).build(IRBuilder.ConnectorInfo(connectorID: "movies", packageName: "MoviesSDK"), operations: validated)
    }

    @Test func mergesFragmentsAndDetectsKeys() throws {
        let ir = try Self.build("""
        query list($where: Movie_Filter) { movies(where: $where) { ...MovieParts title } }
        fragment MovieParts on Movie { id title aspectRatio }
        """)
        let operation = try #require(ir.operations.first)
        guard case .list(.selection(let movie)) = operation.data.fields.first?.type else {
            Issue.record("movies is not a list of selections")
            return
        }
        #expect(movie.fields.map(\.responseKey) == ["id", "title", "aspectRatio"])
        #expect(movie.key?.keyStruct == "MovieKey")
        #expect(ir.enums.map(\.name) == ["AspectRatio"])
        #expect(ir.inputObjects.map(\.name) == ["Movie_Filter"])
        #expect(operation.document.contains("fragment MovieParts on Movie"))
    }

    @Test func siblingStructsOfTheSameTypeDoNotCollide() throws {
        let ir = try Self.build("query two { movies { director { name } otherDirector { name } } }")
        guard case .list(.selection(let movie)) = ir.operations[0].data.fields[0].type else {
            Issue.record("unexpected shape")
            return
        }
        let names = movie.fields.compactMap { field -> String? in
            if case .optional(.selection(let nested)) = field.type { return nested.structName }
            return nil
        }
        #expect(names == ["PersonDirector", "PersonOtherDirector"])
        #expect(movie.key == nil, "id is not selected")
    }

    @Test func keyInputsAndOutputsBecomeKeyStructs() throws {
        let ir = try Self.build("""
        query one($key: Movie_Key!) { movie(key: $key) { id } }
        mutation add($title: String!) { movie_insert(title: $title) }
        """)
        let add = try #require(ir.operations.first { $0.name == "add" })
        #expect(add.data.fields.first?.type == .key(table: "Movie"))
        let one = try #require(ir.operations.first { $0.name == "one" })
        #expect(one.variables.first?.type == .key(table: "Movie"))
        #expect(ir.keys.map(\.structName) == ["MovieKey", "PersonKey"])
    }

    @Test func unionsGetTypeCasesAndTypename() throws {
        let ir = try Self.build("query s { search(text: \"x\") { ... on Movie { title } ... on Person { name } } }")
        guard case .list(.selection(let result)) = ir.operations[0].data.fields[0].type else {
            Issue.record("unexpected shape")
            return
        }
        #expect(result.fields.map(\.responseKey) == ["__typename"])
        #expect(result.typeCases.map(\.typeName) == ["Movie", "Person"])
        #expect(result.typeCases.map(\.selection.structName) == ["AsMovie", "AsPerson"])
    }
}
