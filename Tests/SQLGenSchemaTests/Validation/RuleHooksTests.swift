import SQLGenLanguage
@testable import SQLGenSchema
import Testing

/// The walker calls a rule only for the node kinds it declares in `hooks`; a missing kind would
/// silently drop errors. Every corpus case must give the same errors when every rule is called
/// for every node.
@Suite struct RuleHooksTests {
    private static let corpus = try? ValidationCorpus.load()

    @Test(arguments: ValidationCorpus.executableCases)
    func declaredHooksLoseNothing(_ testCase: ValidationCorpus.Case) throws {
        let corpus = try #require(Self.corpus)
        let schema = try ValidationHarness.buildSchema(corpus.schemas[testCase.schema ?? "harness"] ?? "")
        var options = ParseOptions()
        options.experimentalFragmentArguments = testCase.parse_options?.experimental_fragment_arguments ?? false
        let document = try Parser.parse(Source(testCase.document), options: options)
        let rules = specifiedRules + [.noDeprecatedCustom, .noSchemaIntrospectionCustom, .persistedOperationsNamed]
        let filtered = validate(schema: schema, document: document, rules: rules, maxErrors: 100, callingEveryRule: false)
        let everyRule = validate(schema: schema, document: document, rules: rules, maxErrors: 100, callingEveryRule: true)
        #expect(filtered == everyRule)
        #expect(!everyRule.isEmpty || testCase.expected_all_rules_errors.isEmpty)
    }
}
