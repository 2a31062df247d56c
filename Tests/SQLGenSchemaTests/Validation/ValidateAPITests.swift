import SQLGenLanguage
import SQLGenSchema
import Testing

/// The `validate` entry points: error limit, several documents, rule selection.
@Suite struct ValidateAPITests {
    private let schema: Schema

    init() throws {
        schema = try #require(ValidationHarness.harnessSchema)
    }

    @Test func validDocumentHasNoErrors() throws {
        let errors = try ValidationHarness.validate("query Q($id: ID) { human(id: $id) { name pets { name } } }", schema: schema)
        #expect(errors.isEmpty)
    }

    @Test func stopsAfterOneHundredErrorsWithGraphQLJSMessage() throws {
        let fields = (0..<150).map { "unknown\($0)" }.joined(separator: " ")
        let errors = try ValidationHarness.validate("{ \(fields) }", schema: schema)
        #expect(errors.count == 101)
        #expect(errors.last == "Too many validation errors, error limit reached. Validation aborted. @ ")
        #expect(errors[99].hasPrefix("Cannot query field \"unknown99\" on type \"QueryRoot\"."))
    }

    @Test func maxErrorsIsConfigurable() throws {
        let document = try Parser.parse(Source("{ a b c d }"))
        let errors = validate(schema: schema, document: document, maxErrors: 2)
        #expect(errors.map(\.message) == [
            "Cannot query field \"a\" on type \"QueryRoot\".",
            "Cannot query field \"b\" on type \"QueryRoot\".",
            "Too many validation errors, error limit reached. Validation aborted.",
        ])
    }

    @Test func errorsCarryTheirRuleName() throws {
        let document = try Parser.parse(Source("{ dog { nope } }"))
        let errors = validate(schema: schema, document: document)
        #expect(errors.map(\.rule) == ["FieldsOnCorrectTypeRule"])
    }

    @Test func documentsValidatedTogetherShareFragmentsAndKeepSourceIDs() throws {
        let first = Source("query A { dog { ...DogName } }", name: "a.graphql", id: SourceID(1))
        let second = Source("fragment DogName on Dog { name }\nquery A { cat { name } }", name: "b.graphql", id: SourceID(2))
        let documents = [try Parser.parse(first), try Parser.parse(second)]
        let errors = validate(schema: schema, documents: documents)
        #expect(errors.map(\.message) == ["There can be only one operation named \"A\"."])
        let ranges = try #require(errors.first?.ranges)
        #expect(ranges.map(\.source) == [SourceID(1), SourceID(2)])
        #expect(errors[0].locations(in: [first, second]) == [SourceLocation(line: 1, column: 7), SourceLocation(line: 2, column: 7)])
    }

    @Test func persistedRuleRequiresOperationNames() throws {
        let errors = try ValidationHarness.validate("{ dog { name } }", schema: schema, rules: persistedOperationRules)
        #expect(errors.count == 1)
        #expect(errors[0].hasPrefix("Persisted operations must be named"))
        #expect(errors[0].hasSuffix("@ 1:1"))
        #expect(try ValidationHarness.validate("query Dog { dog { name } }", schema: schema, rules: persistedOperationRules).isEmpty)
    }

    @Test("Persisted operations refuse aliases that start with __ (generated structs keep __record and __shape)")
    func persistedRuleRefusesReservedAliases() throws {
        let errors = try ValidationHarness.validate("query Dog { dog { __record: name __typename n: __typename } }", schema: schema, rules: persistedOperationRules)
        #expect(errors == ["Alias \"__record\" starts with \"__\", which GraphQL reserves for introspection: choose an alias without it. @ 1:19"])
        #expect(try ValidationHarness.validate("query Dog { dog { __record: name } }", schema: schema).isEmpty)
        #expect(ValidationRule.named("PersistedOperationsResponseKeys") == .persistedOperationsResponseKeys)
    }

    @Test("Operations whose names differ only in case or underscores are refused where a client is generated; kinds apart")
    func distinctNamesRule() throws {
        let rules = persistedOperationRules + [.persistedOperationsDistinctNames]
        let errors = try ValidationHarness.validate("query getDog { dog { name } } query GetDog { dog { name } } query get_dog2 { dog { name } } query getDog_2 { dog { name } }", schema: schema, rules: rules)
        #expect(errors == [
            "Operations \"getDog\" and \"GetDog\" differ only in case or underscores: a generated client names a type and a file after each, "
                + "and file systems that ignore case keep only one of the files. Rename one of them. @ 1:7, 1:37",
            "Operations \"get_dog2\" and \"getDog_2\" differ only in case or underscores: a generated client names a type and a file after each, "
                + "and file systems that ignore case keep only one of the files. Rename one of them. @ 1:67, 1:99",
        ])
        // The same name twice is UniqueOperationNamesRule's to report; another kind gets another type.
        #expect(try ValidationHarness.validate("query getDog { dog { name } } query getDog { dog { name } }", schema: schema, rules: rules).count == 1)
        let withMutations = try ValidationHarness.buildSchema("type Query { a: Int } type Mutation { a: Int }")
        #expect(try ValidationHarness.validate("query getA { a } mutation GetA { a }", schema: withMutations, rules: rules).isEmpty)
        #expect(try ValidationHarness.validate("query getDog { dog { name } } query GetDog { dog { name } }", schema: schema, rules: persistedOperationRules).isEmpty)
        #expect(ValidationRule.named("PersistedOperationsDistinctNames") == .persistedOperationsDistinctNames)
    }

    @Test func rulesAreFoundByName() {
        #expect(ValidationRule.named("ScalarLeafsRule") == .scalarLeafs)
        #expect(ValidationRule.named("ScalarLeafs") == .scalarLeafs)
        #expect(ValidationRule.named("NoDeprecatedCustomRule") == .noDeprecatedCustom)
        #expect(ValidationRule.named("Nonsense") == nil)
        #expect(specifiedRules.count == 32)
        #expect(Set(specifiedRules.map(\.name)).count == specifiedRules.count)
    }

    @Test func typeSystemDefinitionsAreReportedNotValidated() throws {
        let errors = try ValidationHarness.validate("type Extra { a: String }\n{ dog { name } }", schema: schema)
        #expect(errors == ["The \"Extra\" definition is not executable. @ 1:1"])
    }

    /// Rules follow spreads recursively; a document whose fragments nest past the limit gets one
    /// error instead of a stack overflow, and one just under it is validated.
    @Test func deeplyNestedFragmentsAreRefusedNotCrashing() throws {
        func chain(_ count: Int, _ prefix: String, last: String) -> String {
            (0..<count).map { index in
                index + 1 < count ? "fragment \(prefix)\(index) on Dog { mother { ...\(prefix)\(index + 1) } }" : "fragment \(prefix)\(index) on Dog { \(last) }"
            }.joined(separator: "\n")
        }
        let tooDeep = "{ dog { ...F0 } }\n" + chain(5_000, "F", last: "name")
        #expect(try ValidationHarness.validate(tooDeep, schema: schema) == [
            "Fragments nest selections more than 1000 levels deep. Validation aborted. @ ",
        ])
        let deep = "{ dog { ...F0 ...H0 } }\n" + chain(495, "F", last: "name") + "\n" + chain(495, "H", last: "name: nickname")
        let errors = try ValidationHarness.validate(deep, schema: schema)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("Fields \"mother\" conflict because subfields \"mother\" conflict") == true)
    }
}
