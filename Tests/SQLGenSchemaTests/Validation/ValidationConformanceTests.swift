import Foundation
import SQLGenLanguage
import SQLGenSchema
import Testing

/// The 48 executable cases of graphql-core's validation tests: each rule alone, then the whole
/// default rule set, with the same messages (modulo quote style), locations and order.
@Suite struct ValidationConformanceTests {
    private static let corpus = try? ValidationCorpus.load()
    private static let schemas: [String: Schema] = {
        var result: [String: Schema] = [:]
        for (id, sdl) in corpus?.schemas ?? [:] {
            result[id] = try? ValidationHarness.buildSchema(sdl)
        }
        return result
    }()

    @Test func corpusHasTheExecutableCases() {
        #expect(ValidationCorpus.executableCases.count == 48)
    }

    @Test(arguments: ValidationCorpus.executableCases)
    func ruleAlone(_ testCase: ValidationCorpus.Case) throws {
        let schema = try #require(Self.schemas[testCase.schema ?? "harness"])
        let rule = try #require(ValidationRule.named(testCase.rule), "unknown rule \(testCase.rule)")
        let actual = try ValidationHarness.validate(testCase.document, schema: schema, rules: [rule], options: options(testCase))
        #expect(actual == testCase.expected_rule_errors.map(\.rendered))
    }

    @Test(arguments: ValidationCorpus.executableCases)
    func allSpecifiedRules(_ testCase: ValidationCorpus.Case) throws {
        let schema = try #require(Self.schemas[testCase.schema ?? "harness"])
        let actual = try ValidationHarness.validate(testCase.document, schema: schema, options: options(testCase))
        #expect(actual == testCase.expected_all_rules_errors.map(\.rendered))
    }

    private func options(_ testCase: ValidationCorpus.Case) -> ParseOptions {
        var options = ParseOptions()
        options.experimentalFragmentArguments = testCase.parse_options?.experimental_fragment_arguments ?? false
        return options
    }
}
