import Foundation
import SQLGenEmulator
import SQLGenJSON
import Testing

/// `/graphql` as the GraphQL over HTTP spec has it: parameter types, `Accept` negotiation with
/// quality values, the status of request errors per media type, and `Allow` on a 405.
@Suite("Emulator: GraphQL over HTTP")
struct GraphQLOverHTTPTests {
    static func emulator() async throws -> EmulatorHarness {
        try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
    }

    @Test("a mutation over GET is 405 with Allow: POST, ad hoc and persisted")
    func mutationOverGet() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let adHoc = try await emulator.request("GET", "/graphql?query=mutation%7B__typename%7D")
        #expect(adHoc.status == 405)
        #expect(adHoc.headers["allow"] == "POST")
        let persisted = try await emulator.request("GET", "/graphql/execute.json/movies/createMovie")
        #expect(persisted.status == 405)
        #expect(persisted.headers["allow"] == "POST")
    }

    @Test("an empty operationName is no name; a non-string one, or non-object variables or extensions, is 400")
    func parameterTypes() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let empty = try await emulator.request("POST", "/graphql", body: #"{"query": "{ __typename }", "operationName": ""}"#)
        #expect(empty.json?["data", "__typename"] == .string("Query"), "\(empty.text)")
        for body in [#"{"query": "{ __typename }", "operationName": 5}"#, #"{"query": "{ __typename }", "extensions": 5}"#,
                     #"{"query": "{ __typename }", "variables": [1]}"#, #"{"query": 5}"#] {
            let reply = try await emulator.request("POST", "/graphql", body: body)
            #expect(reply.status == 400, "\(body): \(reply.text)")
            #expect(reply.json?["data"] == nil)
        }
        let getExtensions = try await emulator.request("GET", "/graphql?query=%7B__typename%7D&extensions=5")
        #expect(getExtensions.status == 400)
    }

    @Test("Accept quality values choose the media type; request errors are 200 only under application/json")
    func acceptAndStatus() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let invalid = #"{"query": "{ nope }"}"#
        let preferred = try await emulator.request("POST", "/graphql", body: invalid,
                                                   headers: ["Accept": "application/json;q=0.5, application/graphql-response+json;q=0.9"])
        #expect(preferred.headers["content-type"]?.hasPrefix("application/graphql-response+json") == true)
        #expect(preferred.status == 400)
        let json = try await emulator.request("POST", "/graphql", body: invalid,
                                              headers: ["Accept": "application/graphql-response+json;q=0.1, application/json"])
        #expect(json.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(json.status == 200)
        #expect(json.json?["errors", 0, "message"] == .string("Cannot query field \"nope\" on type \"Query\"."))
        let missingVariable = try await emulator.request("POST", "/graphql", body: #"{"query": "query($x: Int!) { movies(limit: $x) { title } }"}"#)
        #expect(missingVariable.status == 200)
        #expect(missingVariable.json?["errors", 0, "locations", 0] == .object([JSONMember("line", .int(1)), JSONMember("column", .int(7))]))
    }

    @Test("a null variable in @include(if:) or @skip(if:) is a field error on the object collected, not false")
    func nullDirectiveCondition() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let query = JSONValue.string("query($v: Boolean = true) { movies(limit: 1) { title @include(if: $v) } }").jsonText
        let reply = try await emulator.request("POST", "/graphql", body: "{\"query\": \(query), \"variables\": {\"v\": null}}")
        #expect(reply.json?["errors", 0, "message"] == .string("Argument \"if\" of non-null type \"Boolean!\" must not be null."), "\(reply.text)")
        #expect(reply.json?["errors", 0, "path"] == .array([.string("movies"), .int(0)]))
        #expect(reply.json?["errors", 0, "locations", 0, "column"] == .int(67))
        // `movies: [Movie!]!`: the null reaches data.
        #expect(reply.json?["data"] == .null)
        let root = JSONValue.string("query($v: Boolean = true) { __typename @skip(if: $v) }").jsonText
        let rootReply = try await emulator.request("POST", "/graphql", body: "{\"query\": \(root), \"variables\": {\"v\": null}}")
        #expect(rootReply.json?["data"] == .null && rootReply.json?["errors", 0, "path"] == nil, "\(rootReply.text)")
    }

    @Test("An argument's coercion error points at its value (here the variable), as graphql-js")
    func argumentErrorLocations() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let query = JSONValue.string(#"query($d: Boolean = false) { __type(name: "AspectRatio") { enumValues(includeDeprecated: $d) { name } } }"#).jsonText
        let reply = try await emulator.request("POST", "/graphql", body: "{\"query\": \(query), \"variables\": {\"d\": null}}")
        #expect(reply.json?["errors", 0, "message"] == .string("Argument \"includeDeprecated\" of non-null type \"Boolean!\" must not be null."), "\(reply.text)")
        #expect(reply.json?["errors", 0, "locations", 0] == .object([JSONMember("line", .int(1)), JSONMember("column", .int(90))]), "\(reply.text)")
    }
}
