import SQLGenLanguage
@testable import SQLGenSchema
import Testing

/// NoDirectiveDefinitionCyclesRule skips its graph when no cycle can close (from what the SDL
/// walker saw applied); over every placement of one or two directive applications in a small
/// schema, validation reports what the full search does.
@Suite struct DirectiveCycleShortcutTests {
    /// Where an application can stand: on a directive definition, its argument, a scalar, an
    /// enum, an enum value, an input object, an input field, an object field, a directive's
    /// extension.
    static let places = ["defA", "argA", "scalar", "enum", "value", "input", "field", "object", "extC"]
    /// `@a` and `@b` lead to types; `@c` takes a built-in scalar alone.
    static let applied = ["a", "b", "c"]

    static func document(_ placements: [(place: String, directive: String)]) -> String {
        func at(_ place: String) -> String {
            placements.filter { $0.place == place }.map { " @" + $0.directive }.joined()
        }
        return """
        directive @a(x: In\(at("argA")))\(at("defA")) on ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM | ENUM_VALUE | SCALAR | INPUT_OBJECT | FIELD_DEFINITION
        directive @b(y: En) on ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM | ENUM_VALUE | SCALAR | INPUT_OBJECT | FIELD_DEFINITION
        directive @c(z: Int) on ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM | ENUM_VALUE | SCALAR | INPUT_OBJECT | FIELD_DEFINITION
        input In\(at("input")) { f: String\(at("field")) s: S }
        enum En\(at("enum")) { V\(at("value")) }
        scalar S\(at("scalar"))
        type Query { q: String\(at("object")) }
        """ + (at("extC").isEmpty ? "" : "\nextend directive @c" + at("extC"))
    }

    static var placements: [[(place: String, directive: String)]] {
        let singles = places.flatMap { place in applied.map { (place: place, directive: $0) } }
        return singles.map { [$0] } + singles.flatMap { first in singles.map { [first, $0] } }
    }

    /// A directive defined nowhere can still close a cycle through its extension.
    @Test func anExtensionOfAnUndefinedDirectiveIsSearched() throws {
        let document = try Parser.parse(Source("extend directive @x @x\ntype Query { q: String }", name: "sdl.graphql", id: SourceID(1)))
        let found = SDLValidator.validate(documents: [document]).filter { $0.rule == NoDirectiveDefinitionCyclesRule.name }
        let full = NoDirectiveDefinitionCyclesRule.errors(in: document.definitions, extending: nil, appliedAtInputPositions: [], shortcuts: false)
        #expect(!full.isEmpty)
        #expect(found.map(\.message) == full.map(\.message))
    }

    @Test func theShortcutAgreesWithTheFullSearch() throws {
        var cycles = 0
        for placement in Self.placements {
            let sdl = Self.document(placement)
            let document = try Parser.parse(Source(sdl, name: "sdl.graphql", id: SourceID(1)))
            let shortcut = SDLValidator.validate(documents: [document]).filter { $0.rule == NoDirectiveDefinitionCyclesRule.name }.map(\.message)
            let full = NoDirectiveDefinitionCyclesRule.errors(in: document.definitions, extending: nil, appliedAtInputPositions: [], shortcuts: false)
                .map(\.message)
            #expect(shortcut == full, "\(sdl)")
            cycles += full.isEmpty ? 0 : 1
        }
        // Both kinds occur: the comparison is not between empty lists only.
        #expect(cycles > 50 && cycles < Self.placements.count)
    }
}
