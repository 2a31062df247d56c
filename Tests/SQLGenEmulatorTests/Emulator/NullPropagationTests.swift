import Foundation
import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

/// Field errors, `@check` failures and aborted steps null the nearest nullable parent (spec §6.4.4).
@Suite("Emulator: null propagation")
struct NullPropagationTests {
    static func engine() async throws -> EmulatorEngine { try await ExecutorSemanticsTests.engine() }

    static func run(_ engine: EmulatorEngine, _ query: String) async throws -> (Int, JSONValue) {
        try await ExecutorSemanticsTests.run(engine, query)
    }

    @Test("a failed @check on a non-null field nulls up to the nearest nullable parent")
    func checkOnNonNullField() async throws {
        let engine = try await Self.engine()
        // `movies: [Movie!]!` and `title: String!`: nothing nullable above the check, so data is null.
        let (_, json) = try await Self.run(engine, #"{ movies(limit: 2) { title @check(expr: "false", message: "no") } }"#)
        #expect(json["data"] == .null, "\(json.jsonText)")
        #expect(json["errors", 0, "message"] == .string("no"))
        #expect(json["errors", 0, "path", 0] == .string("movies"))
    }

    @Test("a failed @check on a nullable field nulls only that field")
    func checkOnNullableField() async throws {
        let engine = try await Self.engine()
        let (_, json) = try await Self.run(engine, #"{ movies(limit: 2, orderBy: [{title: ASC}]) { title releaseYear @check(expr: "false", message: "no") } }"#)
        let movies = try #require(json["data", "movies"]?.arrayValue, "\(json.jsonText)")
        #expect(movies.count == 2)
        #expect(movies.allSatisfy { $0["releaseYear"] == .null && $0["title"]?.stringValue != nil })
        #expect(json["errors"]?.arrayValue?.count == 2)
        #expect(json["errors", 1, "path"] == .array([.string("movies"), .int(1), .string("releaseYear")]))
    }

    @Test("a nullable lookup with a failed @check becomes null; the other root fields of a query still answer")
    func checkOnNullableRoot() async throws {
        let engine = try await Self.engine()
        let (_, json) = try await Self.run(engine, """
        { movie(id: "550e8400e29b41d4a716446655440000") @check(expr: "false", message: "no") { title } }
        """)
        #expect(json["data"] == .object([JSONMember("movie", .null)]), "\(json.jsonText)")
    }

    @Test("a non-null step aborted after a failed @check nulls data")
    func abortedNonNullStep() async throws {
        let engine = try await Self.engine()
        let (_, json) = try await Self.run(engine, """
        mutation {
          query { movie(id: "550e8400e29b41d4a716446655440000") @check(expr: "false", message: "no") { title } }
          actor_insert(data: {id: "11111111111111111111111111111111", imageUrl: "x", name: "Ann"})
        }
        """)
        // `actor_insert` returns `Actor_KeyOutput!`: its "(aborted)" error reaches data.
        #expect(json["data"] == .null, "\(json.jsonText)")
        #expect(json["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } == ["no", "(aborted)"])
    }
}
