import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// Building from introspection results (graphql-js `buildClientSchema`).
@Suite struct SchemaIntrospectionTests {
    static let minimal = """
    {"__schema": {"queryType": {"name": "Q"}, "mutationType": null, "subscriptionType": null,
      "types": [
        {"kind": "OBJECT", "name": "Q", "description": "root", "fields": [
          {"name": "f", "description": null, "args": [
             {"name": "n", "description": null, "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "Int", "ofType": null}}, "defaultValue": "3"},
             {"name": "o", "description": null, "type": {"kind": "INPUT_OBJECT", "name": "In", "ofType": null}, "defaultValue": "{a: [\\"x\\", \\"\\\\u00e9\\"]}"}
           ], "type": {"kind": "LIST", "name": null, "ofType": {"kind": "ENUM", "name": "E", "ofType": null}}, "isDeprecated": true, "deprecationReason": "old"}
        ], "interfaces": []},
        {"kind": "ENUM", "name": "E", "enumValues": [{"name": "A", "isDeprecated": false, "deprecationReason": null}]},
        {"kind": "INPUT_OBJECT", "name": "In", "inputFields": [{"name": "a", "type": {"kind": "LIST", "name": null, "ofType": {"kind": "SCALAR", "name": "String", "ofType": null}}, "defaultValue": null}], "isOneOf": false},
        {"kind": "SCALAR", "name": "Int"}, {"kind": "SCALAR", "name": "String"}
      ],
      "directives": []}}
    """

    @Test func buildsAndPrints() throws {
        let result = try IntrospectionSchemaBuilder.build(json: Data(Self.minimal.utf8))
        #expect(result.errors.isEmpty)
        #expect(SchemaPrinter.printSchema(result.schema) == """
        schema {
          query: Q
        }

        \"""root\"""
        type Q {
          f(n: Int! = 3, o: In = { a: ["x", "é"] }): [E] @deprecated(reason: "old")
        }

        enum E {
          A
        }

        input In {
          a: [String]
        }
        """)
    }

    @Test func acceptsTheDataWrapper() throws {
        let wrapped = "{\"data\": " + Self.minimal + "}"
        let result = try IntrospectionSchemaBuilder.build(json: Data(wrapped.utf8))
        #expect(result.schema.queryTypeName == "Q")
    }

    @Test func rejectsMalformedInput() {
        #expect(throws: GraphQLError.self) { try IntrospectionSchemaBuilder.build(json: Data("[1]".utf8)) }
        #expect(throws: GraphQLError.self) { try IntrospectionSchemaBuilder.build(json: Data("{\"data\": {}}".utf8)) }
        #expect(throws: GraphQLError.self) { try IntrospectionSchemaBuilder.build(json: Data("not json".utf8)) }
        let badType = #"{"__schema": {"types": [{"kind": "OBJECT", "name": "Q"}]}}"#
        #expect(throws: GraphQLError.self) { try IntrospectionSchemaBuilder.build(json: Data(badType.utf8)) }
    }

    @Test func reportsTypeSystemErrors() throws {
        let json = #"{"__schema": {"queryType": null, "types": [{"kind": "OBJECT", "name": "Q", "fields": [], "interfaces": []}], "directives": []}}"#
        let result = try IntrospectionSchemaBuilder.build(json: Data(json.utf8))
        #expect(result.errors.map(\.message) == ["Query root type must be provided.", "Type Q must define one or more fields."])
    }
}
