import SQLGenLanguage
import SQLGenSchema
import Testing

/// Rules that need the schema, on graphql-js's test schema (`harness`), beyond the corpus cases.
@Suite struct SchemaRulesTests {
    private let schema: Schema

    init() throws {
        schema = try #require(ValidationHarness.harnessSchema)
    }

    private func errors(_ document: String, _ rules: [ValidationRule]) throws -> [String] {
        try ValidationHarness.validate(document, schema: schema, rules: rules)
    }

    @Test func fieldSuggestionsOnAbstractTypesNameInlineFragments() throws {
        #expect(try errors("fragment F on Pet { meows }", [.fieldsOnCorrectType]) == [
            "Cannot query field \"meows\" on type \"Pet\". Did you mean to use an inline fragment on \"Cat\"? @ 1:21",
        ])
        #expect(try errors("fragment F on CatOrDog { name }", [.fieldsOnCorrectType]) == [
            "Cannot query field \"name\" on type \"CatOrDog\". Did you mean to use an inline fragment on \"Pet\", \"Canine\", \"Cat\", or \"Dog\"? @ 1:26",
        ])
        #expect(try errors("fragment F on CatOrDog { __typename }", [.fieldsOnCorrectType]).isEmpty)
    }

    @Test func leafValuesAreChecked() throws {
        let document = """
        {
          complicatedArgs {
            a: intArgField(intArg: 3000000000)
            b: enumArgField(enumArg: "BROWN")
            c: enumArgField(enumArg: BROWNN)
            d: booleanArgField(booleanArg: 1)
            e: idArgField(idArg: 1.5)
            f: stringListArgField(stringListArg: "one")
            g: nonNullIntArgField(nonNullIntArg: null)
            h: complexArgField(complexArg: { requiredField: true, nonNullField: null, intFeild: 1 })
            i: complexArgField(complexArg: { intField: 1 })
            j: complexArgField(complexArg: 3)
          }
        }
        """
        #expect(try errors(document, [.valuesOfCorrectType]) == [
            "Int cannot represent non 32-bit signed integer value: 3000000000 @ 3:28",
            "Enum \"FurColor\" cannot represent non-enum value: \"BROWN\". Did you mean the enum value \"BROWN\"? @ 4:30",
            "Value \"BROWNN\" does not exist in \"FurColor\" enum. Did you mean the enum value \"BROWN\"? @ 5:30",
            "Boolean cannot represent a non boolean value: 1 @ 6:36",
            "ID cannot represent a non-string and non-integer value: 1.5 @ 7:26",
            "Expected value of non-null type \"Int!\" not to be null. @ 9:42",
            "Expected value of non-null type \"Boolean!\" not to be null. @ 10:73",
            "Expected value of type \"ComplexInput\" not to include unknown field \"intFeild\". Did you mean \"intField\"? Found: { requiredField: true, nonNullField: null, intFeild: 1 }. @ 10:79",
            "Expected value of type \"ComplexInput\" to include required field \"requiredField\", found: { intField: 1 }. @ 11:36",
            "Expected value of type \"ComplexInput\" to be an object, found: 3. @ 12:36",
        ])
    }

    @Test func oneOfInputObjects() throws {
        let document = """
        query Q($s: String, $t: String!) {
          complicatedArgs {
            a: oneOfArgField(oneOfArg: { stringField: "x", intField: 1 })
            b: oneOfArgField(oneOfArg: { stringField: $s })
            c: oneOfArgField(oneOfArg: { stringField: $t })
          }
        }
        """
        #expect(try errors(document, [.valuesOfCorrectType, .variablesInAllowedPosition]) == [
            "Within OneOf Input Object type \"OneOfInput\", exactly one field must be specified, and the value for that field must be non-null. @ 3:32",
            "Variable \"$s\" is of type \"String\" but must be non-nullable to be used for OneOf Input Object \"OneOfInput\". @ 1:9, 4:47",
        ])
    }

    @Test func variablesInAllowedPositionHonoursDefaults() throws {
        let document = """
        query Q($a: Int, $b: Int = 1, $c: [String], $d: Boolean) {
          complicatedArgs {
            w: nonNullIntArgField(nonNullIntArg: $a)
            x: nonNullIntArgField(nonNullIntArg: $b)
            y: stringListNonNullArgField(stringListNonNullArg: $c)
            z: nonNullFieldWithDefault(arg: $a)
          }
          dog @include(if: $d) { name }
        }
        """
        #expect(try errors(document, [.variablesInAllowedPosition]) == [
            "Variable \"$a\" of type \"Int\" used in position expecting type \"Int!\". @ 1:9, 3:42",
            "Variable \"$c\" of type \"[String]\" used in position expecting type \"[String!]\". @ 1:31, 5:56",
            "Variable \"$d\" of type \"Boolean\" used in position expecting type \"Boolean!\". @ 1:45, 8:20",
        ])
    }

    @Test func variableUsagesFollowFragments() throws {
        let document = """
        query Q($used: Boolean, $unused: Boolean) { dog { ...F } }
        fragment F on Dog { isHouseTrained(atOtherHomes: $used) name @skip(if: $missing) }
        """
        #expect(try errors(document, [.noUndefinedVariables, .noUnusedVariables]) == [
            "Variable \"$missing\" is not defined by operation \"Q\". @ 2:72, 1:1",
            "Variable \"$unused\" is never used in operation \"Q\". @ 1:25",
        ])
    }

    @Test func knownDirectivesCheckLocations() throws {
        let document = "query Q @include(if: true) { dog @onField { name @unknown } }"
        #expect(try errors(document, [.knownDirectives]) == [
            "Directive \"@include\" may not be used on QUERY. @ 1:9",
            "Unknown directive \"@unknown\". @ 1:50",
        ])
    }

    @Test func argumentsAreKnownAndRequired() throws {
        let document = "{ complicatedArgs { multipleReqs(req1: 1, reqq2: 2) } dog @skip(iff: true) { name } }"
        #expect(try errors(document, [.knownArgumentNames, .providedRequiredArguments]) == [
            "Unknown argument \"reqq2\" on field \"ComplicatedArgs.multipleReqs\". Did you mean \"req2\" or \"req1\"? @ 1:43",
            "Argument \"ComplicatedArgs.multipleReqs(req2:)\" of type \"Int!\" is required, but it was not provided. @ 1:21",
            "Unknown argument \"iff\" on directive \"@skip\". Did you mean \"if\"? @ 1:65",
            "Argument \"@skip(if:)\" of type \"Boolean!\" is required, but it was not provided. @ 1:59",
        ])
    }

    @Test func fragmentSpreadsMustBePossible() throws {
        let document = """
        { dog { ...CatFields ... on Cat { meows } ... on Pet { name } } }
        fragment CatFields on Cat { meows }
        """
        #expect(try errors(document, [.possibleFragmentSpreads]) == [
            "Fragment \"CatFields\" cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\". @ 1:9",
            "Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\". @ 1:22",
        ])
    }

    @Test func variablesMustBeInputTypesAndKnown() throws {
        #expect(try errors("query Q($a: Dog, $b: Nope) { dog { name } }", [.variablesAreInputTypes, .knownTypeNames]) == [
            "Variable \"$a\" cannot be non-input type \"Dog\". @ 1:13",
            "Unknown type \"Nope\". @ 1:22",
        ])
    }

    @Test func scalarLeafs() throws {
        #expect(try errors("{ dog {} human { pets {} } }", [.scalarLeafs]).isEmpty)
        #expect(try errors("{ dog { name { x } } human }", [.scalarLeafs]) == [
            "Field \"name\" must not have a selection since type \"String\" has no subfields. @ 1:14",
            "Field \"human\" of type \"Human\" must have a selection of subfields. Did you mean \"human { ... }\"? @ 1:22",
        ])
    }

    @Test func deprecatedUsesAreReportedByTheCustomRule() throws {
        let schema = try ValidationHarness.buildSchema("""
        type Query {
          old: String @deprecated(reason: "Use new.")
          field(arg: Int @deprecated, input: In, color: Color): String
        }
        input In { old: Int @deprecated(reason: "Gone.") }
        enum Color { RED BLUE @deprecated }
        """)
        let errors = try ValidationHarness.validate("{ old field(arg: 1, input: { old: 1 }, color: BLUE) }", schema: schema, rules: [.noDeprecatedCustom])
        #expect(errors == [
            "The field \"Query.old\" is deprecated. Use new. @ 1:3",
            "The argument \"Query.field(arg:)\" is deprecated. No longer supported @ 1:13",
            "The input field \"In.old\" is deprecated. Gone. @ 1:30",
            "The enum value \"Color.BLUE\" is deprecated. No longer supported @ 1:47",
        ])
    }

    @Test func leafErrorsPrintLiteralsWithVariablesReplaced() throws {
        let document = "query Q($v: String) { complicatedArgs { enumArgField(enumArg: { a: $v, b: [$v, 1] }) } }"
        #expect(try errors(document, [.valuesOfCorrectType]) == [
            "Enum \"FurColor\" cannot represent non-enum value: { b: [null, 1] }. @ 1:63",
        ])
    }
}
