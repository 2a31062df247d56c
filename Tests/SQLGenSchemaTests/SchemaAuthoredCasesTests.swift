import Foundation
import Testing
import SQLGenLanguage
@testable import SQLGenSchema

/// Authored SDL covering printSchema details, every type-system rule and the SDL rules, with
/// graphql-core 3.3.2's results recorded in `Fixtures/schema/authored-cases.json`.
@Suite struct SchemaAuthoredCasesTests {
    struct Case: Sendable, CustomStringConvertible {
        let id: String
        let sdl: String
        let sdlErrors: [String]
        let schemaErrors: [String]?
        let printed: String?
        var description: String { id }
    }

    static let cases: [Case] = {
        guard let root = try? SchemaFixtures.json("authored-cases.json") as? [String: Any],
              let cases = root["cases"] as? [[String: Any]] else { return [] }
        return cases.map { item in
            Case(id: item["id"] as? String ?? "", sdl: item["sdl"] as? String ?? "",
                 sdlErrors: describeExpected(item["sdl_errors"]),
                 schemaErrors: item["schema_errors"].map(describeExpected),
                 printed: item["printed"] as? String)
        }
    }()

    @Test func casesLoaded() {
        #expect(Self.cases.count >= 20)
    }

    @Test(arguments: cases)
    func sdlRulesMatchGraphQLCore(_ testCase: Case) throws {
        let source = Source(testCase.sdl, name: "\(testCase.id).graphql")
        let document = try Parser.parse(source)
        #expect(describe(SDLValidator.validate(documents: [document]), in: [source]) == testCase.sdlErrors)
    }

    @Test(arguments: cases.filter { $0.schemaErrors != nil })
    func typeSystemRulesAndPrintingMatchGraphQLCore(_ testCase: Case) throws {
        let source = Source(testCase.sdl, name: "\(testCase.id).graphql")
        let document = try Parser.parse(source)
        let result = SchemaBuilder.build(documents: [document], options: SchemaBuildOptions(assumeValidSDL: true))
        #expect(describe(result.errors, in: [source]) == testCase.schemaErrors)
        #expect(SchemaPrinter.printSchema(result.schema) == testCase.printed)
    }
}
