import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// The `kind: "sdl"` cases of the corpus's validation cases: every SDL rule at once against the
/// case's existing schema, compared with graphql-core's `validate_sdl` (messages and locations).
@Suite struct SchemaSDLRulesTests {
    struct Case: Sendable, CustomStringConvertible {
        let id: String
        let rule: String
        let schemaSDL: String?
        let document: String
        let expected: [String]
        var description: String { "\(id) \(rule)" }
    }

    static let cases: [Case] = {
        guard let root = try? SchemaFixtures.json("sdl-validation-cases.json") as? [String: Any],
              let schemas = root["schemas"] as? [String: String],
              let cases = root["cases"] as? [[String: Any]] else { return [] }
        return cases.map { item in
            Case(id: item["id"] as? String ?? "", rule: item["rule"] as? String ?? "",
                 schemaSDL: (item["schema"] as? String).flatMap { schemas[$0] },
                 document: item["document"] as? String ?? "",
                 expected: describeExpected(item["expected_all_rules_errors"]))
        }
    }()

    @Test func allThirteenCasesLoaded() {
        #expect(Self.cases.count == 13)
    }

    @Test(arguments: cases)
    func matchesGraphQLCore(_ testCase: Case) throws {
        var existing: Schema?
        if let schemaSDL = testCase.schemaSDL {
            let document = try Parser.parse(Source(schemaSDL, name: "existing", id: SourceID(1)))
            existing = SchemaBuilder.build(documents: [document], options: SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)).schema
        }
        let source = Source(testCase.document, name: "case.graphql")
        let document = try Parser.parse(source)
        let errors = SDLValidator.validate(documents: [document], existingSchema: existing)
        #expect(describe(errors, in: [source]) == testCase.expected)
    }
}
