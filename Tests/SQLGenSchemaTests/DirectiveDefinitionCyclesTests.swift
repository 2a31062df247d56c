import Foundation
import SQLGenLanguage
import SQLGenSchema
import Testing

/// NoDirectiveDefinitionCyclesRule (spec 3.13, Type Validation): graphql-js's test cases, with its
/// messages and locations (the documents keep its layout), and apollo-rs's test schema.
@Suite struct DirectiveDefinitionCyclesTests {
    /// The rule's errors for `sdl`, optionally extending the schema `existing` builds.
    private func errors(_ sdl: String, existing: String? = nil) throws -> [String] {
        var schema: Schema?
        if let existing {
            let document = try Parser.parse(Source(existing, name: "existing.graphql", id: SourceID(1)))
            schema = SchemaBuilder.build(documents: [document], options: SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)).schema
        }
        let source = Source(sdl, name: "sdl.graphql", id: SourceID(2))
        let found = SDLValidator.validate(documents: [try Parser.parse(source)], existingSchema: schema)
        return found.filter { $0.rule == "NoDirectiveDefinitionCyclesRule" }.map { error in
            error.message + " @ " + error.locations(in: [source]).map(\.description).joined(separator: ", ")
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        var sdl: String
        var expected: [String]
        var description: String { sdl.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
    }

    /// graphql-js's cases on a document alone (and one of apollo-rs's): references without a cycle; a directive on its
    /// own argument; directives that use each other; overlapping cycles, each reported; cycles
    /// through an argument's type (a directive on the type, an input field, an enum, an enum
    /// value); a recursive input type (one error); a directive first met in another's walk
    /// (its own cycle still reported); directives on directive definitions.
    static let cases: [Case] = [
        Case(sdl: "directive @a(arg: String @unknown) on FIELD_DEFINITION", expected: []),
        Case(sdl: "directive @a(arg: InputObject) on FIELD_DEFINITION\ninput InputObject { self: InputObject }", expected: []),
        // apollo-rs's directive_with_nested_input_types: applied to an object type, no cycle.
        Case(sdl: """
            directive @custom(input: NestedInput) on OBJECT | INTERFACE
            input NestedInput { name: String nested: NestedInput }
            type Query @custom(input: {name: "hello", nested: {name: "hello"}}) { foo: String }
            """, expected: []),
        Case(sdl: """

                  directive @a(arg: String @b) on FIELD_DEFINITION
                  directive @b on ARGUMENT_DEFINITION

            """, expected: []),
        Case(sdl: """

                  directive @self(arg: String @self) on FIELD_DEFINITION

            """, expected: [
            "Directive \"@self\" forms a reference cycle through: \"@self(arg:)\", directive application \"@self\". @ 2:23, 2:35",
        ]),
        Case(sdl: """

                  directive @a(arg: String @b) on FIELD_DEFINITION
                  directive @b(arg: String @a) on FIELD_DEFINITION

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", directive application \"@b\", \"@b(arg:)\", directive application \"@a\". @ 2:20, 2:32, 3:20, 3:32",
        ]),
        Case(sdl: """

                  directive @a(arg: String @b) on FIELD_DEFINITION
                  directive @b(arg: String @c) on FIELD_DEFINITION
                  directive @c(first: String @a, second: String @d) on FIELD_DEFINITION
                  directive @d(arg: String @b) on FIELD_DEFINITION

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", directive application \"@b\", \"@b(arg:)\", directive application \"@c\", \"@c(first:)\", directive application \"@a\". @ 2:20, 2:32, 3:20, 3:32, 4:20, 4:34",
            "Directive \"@b\" forms a reference cycle through: \"@b(arg:)\", directive application \"@c\", \"@c(second:)\", directive application \"@d\", \"@d(arg:)\", directive application \"@b\". @ 3:20, 3:32, 4:38, 4:53, 5:20, 5:32",
        ]),
        Case(sdl: """

                  directive @a(first: String @b, second: String @c) on FIELD_DEFINITION
                  directive @b(arg: String @a) on FIELD_DEFINITION
                  directive @c(arg: String @a) on FIELD_DEFINITION

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(first:)\", directive application \"@b\", \"@b(arg:)\", directive application \"@a\". @ 2:20, 2:34, 3:20, 3:32",
            "Directive \"@a\" forms a reference cycle through: \"@a(second:)\", directive application \"@c\", \"@c(arg:)\", directive application \"@a\". @ 2:38, 2:53, 4:20, 4:32",
        ]),
        Case(sdl: """

                  directive @a(arg: InputObject) on INPUT_OBJECT

                  input InputObject @a {
                    value: String
                  }

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", \"InputObject\", directive application \"@a\". @ 2:20, 2:25, 4:25",
        ]),
        Case(sdl: """

                  directive @a(arg: InputObject) on FIELD_DEFINITION

                  input InputObject {
                    value: String @a
                  }

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", \"InputObject\", \"InputObject.value\", directive application \"@a\". @ 2:20, 2:25, 5:9, 5:23",
        ]),
        Case(sdl: """

                  directive @a(arg: Enum) on ENUM

                  enum Enum @a {
                    VALUE
                  }

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", \"Enum\", directive application \"@a\". @ 2:20, 2:25, 4:17",
        ]),
        Case(sdl: """

                  directive @a(arg: Enum) on ENUM_VALUE

                  enum Enum {
                    VALUE @a
                  }

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", \"Enum\", \"Enum.VALUE\", directive application \"@a\". @ 2:20, 2:25, 5:9, 5:15",
        ]),
        Case(sdl: """

                  directive @a(arg: InputObject) on INPUT_FIELD_DEFINITION
                  input InputObject {
                    self: InputObject @a
                  }

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", \"InputObject\", \"InputObject.self\", directive application \"@a\". @ 2:20, 2:25, 4:9, 4:27",
        ]),
        Case(sdl: """

                  directive @entry(arg: InputObject) on FIELD_DEFINITION
                  directive @cycle(arg: InputObject) on INPUT_FIELD_DEFINITION

                  input InputObject {
                    value: String @cycle
                  }

            """, expected: [
            "Directive \"@cycle\" forms a reference cycle through: \"@cycle(arg:)\", \"InputObject\", \"InputObject.value\", directive application \"@cycle\". @ 3:24, 3:29, 6:9, 6:23",
        ]),
        Case(sdl: """

                  directive @self @self on DIRECTIVE_DEFINITION

            """, expected: [
            "Directive \"@self\" forms a reference cycle through: directive application \"@self\". @ 2:23",
        ]),
        Case(sdl: """

                  directive @a @b on DIRECTIVE_DEFINITION
                  directive @b @a on DIRECTIVE_DEFINITION

            """, expected: [
            "Directive \"@a\" forms a reference cycle through: directive application \"@b\", directive application \"@a\". @ 2:20, 3:20",
        ]),
    ]

    @Test(arguments: cases)
    func graphQLJSCase(_ testCase: Case) throws {
        #expect(try errors(testCase.sdl) == testCase.expected)
    }

    /// Extending a schema: cycles the extension closes count, the schema's own do not.
    @Test func extensionsOfAnExistingSchema() throws {
        let existing = "directive @a(arg: InputObject) on INPUT_FIELD_DEFINITION\ninput InputObject { value: String }\n"
        #expect(try errors("""

                extend input InputObject {
                  recursive: String @a
                }

        """, existing: existing) == [
            "Directive \"@a\" forms a reference cycle through: \"@a(arg:)\", \"InputObject\", \"InputObject.recursive\", directive application \"@a\". @ 3:11, 3:29",
        ])
        let cyclic = "directive @cycle(arg: InputObject) on INPUT_FIELD_DEFINITION\ninput InputObject { value: String @cycle }\n"
        #expect(try errors("directive @unrelated on FIELD_DEFINITION", existing: cyclic).isEmpty)
        #expect(try errors("""

                extend directive @a @b
                extend directive @b @a

        """, existing: "directive @a on DIRECTIVE_DEFINITION\ndirective @b on DIRECTIVE_DEFINITION\n") == [
            "Directive \"@a\" forms a reference cycle through: directive application \"@b\", directive application \"@a\". @ 2:29, 3:29",
        ])
    }

    /// apollo-rs's self_referential_directive_definition schema: a direct cycle, one through a
    /// built-in scalar's extension, a loop of three, and one through input types and an enum
    /// extension.
    @Test func apolloRSSelfReferentialDirectives() throws {
        let sdl = """
        type Query {
          id: ID!
          field(arg: Int @invalidExample): String
        }
        directive @invalidExample(arg: String @invalidExample) on ARGUMENT_DEFINITION
        extend scalar String @deprecatedType(reason: "use OurCustomString instead")
        directive @deprecatedType(reason: String!) on OBJECT | INTERFACE | ENUM | SCALAR | UNION
        directive @loopA(arg: Boolean @loopB) on ARGUMENT_DEFINITION
        directive @loopB(arg: Boolean @loopC) on ARGUMENT_DEFINITION
        directive @loopC(arg: Boolean @loopA) on ARGUMENT_DEFINITION
        enum Enum { NON_RECURSIVE }
        extend enum Enum { RECURSIVE @wrong }
        input Name { value: String!, type: Enum }
        input InputObject { name: Name }
        directive @wrong(input: InputObject) on INPUT_FIELD_DEFINITION
        """
        #expect(try errors(sdl) == [
            "Directive \"@invalidExample\" forms a reference cycle through: \"@invalidExample(arg:)\", directive application \"@invalidExample\". @ 5:27, 5:39",
            "Directive \"@deprecatedType\" forms a reference cycle through: \"@deprecatedType(reason:)\", \"String\", directive application \"@deprecatedType\". @ 7:27, 7:35, 6:22",
            "Directive \"@loopA\" forms a reference cycle through: \"@loopA(arg:)\", directive application \"@loopB\", \"@loopB(arg:)\", directive application \"@loopC\", \"@loopC(arg:)\", directive application \"@loopA\". @ 8:18, 8:31, 9:18, 9:31, 10:18, 10:31",
            "Directive \"@wrong\" forms a reference cycle through: \"@wrong(input:)\", \"InputObject\", \"InputObject.name\", \"Name\", \"Name.type\", \"Enum\", \"Enum.RECURSIVE\", directive application \"@wrong\". @ 15:18, 15:25, 14:21, 14:27, 13:30, 13:36, 12:20, 12:30",
        ])
    }

    /// Building a schema reports the cycles with the other SDL errors.
    @Test func schemaBuildingReportsThem() throws {
        let document = try Parser.parse(Source("type Query { a: Int }\ndirective @a(x: Int @a) on ARGUMENT_DEFINITION"))
        let messages = SchemaBuilder.build(documents: [document]).errors.map(\.message)
        #expect(messages.contains("Directive \"@a\" forms a reference cycle through: \"@a(x:)\", directive application \"@a\"."))
    }

    /// Input types nested ten thousand deep, and forty layers of diamonds (two fields to the
    /// next type: 2^40 paths to the same cycle), are searched without deep recursion, in bounded
    /// time and with a bounded number of errors.
    @Test func deepAndDiamondShapedInputTypes() throws {
        var chain = "directive @d(x: I0) on INPUT_FIELD_DEFINITION\n"
        for index in 0..<10_000 { chain += "input I\(index) { next: I\(index + 1) }\n" }
        chain += "input I10000 { last: Int @d }\n"
        #expect(try errors(chain).count == 1)
        var diamonds = "directive @d(x: D0) on INPUT_FIELD_DEFINITION\n"
        for index in 0..<40 { diamonds += "input D\(index) { a: D\(index + 1) b: D\(index + 1) }\n" }
        diamonds += "input D40 { last: Int @d }\n"
        let found = try errors(diamonds)
        #expect(found.count == 100)
    }
}
