import Foundation
import SQLGenLanguage
import SQLGenSchema
import Testing

/// Schema walkers that follow type references, fed chains as long as the schema and cycles: they
/// report errors and never overflow the stack.
@Suite struct SchemaRecursionTests {
    private static let count = 100_000

    /// A ring of 100,000 input objects through non-null fields: one unbreakable cycle, reported
    /// by a walk that keeps its own stack.
    @Test func longInputObjectCycleIsReportedOnce() throws {
        var sdl = "type Query { f(a: I0): Int }\n"
        for index in 0..<Self.count { sdl += "input I\(index) { next: I\((index + 1) % Self.count)! }\n" }
        let (result, _) = try buildSchema([sdl])
        let cycles = result.errors.filter { $0.message.contains("cannot be provided a finite value") }
        #expect(cycles.count == 1)
        #expect(cycles.first?.message.hasPrefix("Input Object I0 cannot be provided a finite value because it references itself through fields: I0.next, I1.next,") == true)
    }

    @Test func shortInputObjectCyclesKeepTheirMessages() throws {
        let (result, _) = try buildSchema(["type Query { f(a: A): Int } input A { b: B! } input B { a: A! c: C! } input C { c: C! }"])
        #expect(result.errors.map(\.message) == [
            "Input Object A cannot be provided a finite value because it references itself through fields: A.b, B.a.",
            "Input Object C cannot be provided a finite value because it references itself through fields: C.c.",
        ])
    }

    /// An introspection type reference wrapped 100,000 times (refused by the JSON reader or by
    /// the builder's own limit).
    @Test func deeplyWrappedIntrospectionTypeIsAnError() throws {
        let wrapped = String(repeating: #"{"kind": "LIST", "name": null, "ofType": "#, count: Self.count) + #"{"kind": "SCALAR", "name": "Int"}"# + String(repeating: "}", count: Self.count)
        let json = #"{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "interfaces": [], "fields": [{"name": "f", "args": [], "type": "# + wrapped + "}]}], \"directives\": []}}"
        #expect(throws: GraphQLError.self) { try IntrospectionSchemaBuilder.build(json: Data(json.utf8)) }
        let deep = String(repeating: #"{"kind": "LIST", "name": null, "ofType": "#, count: 250) + #"{"kind": "SCALAR", "name": "Int"}"# + String(repeating: "}", count: 250)
        let limited = #"{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "interfaces": [], "fields": [{"name": "f", "args": [], "type": "# + deep + "}]}], \"directives\": []}}"
        #expect(throws: GraphQLError("Invalid introspection result: a type reference is wrapped more than 200 times.")) {
            try IntrospectionSchemaBuilder.build(json: Data(limited.utf8))
        }
    }
}
