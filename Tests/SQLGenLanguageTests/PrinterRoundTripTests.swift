import SQLGenLanguage
import Testing

/// `parse(print(ast)) == ast` on seeded random ASTs: strings with escapes and non-ASCII text,
/// block strings, nested lists and objects around the 80-column limit, descriptions everywhere.
@Suite struct PrinterRoundTripTests {
    @Test(arguments: 0..<8)
    func randomDocumentsSurviveARoundTrip(seed: UInt64) throws {
        var generator = RandomAST(seed: seed)
        var options = ParseOptions()
        options.noLocation = true
        var wrappedForms = Set<String>()
        for _ in 0..<40 {
            let document = generator.document()
            let printed = Printer.print(document)
            for form in ["(\n", "[\n", ": {\n", "\"\"\"\n"] where printed.contains(form) { wrappedForms.insert(form) }
            let reparsed = try Parser.parse(Source(printed), options: options)
            #expect(reparsed == document, "printed:\n\(printed)")
            // Printing is stable: the canonical form prints to itself.
            #expect(Printer.print(reparsed) == printed)
        }
        // The documents are big enough to exercise every wrapped form.
        #expect(wrappedForms.count == 4, "\(wrappedForms)")
    }

    @Test("An anonymous query after a type definition keeps its keyword: the type would read `{ ... }` as its body")
    func anonymousQueryAfterATypeDefinition() throws {
        var options = ParseOptions()
        options.noLocation = true
        for typeDefinition in ["enum Kind", "type Movie", "interface Node", "input Filter", "extend enum Kind @tag"] {
            let document = try Parser.parse(Source(typeDefinition + " query { a b }"), options: options)
            let printed = Printer.print(document)
            #expect(try Parser.parse(Source(printed), options: options) == document, "printed:\n\(printed)")
            #expect(printed.hasSuffix("\n\nquery {\n  a\n  b\n}"), "printed:\n\(printed)")
        }
        // First in the document, or after an executable definition, the short form stays.
        #expect(Printer.print(try Parser.parse(Source("{ a } { b }"))) == "{\n  a\n}\n\n{\n  b\n}")
    }
}

/// Builds random ASTs in the shape the parser produces with `noLocation` (all ranges `.none`).
private struct RandomAST {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64: small, seedable, the same on every platform.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func name() -> Name {
        let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
        let rest = first + Array("0123456789")
        var text = String(pick(first))
        for _ in 0..<below(chance(20) ? 30 : 8) { text.append(pick(rest)) }
        return Name(text)
    }

    /// A name that is not a keyword value (`true`, `false`, `null`) so it can be an enum value.
    mutating func enumName() -> String {
        let text = name().value
        return ["true", "false", "null"].contains(text) ? text + "_" : text
    }

    /// Fragment names cannot be `on`.
    mutating func fragmentName() -> Name {
        let text = name()
        return text.value == "on" ? Name("on_") : text
    }

    mutating func quotedText() -> String {
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\t", "\r", "\u{08}", "\u{0C}", "\u{01}", "\u{7F}", "\u{85}", "é", "😀", "中", "\u{2028}", "#", "{"]
        var text = ""
        for _ in 0..<below(chance(15) ? 90 : 12) { text += pick(pieces) }
        return text
    }

    /// Block string values as the parser produces them: no blank first or last line, no
    /// whitespace-only lines, no carriage returns or tabs, and no indentation common to every
    /// line after the first (dedenting would remove it).
    mutating func blockText() -> String {
        var lines: [String] = []
        let count = 1 + below(4)
        for index in 0..<count {
            let pieces = ["a", "b", " ", "\"", "\"\"\"", "\\", "é", "😀", "x"]
            var line = pick(["a", "b", "\"", "é", "\\", "q"])
            for _ in 0..<below(chance(10) ? 80 : 10) { line += pick(pieces) }
            if index < count - 1 && chance(30) { line = "  " + line }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    mutating func stringValue() -> StringValue {
        chance(30) ? StringValue(blockText(), block: true) : StringValue(quotedText())
    }

    mutating func value(depth: Int = 0, const: Bool = false) -> Value {
        let choice = below(depth >= 3 ? 7 : 9)
        switch choice {
        case 0: return const ? .int(String(below(1000)), .none) : .variable(Variable(name: name()))
        case 1: return .int(pick(["0", "-1", "42", "1234567890"]), .none)
        case 2: return .float(pick(["1.5", "-0.25", "1e10", "6.02E+23", "3.0e-2"]), .none)
        case 3, 4: return .string(stringValue())
        case 5: return chance(50) ? .boolean(chance(50), .none) : .null(.none)
        case 6: return .enumValue(enumName(), .none)
        case 7: return .list((0..<below(chance(20) ? 25 : 5)).map { _ in value(depth: depth + 1, const: const) }, .none)
        default: return .object((0..<below(6)).map { _ in Argument(name: name(), value: value(depth: depth + 1, const: const)) }, .none)
        }
    }

    mutating func arguments(const: Bool = false) -> [Argument] {
        (0..<below(chance(30) ? 5 : 2)).map { _ in Argument(name: name(), value: value(const: const)) }
    }

    mutating func directives(const: Bool = false) -> [Directive] {
        (0..<below(chance(30) ? 3 : 1)).map { _ in Directive(name: name(), arguments: arguments(const: const)) }
    }

    mutating func type() -> TypeReference {
        var type = TypeReference.named(NamedType(name: name()))
        for _ in 0..<below(3) {
            if chance(50) { type = .list(type, .none) }
            if case .nonNull = type { continue }
            if chance(50) { type = .nonNull(type, .none) }
        }
        return type
    }

    mutating func selectionSet(depth: Int) -> SelectionSet {
        SelectionSet(selections: (0..<(1 + below(3))).map { _ in selection(depth: depth) })
    }

    mutating func selection(depth: Int) -> Selection {
        switch below(depth >= 3 ? 2 : 6) {
        case 0:
            return .field(Field(alias: chance(30) ? name() : nil, name: name(), arguments: arguments(), directives: directives()))
        case 1:
            return .fragmentSpread(FragmentSpread(name: fragmentName(), directives: directives()))
        case 2:
            return .inlineFragment(InlineFragment(typeCondition: chance(60) ? NamedType(name: name()) : nil, directives: directives(), selectionSet: selectionSet(depth: depth + 1)))
        default:
            return .field(Field(alias: chance(30) ? name() : nil, name: name(), arguments: arguments(), directives: directives(), selectionSet: selectionSet(depth: depth + 1)))
        }
    }

    mutating func description() -> StringValue? { chance(40) ? stringValue() : nil }

    mutating func inputValues() -> [InputValueDefinition] {
        (0..<below(4)).map { _ in
            InputValueDefinition(description: chance(20) ? stringValue() : nil, name: name(), type: type(), defaultValue: chance(30) ? value(const: true) : nil, directives: directives(const: true))
        }
    }

    mutating func definition() -> Definition {
        switch below(7) {
        case 0, 1:
            let variables = (0..<below(4)).map { _ in
                VariableDefinition(description: chance(15) ? stringValue() : nil, variable: Variable(name: name()), type: type(), defaultValue: chance(30) ? value(const: true) : nil, directives: directives(const: true))
            }
            let operation = pick(OperationType.allCases)
            let named = chance(70) || !variables.isEmpty
            return .operation(OperationDefinition(description: named && chance(20) ? stringValue() : nil, operation: operation, name: named ? name() : nil, variableDefinitions: variables, directives: directives(), selectionSet: selectionSet(depth: 0)))
        case 2:
            return .fragment(FragmentDefinition(description: chance(20) ? stringValue() : nil, name: fragmentName(), typeCondition: NamedType(name: name()), directives: directives(), selectionSet: selectionSet(depth: 0)))
        case 3:
            let fields = (0..<(1 + below(4))).map { _ in
                FieldDefinition(description: description(), name: name(), arguments: inputValues(), type: type(), directives: directives(const: true))
            }
            let object = ObjectTypeDefinition(description: description(), name: name(), interfaces: (0..<below(3)).map { _ in NamedType(name: name()) }, directives: directives(const: true), fields: fields)
            return chance(50) ? .type(.object(object)) : .type(.interface(object))
        case 4:
            let values = (0..<(1 + below(4))).map { _ in EnumValueDefinition(description: description(), name: Name(enumName()), directives: directives(const: true)) }
            return .type(.enumType(EnumTypeDefinition(description: description(), name: name(), directives: directives(const: true), values: values)))
        case 5:
            return .type(.inputObject(InputObjectTypeDefinition(description: description(), name: name(), directives: directives(const: true), fields: (0..<(1 + below(3))).map { _ in
                InputValueDefinition(description: description(), name: name(), type: type(), defaultValue: chance(30) ? value(const: true) : nil, directives: directives(const: true))
            })))
        default:
            let locations = (0..<(1 + below(3))).map { _ in Name(pick(DirectiveLocation.allCases).rawValue) }
            return .directive(DirectiveDefinition(description: description(), name: name(), arguments: inputValues(), repeatable: chance(30), locations: locations))
        }
    }

    mutating func document() -> Document {
        Document(definitions: (0..<(1 + below(3))).map { _ in definition() })
    }
}
