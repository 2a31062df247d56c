import SQLGenLanguage
import SQLGenSchema
import Testing

/// Rules that look only at the document (names, fragments, variables), beyond the corpus cases.
@Suite struct DocumentRulesTests {
    private let schema: Schema

    init() throws {
        schema = try #require(ValidationHarness.harnessSchema)
    }

    private func errors(_ document: String, _ rules: [ValidationRule]) throws -> [String] {
        try ValidationHarness.validate(document, schema: schema, rules: rules)
    }

    @Test func fragmentCyclesAreReportedOncePerCycleWithTheirPath() throws {
        let document = """
        fragment A on Dog { ...B }
        fragment B on Dog { ...C }
        fragment C on Dog { ...A ...B }
        """
        #expect(try errors(document, [.noFragmentCycles]) == [
            "Cannot spread fragment \"A\" within itself via \"B\", \"C\". @ 1:21, 2:21, 3:21",
            "Cannot spread fragment \"B\" within itself via \"C\". @ 2:21, 3:26",
        ])
    }

    @Test func cyclicFragmentsDoNotHangTheOtherRules() throws {
        let document = """
        query Q { dog { ...A } }
        fragment A on Dog { name ...B }
        fragment B on Dog { name: nickname ...A }
        """
        let all = try errors(document, specifiedRules)
        #expect(all.contains("Cannot spread fragment \"A\" within itself via \"B\". @ 2:26, 3:36"))
        #expect(all.contains { $0.hasPrefix("Fields \"name\" conflict because \"name\" and \"nickname\" are different fields.") })
    }

    @Test func unusedAndUnknownFragments() throws {
        let document = """
        query Q { dog { ...Used ...Missing } }
        fragment Used on Dog { ...Nested }
        fragment Nested on Dog { name }
        fragment Unused on Dog { name }
        """
        #expect(try errors(document, [.knownFragmentNames, .noUnusedFragments]) == [
            "Unknown fragment \"Missing\". @ 1:28",
            "Fragment \"Unused\" is never used. @ 4:1",
        ])
    }

    @Test func duplicateNames() throws {
        let document = """
        query A($x: Int, $x: Int) { dog { name(surname: true, surname: false) } }
        query A { dog @include(if: true) @include(if: false) { name } }
        fragment F on Dog { name }
        fragment F on Dog { name }
        """
        #expect(try errors(document, [.uniqueOperationNames, .uniqueVariableNames, .uniqueArgumentNames, .uniqueDirectivesPerLocation, .uniqueFragmentNames]) == [
            "There can be only one variable named \"$x\". @ 1:10, 1:19",
            "There can be only one argument named \"surname\". @ 1:40, 1:55",
            "There can be only one operation named \"A\". @ 1:7, 2:7",
            "The directive \"@include\" can only be used once at this location. @ 2:15, 2:34",
            "There can be only one fragment named \"F\". @ 3:10, 4:10",
        ])
    }

    @Test func nestedInputObjectsReportDuplicatesInDocumentOrder() throws {
        let document = "{ complicatedArgs { complexArgField(complexArg: { a: { x: 1, x: 2 }, a: 3 }) } }"
        #expect(try errors(document, [.uniqueInputFieldNames]) == [
            "There can be only one input field named \"x\". @ 1:56, 1:62",
            "There can be only one input field named \"a\". @ 1:51, 1:70",
        ])
    }

    @Test func anonymousOperationMustBeAlone() throws {
        #expect(try errors("{ dog { name } }", [.loneAnonymousOperation]).isEmpty)
        #expect(try errors("{ dog { name } } query Q { cat { name } }", [.loneAnonymousOperation]) == [
            "This anonymous operation must be the only defined operation. @ 1:1",
        ])
    }

    @Test func unknownOperationTypes() throws {
        #expect(try errors("mutation M { x } subscription S { y }", [.knownOperationTypes]) == [
            "The mutation operation is not supported by the schema. @ 1:1",
            "The subscription operation is not supported by the schema. @ 1:18",
        ])
    }

    @Test func introspectionDepthIsLimited() throws {
        let shallow = "{ __schema { types { fields { type { name } } } } }"
        #expect(try errors(shallow, [.maxIntrospectionDepth]).isEmpty)
        let deep = """
        { __type(name: "Dog") { ...F } }
        fragment F on __Type { fields { type { fields { type { fields { name } } } } } }
        """
        #expect(try errors(deep, [.maxIntrospectionDepth]) == ["Maximum introspection depth exceeded @ 1:3"])
    }

    @Test func introspectionDepthFollowsRecursiveFragments() throws {
        let document = "{ __schema { types { ...F } } } fragment F on __Type { fields { type { ...F } } }"
        #expect(try errors(document, [.maxIntrospectionDepth]) == ["Maximum introspection depth exceeded @ 1:3"])
    }

    @Test func experimentalFragmentArguments() throws {
        var options = ParseOptions()
        options.experimentalFragmentArguments = true
        let valid = """
        query Q($b: Boolean) { complicatedArgs { ...A(b: $b) } }
        fragment A($b: Boolean = true) on ComplicatedArgs { booleanArgField(booleanArg: $b) }
        """
        #expect(try ValidationHarness.validate(valid, schema: schema, options: options).isEmpty)
        let invalid = """
        query Q($x: Int) { complicatedArgs { ...A(b: $x) ...B(c: 1) } }
        fragment A($b: Boolean) on ComplicatedArgs { booleanArgField(booleanArg: $b) }
        fragment B($b: Boolean!) on ComplicatedArgs { booleanArgField(booleanArg: $b) }
        """
        #expect(try ValidationHarness.validate(invalid, schema: schema, options: options) == [
            "Unknown argument \"c\" on fragment \"B\". Did you mean \"b\"? @ 1:55",
            "Fragment \"B\" argument \"b\" of type \"Boolean!\" is required, but it was not provided. @ 1:50",
            "Variable \"$x\" of type \"Int\" used in position expecting type \"Boolean\". @ 1:9, 1:46",
        ])
    }
}
