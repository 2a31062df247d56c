// The GraphiQL endpoint, AEM's (graphql-java's) error wording, the schema and ETags. Sources:
// - graphql-java/graphql-java src/main/java/graphql/validation/ValidationError.java (mkMessage: `Validation error of type %s: %s%s`, ` @ '%s'` joined by `/`)
// - graphql-java/graphql-java src/main/java/graphql/validation/rules/FieldsOnCorrectType.java, ScalarLeafs.java, KnownArgumentNames.java,
//   ProvidedNonNullArguments.java, NoUndefinedVariables.java, KnownDirectives.java, VariableTypesMatchRule.java (descriptions)
// - graphql-java/graphql-java src/main/java/graphql/execution/NonNullableValueCoercedAsNullException.java (missing required variable)
// - WKND sample app code matching AEM's `Validation error of type FieldUndefined: Field 'adventureList' in type 'QueryType' is undefined @ 'adventureList'`
//   (public GitHub text search; the index does not name its repository)
// - AdobeDocs/experience-manager-cloud-service.en help/headless/graphql-api/graphiql-ide.md (GraphiQL posts to the endpoint)
import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("AEM endpoint")
struct AEMEndpointTests {
    static let endpoint = "/content/_cq_graphql/wknd-shared/endpoint.json"

    static func post(_ harness: AEMHarness, _ query: String) async throws -> AEMHarness.Reply {
        let body = JSONValue.object([JSONMember("query", .string(query))]).serialized()
        return try await harness.request("POST", endpoint, body: String(decoding: body, as: UTF8.self))
    }

    @Test("introspection answers AEM's schema, so GraphiQL's query works")
    func introspection() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let reply = try await Self.post(harness, Self.graphiQLQuery)
        #expect(reply.status == 200)
        #expect(reply.json?["errors"] == nil)
        let schema = reply.json?["data"]?["__schema"]
        #expect(schema?["queryType"]?["name"] == .string("QueryType"))
        #expect(schema?["mutationType"] == .null)
        let types = schema?["types"]?.strings("name") ?? []
        #expect(types.contains("AdventureModel") && types.contains("MultiFormatString") && types.contains("__Schema"))
        let type = try await Self.post(harness, #"{ __type(name: "AdventureModel") { kind fields { name type { name kind } } } }"#)
        #expect(type.json?["data"]?["__type"]?["kind"] == .string("OBJECT"))
        #expect(type.json?["data"]?["__type"]?["fields"]?.strings("name").contains("slug") == true)
        let missing = try await Self.post(harness, #"{ __type(name: "Nope") { name } }"#)
        #expect(missing.json?["data"]?["__type"] == .null)
    }

    @Test("validation errors read as graphql-java words them, with the field path")
    func validationWording() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let undefined = try await Self.post(harness, "{ adventureList2 { items { _path } } }")
        #expect(undefined.status == 200)
        let error = undefined.json?["errors"]?.arrayValue?.first
        #expect(error?["message"] == .string("Validation error of type FieldUndefined: Field 'adventureList2' in type 'QueryType' is undefined @ 'adventureList2'"))
        #expect(error?["locations"] == .array([.object([JSONMember("line", .int(1)), JSONMember("column", .int(3))])]))
        #expect(error?["extensions"]?["classification"] == .string("ValidationError"))
        #expect(undefined.json?["data"] == nil)
        let cases: [(String, String)] = [
            ("{ adventureList { items { nope } } }", "FieldUndefined: Field 'nope' in type 'AdventureModel' is undefined @ 'adventureList/items/nope'"),
            ("{ adventureList(nope: 1) { items { _path } } }", "UnknownArgument: Unknown field argument nope @ 'adventureList'"),
            ("{ adventureByPath { item { _path } } }", "MissingFieldArgument: Missing field argument _path @ 'adventureByPath'"),
            ("{ adventureList }", "SubSelectionRequired: Sub selection required for type AdventureModelResults! of field adventureList @ 'adventureList'"),
            ("{ adventureList { items { slug { x } } } }", "SubSelectionNotAllowed: Sub selection not allowed on leaf type String of field slug @ 'adventureList/items/slug'"),
            ("query { adventureByPath(_path: $p) { item { _path } } }", "UndefinedVariable: Undefined variable p @ 'adventureByPath'"),
            ("{ adventureList @nope { items { _path } } }", "UnknownDirective: Unknown directive nope @ 'adventureList'"),
        ]
        for (query, expected) in cases {
            let reply = try await Self.post(harness, query)
            #expect(reply.json?["errors"]?.arrayValue?.first?["message"] == .string("Validation error of type " + expected), "\(query)")
        }
    }

    @Test("syntax errors name the offending token; a missing required variable is graphql-java's null coercion")
    func syntaxAndVariables() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let syntax = try await Self.post(harness, "{\n  \"data\" }")
        let error = syntax.json?["errors"]?.arrayValue?.first
        #expect(error?["message"] == .string("Invalid Syntax : offending token '\"data\"' at line 2 column 3"))
        #expect(error?["extensions"]?["classification"] == .string("InvalidSyntax"))
        let eof = try await Self.post(harness, "{ adventureList { items { _path }")
        #expect(eof.json?["errors"]?.arrayValue?.first?["message"] == .string("Invalid Syntax : offending token '<EOF>' at line 1 column 34"))
        let missing = try await harness.run("adventure-by-slug")
        #expect(missing.status == 200)
        let variable = missing.json?["errors"]?.arrayValue?.first
        #expect(variable?["message"] == .string("Variable 'slug' has coerced Null value for NonNull type 'String!'"))
        #expect(variable?["extensions"]?["classification"] == .string("ValidationError"))
    }

    @Test("/schema.graphql serves the expanded AEM schema")
    func schemaDocument() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let reply = try await harness.request("GET", "/schema.graphql")
        #expect(reply.status == 200)
        #expect(reply.text == (await harness.engine.schemaSDL))
        #expect(reply.text.contains("type QueryType"))
    }

    @Test("persisted-query GETs carry an ETag; If-None-Match answers 304 with AEM's cache headers")
    func entityTags() async throws {
        let harness = try await AEMHarness()
        defer { Task { await harness.shutdown() } }
        let first = try await harness.run("adventures-all")
        let tag = try #require(first.headers["etag"])
        #expect(first.headers["cache-control"] == "max-age=60")
        let again = try await harness.run("adventures-all", headers: ["If-None-Match": tag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.headers["etag"] == tag)
        #expect(again.headers["cache-control"] == "max-age=60")
        #expect(again.headers["surrogate-control"]?.hasPrefix("max-age=7200") == true)
        let other = try await harness.run("adventures-all", ";limit=1", headers: ["If-None-Match": tag])
        #expect(other.status == 200)
        #expect(other.headers["etag"] != tag)
        let posted = try await harness.request("POST", "/graphql/execute.json/wknd-shared/adventures-all", body: "{}")
        #expect(posted.headers["etag"] == nil)
    }

    /// GraphiQL's introspection query (graphql-js `getIntrospectionQuery()`, descriptions on).
    static let graphiQLQuery = """
    query IntrospectionQuery {
      __schema {
        queryType { name } mutationType { name } subscriptionType { name }
        types { ...FullType }
        directives { name description locations args { ...InputValue } }
      }
    }
    fragment FullType on __Type {
      kind name description
      fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
      inputFields { ...InputValue }
      interfaces { ...TypeRef }
      enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
      possibleTypes { ...TypeRef }
    }
    fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
    fragment TypeRef on __Type {
      kind name
      ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
    }
    """
}
