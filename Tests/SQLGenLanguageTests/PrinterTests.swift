import Testing
@testable import SQLGenLanguage

// Printer behaviour on hand-built ASTs. Every expected string was produced by graphql-core 3.3.2
// `print_ast` / `print_block_string` / `print_string` on the same tree.

private func name(_ value: String) -> Name { Name(value) }
private func named(_ value: String) -> TypeReference { .named(NamedType(name: Name(value))) }
private func field(_ fieldName: String, alias: String? = nil, _ arguments: [Argument] = [], directives: [Directive] = [], selections: [Selection]? = nil) -> Selection {
    .field(Field(alias: alias.map(name), name: name(fieldName), arguments: arguments, directives: directives, selectionSet: selections.map { SelectionSet(selections: $0) }))
}
private func argument(_ argumentName: String, _ value: Value) -> Argument { Argument(name: name(argumentName), value: value) }
private func string(_ value: String, block: Bool = false) -> Value { .string(StringValue(value, block: block)) }
private func int(_ text: String) -> Value { .int(text, .none) }
private func query(_ selections: [Selection]) -> Document {
    Document(definitions: [.operation(OperationDefinition(operation: .query, name: nil, selectionSet: SelectionSet(selections: selections)))])
}

@Suite struct PrinterStringLiteralTests {
    @Test func quotedStringEscapesControlsQuotesBackslashAndC1() {
        let value = "\u{E9}\u{1F600}\u{85}\u{7F}\u{01}\n\t\"\\ \u{08}\u{0C}\r\u{1F}"
        #expect(Printer.printString(value) == #""é😀\u0085\u007F\u0001\n\t\"\\ \b\f\r\u001F""#)
    }

    @Test(arguments: [
        ("x\"", "\"\"\"\nx\"\n\"\"\"", "\"\"\"x\"\n\"\"\""),
        ("x\\", "\"\"\"\nx\\\n\"\"\"", "\"\"\"x\\\n\"\"\""),
        ("\"\"\"", "\"\"\"\n\\\"\"\"\n\"\"\"", "\"\"\"\\\"\"\"\"\"\""),
        ("a\"\"\"\"", "\"\"\"\na\\\"\"\"\"\n\"\"\"", "\"\"\"a\\\"\"\"\"\n\"\"\""),
        (" a\nb", "\"\"\"\n a\nb\n\"\"\"", "\"\"\" a\nb\"\"\""),
        ("a\n b\n", "\"\"\"\na\n b\n\n\"\"\"", "\"\"\"\na\n b\n\"\"\""),
        ("", "\"\"\"\"\"\"", "\"\"\"\"\"\""),
        (String(repeating: "a", count: 71), "\"\"\"\n" + String(repeating: "a", count: 71) + "\n\"\"\"", "\"\"\"" + String(repeating: "a", count: 71) + "\"\"\""),
        (" " + String(repeating: "a", count: 70), "\"\"\" " + String(repeating: "a", count: 70) + "\n\"\"\"", "\"\"\" " + String(repeating: "a", count: 70) + "\"\"\""),
    ])
    func blockStringFollowsGraphQLJSRules(value: String, expected: String, minimized: String) {
        #expect(Printer.printBlockString(value) == expected)
        #expect(Printer.printBlockString(value, minimize: true) == minimized)
    }

    @Test func blockStringsInsideSelectionsFollowTheIndentation() {
        let document = query([field("f", [
            argument("a", string(" x", block: true)),
            argument("b", string("a\nb", block: true)),
            argument("c", string("x\"\"\"", block: true)),
        ])])
        #expect(Printer.print(document) == "{\n  f(a: \"\"\" x\"\"\", b: \"\"\"\n  a\n  b\n  \"\"\", c: \"\"\"\n  x\\\"\"\"\n  \"\"\")\n}")
    }

    @Test func blankDescriptionLinesAreIndentedLikeGraphQLJS() {
        let type = ObjectTypeDefinition(name: name("A"), fields: [
            FieldDefinition(description: StringValue("x\n\n  y", block: true), name: name("f"), type: named("Int")),
        ])
        let document = Document(definitions: [
            .type(.scalar(ScalarTypeDefinition(description: StringValue("a\n\nb", block: true), name: name("S")))),
            .type(.object(type)),
        ])
        #expect(Printer.print(document) == "\"\"\"\na\n\nb\n\"\"\"\nscalar S\n\ntype A {\n  \"\"\"\n  x\n  \n    y\n  \"\"\"\n  f: Int\n}")
    }
}

@Suite struct PrinterLineLengthTests {
    /// `prefix(args)` is measured in Unicode scalars: 2 + 20 + 12 + 38 + 3 + 2 + 4 = 81 wraps.
    @Test func argumentsWrapWhenTheOneLineFormIsOver80Scalars() {
        let long = argument("aaaaaaaaaa", string(String(repeating: "x", count: 38) + "😀😀😀"))
        let document = query([field("ffffffffffffffffffff", [long, argument("b", int("1"))])])
        #expect(Printer.print(document) == "{\n  ffffffffffffffffffff(\n    aaaaaaaaaa: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx😀😀😀\"\n    b: 1\n  )\n}")
    }

    @Test func argumentsStayOnOneLineAtExactly80() {
        // `f` + `(` + `a: "` + 72 scalars + `"` + `)` is 80 long; one more wraps.
        let value = String(repeating: "x", count: 72)
        #expect(Printer.print(query([field("f", [argument("a", string(value))])])) == "{\n  f(a: \"\(value)\")\n}")
        let longer = value + "é"
        #expect(Printer.print(query([field("f", [argument("a", string(longer))])])) == "{\n  f(\n    a: \"\(longer)\"\n  )\n}")
    }

    @Test func longListsAndObjectsWrapOnePerLine() {
        let inner: Value = .list([int("1111111111"), int("2222222222"), int("3333333333")], .none)
        let list: Value = .list([inner, inner, .list([int("4")], .none)], .none)
        let numbers: Value = .list((1...30).map { int(String($0)) }, .none)
        let object: Value = .object([argument("a", .object([argument("b", .object([argument("c", numbers)], .none))], .none))], .none)
        let printed = Printer.print(query([field("f", [argument("a", list), argument("o", object)])]))
        let numberLines = (1...30).map { "            \($0)\n" }.joined()
        let expected = "{\n  f(\n    a: [\n      [1111111111, 2222222222, 3333333333]\n      [1111111111, 2222222222, 3333333333]\n      [4]\n    ]\n"
            + "    o: {\n      a: {\n        b: {\n          c: [\n" + numberLines + "          ]\n        }\n      }\n    }\n  )\n}"
        #expect(printed == expected)
    }

    @Test func emptyObjectAndListKeepGraphQLJSSpacing() {
        #expect(Printer.print(Value.object([], .none)) == "{  }")
        #expect(Printer.print(Value.list([], .none)) == "[]")
    }
}

@Suite struct PrinterDefinitionTests {
    @Test func anonymousQueryUsesTheShortFormOnlyWithoutExtras() {
        let selections = [field("a")]
        #expect(Printer.print(query(selections)) == "{\n  a\n}")
        let withDirective = OperationDefinition(operation: .query, name: nil, directives: [Directive(name: name("d"))], selectionSet: SelectionSet(selections: selections))
        #expect(Printer.print(Definition.operation(withDirective)) == "query @d {\n  a\n}")
        let subscription = OperationDefinition(operation: .subscription, name: nil, selectionSet: SelectionSet(selections: selections))
        #expect(Printer.print(Definition.operation(subscription)) == "subscription {\n  a\n}")
    }

    @Test func variableDescriptionsPutVariablesOnUnindentedLines() {
        let variables = [
            VariableDefinition(description: StringValue("desc"), variable: Variable(name: name("a")), type: named("Int")),
            VariableDefinition(variable: Variable(name: name("b")), type: .list(named("Int"), .none), defaultValue: .list([int("1")], .none)),
        ]
        let operation = OperationDefinition(operation: .query, name: name("Q"), variableDefinitions: variables, selectionSet: SelectionSet(selections: [field("f")]))
        #expect(Printer.print(Definition.operation(operation)) == "query Q(\n\"desc\"\n$a: Int\n$b: [Int] = [1]\n) {\n  f\n}")
    }

    @Test func fragmentVariablesStayOnOneLine() {
        let fragment = FragmentDefinition(
            name: name("F"),
            variableDefinitions: [
                VariableDefinition(description: StringValue("d"), variable: Variable(name: name("a")), type: named("Int")),
                VariableDefinition(variable: Variable(name: name("b")), type: named("Int")),
            ],
            typeCondition: NamedType(name: name("T")),
            selectionSet: SelectionSet(selections: [field("f")]))
        #expect(Printer.print(Definition.fragment(fragment)) == "fragment F(\"d\"\n$a: Int, $b: Int) on T {\n  f\n}")
    }

    @Test func selectionsWithAliasesDirectivesAndFragments() {
        let inline = Selection.inlineFragment(InlineFragment(directives: [Directive(name: name("i"))], selectionSet: SelectionSet(selections: [field("b")])))
        let typed = Selection.inlineFragment(InlineFragment(typeCondition: NamedType(name: name("T")), directives: [Directive(name: name("j"))], selectionSet: SelectionSet(selections: [field("c")])))
        let spread = Selection.fragmentSpread(FragmentSpread(name: name("F"), directives: [Directive(name: name("k"))]))
        let directives = [Directive(name: name("x")), Directive(name: name("y"), arguments: [argument("a", int("1"))])]
        let document = query([field("f", alias: "a", directives: directives, selections: [inline, typed, spread])])
        #expect(Printer.print(document) == "{\n  a: f @x @y(a: 1) {\n    ... @i {\n      b\n    }\n    ... on T @j {\n      c\n    }\n    ...F @k\n  }\n}")
    }

    @Test func emptySelectionSetPrintsBraces() {
        #expect(Printer.print(query([field("f", selections: [])])) == "{\n  f {}\n}")
    }

    @Test func argumentDefinitionsGoOnIndentedLinesWhenOneIsMultiline() {
        let directive = DirectiveDefinition(
            name: name("d"),
            arguments: [InputValueDefinition(description: StringValue("a"), name: name("x"), type: named("Int"))],
            repeatable: true,
            locations: [name("FIELD"), name("QUERY")])
        #expect(Printer.print(Definition.directive(directive)) == "directive @d(\n  \"a\"\n  x: Int\n) repeatable on FIELD | QUERY")

        let multilineDirective = Directive(name: name("d"), arguments: [argument("x", string("a\nb", block: true))])
        let type = ObjectTypeDefinition(name: name("T"), fields: [
            FieldDefinition(name: name("f"), arguments: [InputValueDefinition(name: name("a"), type: named("Int"), directives: [multilineDirective])], type: named("Int")),
            FieldDefinition(name: name("g"), arguments: [InputValueDefinition(name: name("a"), type: named("Int"), defaultValue: .list([int("1"), int("2")], .none))], type: named("Int")),
        ])
        #expect(Printer.print(Definition.type(.object(type))) == "type T {\n  f(\n    a: Int @d(x: \"\"\"\n    a\n    b\n    \"\"\")\n  ): Int\n  g(a: Int = [1, 2]): Int\n}")
    }

    @Test func typeSystemDefinitionsAndExtensions() {
        let definitions: [Definition] = [
            .type(.enumType(EnumTypeDefinition(name: name("E"), values: [
                EnumValueDefinition(name: name("A"), directives: [Directive(name: name("d"))]),
                EnumValueDefinition(name: name("B")),
                EnumValueDefinition(description: StringValue("desc"), name: name("C")),
            ]))),
            .type(.union(UnionTypeDefinition(name: name("U"), types: [NamedType(name: name("A")), NamedType(name: name("B"))]))),
            .type(.inputObject(InputObjectTypeDefinition(name: name("I"), fields: [
                InputValueDefinition(name: name("a"), type: .nonNull(named("Int"), .none), defaultValue: int("1"), directives: [Directive(name: name("d"))]),
            ]))),
            .typeExtension(.object(ObjectTypeDefinition(name: name("T"), interfaces: [NamedType(name: name("I")), NamedType(name: name("J"))], directives: [Directive(name: name("d"))], fields: [
                FieldDefinition(name: name("f"), type: named("Int")),
            ]))),
            .typeExtension(.interface(ObjectTypeDefinition(name: name("J"), interfaces: [NamedType(name: name("K"))]))),
            .typeExtension(.scalar(ScalarTypeDefinition(name: name("S"), directives: [Directive(name: name("x"))]))),
            .schema(SchemaDefinition(description: StringValue("s"), operationTypes: [RootOperationTypeDefinition(operation: .query, type: NamedType(name: name("Q")))])),
            .schemaExtension(SchemaDefinition(directives: [Directive(name: name("q"))], operationTypes: [])),
        ]
        #expect(Printer.print(Document(definitions: definitions)) == """
        enum E {
          A @d
          B
          "desc"
          C
        }

        union U = A | B

        input I {
          a: Int! = 1 @d
        }

        extend type T implements I & J @d {
          f: Int
        }

        extend interface J implements K

        extend scalar S @x

        "s"
        schema {
          query: Q
        }

        extend schema @q
        """)
    }

    @Test func typeReferences() {
        #expect(Printer.print(TypeReference.nonNull(.list(.nonNull(named("Int"), .none), .none), .none)) == "[Int!]!")
    }
}
