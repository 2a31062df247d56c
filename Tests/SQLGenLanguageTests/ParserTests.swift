import SQLGenLanguage
import Testing

@Suite struct ParserTests {
    var noLocation: ParseOptions {
        var options = ParseOptions()
        options.noLocation = true
        return options
    }

    func parseError(_ text: String, options: ParseOptions = ParseOptions()) -> GraphQLError? {
        do {
            _ = try Parser.parse(Source(text), options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func operationShape() throws {
        let document = try Parser.parse(Source("query Q($id: ID! = \"x\" @d, $list: [Int!]) @op { a: node(id: $id) { ... on User { name } ...F } }"), options: noLocation)
        guard case .operation(let operation) = document.definitions.first else {
            Issue.record("not an operation")
            return
        }
        #expect(operation.operation == .query)
        #expect(operation.name?.value == "Q")
        #expect(operation.variableDefinitions.map(\.variable.name.value) == ["id", "list"])
        #expect(operation.variableDefinitions[0].type == .nonNull(.named(NamedType(name: Name("ID"))), .none))
        #expect(operation.variableDefinitions[0].defaultValue == .string(StringValue("x")))
        #expect(operation.variableDefinitions[0].directives.map(\.name.value) == ["d"])
        #expect(operation.variableDefinitions[1].type == .list(.nonNull(.named(NamedType(name: Name("Int"))), .none), .none))
        #expect(operation.directives.map(\.name.value) == ["op"])
        guard case .field(let field) = operation.selectionSet.selections.first else {
            Issue.record("not a field")
            return
        }
        #expect(field.alias?.value == "a" && field.name.value == "node" && field.responseKey == "a")
        #expect(field.arguments == [Argument(name: Name("id"), value: .variable(Variable(name: Name("id"))))])
        let selections = field.selectionSet?.selections ?? []
        #expect(selections.count == 2)
        if case .inlineFragment(let inline) = selections.first {
            #expect(inline.typeCondition?.name.value == "User")
        } else {
            Issue.record("not an inline fragment")
        }
        if case .fragmentSpread(let spread) = selections.last {
            #expect(spread.name.value == "F")
        } else {
            Issue.record("not a spread")
        }
    }

    @Test func rangesCoverTheNodeAndCarryTheSourceID() throws {
        let text = "  query Q { field(arg: [1, 2]) }  "
        let document = try Parser.parse(Source(text, id: SourceID(5)))
        guard case .operation(let operation) = document.definitions.first,
              case .field(let field) = operation.selectionSet.selections.first else {
            Issue.record("unexpected shape")
            return
        }
        func slice(_ range: SourceRange) -> Substring {
            let utf8 = Array(text.utf8)
            return Substring(decoding: utf8[range.start..<range.end], as: UTF8.self)
        }
        #expect(document.range == SourceRange(start: 0, end: text.utf8.count, source: SourceID(5)))
        #expect(slice(operation.range) == "query Q { field(arg: [1, 2]) }")
        #expect(operation.name?.range == SourceRange(start: 8, end: 9, source: SourceID(5)))
        #expect(slice(field.range) == "field(arg: [1, 2])")
        #expect(slice(field.arguments[0].value.range) == "[1, 2]")
        #expect(slice(operation.selectionSet.range) == "{ field(arg: [1, 2]) }")
    }

    @Test func allValueLiterals() throws {
        let value = try Parser.parseValue(Source(#"[1, -2.5e3, "s", """b""", true, false, null, ENUM, $v, {a: {b: []}}]"#), options: noLocation)
        #expect(value == .list([
            .int("1", .none), .float("-2.5e3", .none), .string(StringValue("s")), .string(StringValue("b", block: true)),
            .boolean(true, .none), .boolean(false, .none), .null(.none), .enumValue("ENUM", .none),
            .variable(Variable(name: Name("v"))),
            .object([ObjectField(name: Name("a"), value: .object([ObjectField(name: Name("b"), value: .list([], .none))], .none))], .none),
        ], .none))
        #expect(throws: GraphQLError.self) { try Parser.parseConstValue(Source("[$v]")) }
        #expect(try Parser.parseType(Source("[[A!]]!"), options: noLocation)
            == .nonNull(.list(.list(.nonNull(.named(NamedType(name: Name("A"))), .none), .none), .none), .none))
    }

    @Test func descriptionsOnExecutableDefinitions() throws {
        let document = try Parser.parse(Source(#""op" query Q("var" $a: Int) { f } """frag""" fragment F on T { f }"#), options: noLocation)
        guard case .operation(let operation) = document.definitions.first,
              case .fragment(let fragment) = document.definitions.last else {
            Issue.record("unexpected shape")
            return
        }
        #expect(operation.description?.value == "op")
        #expect(operation.variableDefinitions.first?.description?.value == "var")
        #expect(fragment.description == StringValue("frag", block: true))
        #expect(parseError(#""d" extend type T @a"#)?.message == "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.")
    }

    @Test func experimentalFragmentArguments() throws {
        var options = noLocation
        options.experimentalFragmentArguments = true
        let document = try Parser.parse(Source("fragment F($a: Int = 1) on T { ...G(a: $a) }"), options: options)
        guard case .fragment(let fragment) = document.definitions.first,
              case .fragmentSpread(let spread) = fragment.selectionSet.selections.first else {
            Issue.record("unexpected shape")
            return
        }
        #expect(fragment.variableDefinitions.map(\.variable.name.value) == ["a"])
        #expect(spread.arguments.map(\.name.value) == ["a"])
        #expect(parseError("{ ...G(a: 1) }")?.message == "Syntax Error: Expected Name, found \"(\".")
    }

    @Test func typeSystemShapes() throws {
        let text = """
        "Root" schema @s { query: Q mutation: M }
        scalar Date @specifiedBy(url: "x")
        type T implements A & B @d { "doc" f(a: Int = 1 @x, b: [String!]! = ["s"]): T! @deprecated }
        interface I implements A { f: Int }
        union U @u = A | B
        enum E { A @d B }
        input In { a: Int = 1 }
        directive @dir(a: Int) repeatable on FIELD | OBJECT
        extend schema { subscription: S }
        extend scalar Date @d
        extend type T implements C
        extend interface I @d
        extend union U = C
        extend enum E { C }
        extend input In @d
        extend directive @dir @d
        """
        let document = try Parser.parse(Source(text), options: noLocation)
        #expect(document.definitions.count == 16)
        guard case .type(.object(let object)) = document.definitions[2] else {
            Issue.record("not an object type")
            return
        }
        #expect(object.interfaces.map(\.name.value) == ["A", "B"])
        #expect(object.fields.first?.description?.value == "doc")
        #expect(object.fields.first?.arguments.map(\.name.value) == ["a", "b"])
        #expect(object.fields.first?.arguments.first?.defaultValue == .int("1", .none))
        if case .directive(let directive) = document.definitions[7] {
            #expect(directive.repeatable && directive.locations.map(\.value) == ["FIELD", "OBJECT"])
        } else {
            Issue.record("not a directive")
        }
        if case .typeExtension(.object(let extensionNode)) = document.definitions[10] {
            #expect(extensionNode.description == nil && extensionNode.interfaces.map(\.name.value) == ["C"])
        } else {
            Issue.record("not an object extension")
        }
        if case .schemaExtension(let schema) = document.definitions[8] {
            #expect(schema.operationTypes.map(\.operation) == [.subscription])
        } else {
            Issue.record("not a schema extension")
        }
        #expect(parseError("extend scalar Date")?.message == "Syntax Error: Unexpected <EOF>.")
        #expect(parseError("extend foo X")?.message == "Syntax Error: Unexpected Name \"foo\".")
        // An extension must add something, whatever the kind of type.
        for kind in ["scalar", "type", "interface", "union", "enum", "input"] {
            #expect(parseError("extend \(kind) X")?.message == "Syntax Error: Unexpected <EOF>.")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        for opener in ["[", "{a:"] {
            let text = "{ f(a: " + String(repeating: opener, count: 100_000) + ") }"
            #expect(parseError(text)?.message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
        }
        #expect(parseError(String(repeating: "{a", count: 100_000))?.message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
        #expect(parseError("query($a: " + String(repeating: "[", count: 100_000) + "A) { f }")?.message == "Syntax Error: Document is nested too deeply. Parsing aborted.")
        #expect(throws: GraphQLError.self) { try Parser.parseValue(Source(String(repeating: "[", count: 100_000))) }
        #expect(throws: GraphQLError.self) { try Parser.parseType(Source(String(repeating: "[", count: 100_000))) }
    }

    @Test func maxDepthOption() throws {
        var options = ParseOptions()
        options.maxDepth = 3
        #expect(try Parser.parse(Source("{ a { b { c } } }"), options: options).definitions.count == 1)
        #expect(parseError("{ a { b { c { d } } } }", options: options)?.locations(in: Source("{ a { b { c { d } } } }")) == [SourceLocation(line: 1, column: 13)])
    }

    @Test func tokenLimits() {
        var options = ParseOptions()
        options.maxTokens = 2
        // Comments count toward maxTokens and are checked as they are skipped.
        let error = parseError("# a\n# b\n# c\n{ a }", options: options)
        #expect(error?.message == "Syntax Error: Document contains more than 2 tokens. Parsing aborted.")
        #expect(error?.ranges.first?.start == 8)
        options = ParseOptions()
        options.maxComments = 1
        #expect(parseError("# a\n# b\n{ a }", options: options)?.message == "Syntax Error: Document contains more than 1 comments. Parsing aborted.")
        options = ParseOptions()
        options.maxSourceLength = 3
        let source = Source("{ é }")
        do {
            _ = try Parser.parse(source, options: options)
            Issue.record("no error")
        } catch {
            #expect(error.message == "Syntax Error: Source contains more than 3 code points. Parsing aborted.")
            #expect(error.locations(in: source) == [SourceLocation(line: 1, column: 4)])
        }
    }

    @Test func emptySelectionSets() throws {
        #expect(try Parser.parse(Source("{ a { } }")).definitions.count == 1)
        var options = ParseOptions()
        options.allowEmptySelectionSets = false
        #expect(parseError("{ a { } }", options: options)?.message == "Syntax Error: Expected Name, found \"}\".")
    }

    @Test func noLocationIgnoresLayout() throws {
        let first = try Parser.parse(Source("query Q { a(x: 1) { b } }"), options: noLocation)
        let second = try Parser.parse(Source("query   Q{a(x:1),{b}}", id: SourceID(9)), options: noLocation)
        #expect(first == second)
        #expect(first.range == .none)
    }

    @Test func errorsPointAtTheOffendingToken() {
        let source = Source("{\n  f(a: 1\n}")
        do {
            _ = try Parser.parse(source)
            Issue.record("no error")
        } catch {
            #expect(error.message == "Syntax Error: Expected Name, found \"}\".")
            #expect(error.locations(in: source) == [SourceLocation(line: 3, column: 1)])
        }
    }
}

/// Inputs where graphql-core 3.3.2 and sqlgen disagreed (found by differential fuzzing).
@Suite struct DifferentialRegressionTests {
    func error(_ text: String) -> (String, SQLGenLanguage.SourceLocation?)? {
        let source = Source(text)
        do {
            _ = try Parser.parse(source)
            return nil
        } catch {
            return (error.message, error.locations(in: source).first)
        }
    }

    /// graphql-core consumes an operation type's name before checking it, so a bad next token wins.
    @Test func operationTypeIsCheckedAfterTheNextTokenIsRead() {
        let first = error("schema {\n  uni-")
        #expect(first?.0 == "Syntax Error: Invalid number, expected digit but got: <EOF>.")
        #expect(first?.1 == SourceLocation(line: 2, column: 7))
        let second = error("schema {\n  queption\"  que}\n")
        #expect(second?.0 == "Syntax Error: Unterminated string.")
        #expect(error("schema { queption: Q }")?.0 == "Syntax Error: Unexpected Name \"queption\".")
    }
}
