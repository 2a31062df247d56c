// Expressions are written piece by piece into the line being written: no expression is first
// built as a string of its own.

extension SwiftRenderer {
    static func render(_ expression: SwiftExpression, into writer: inout CodeWriter) {
        switch expression {
        case .identifier(let name), .type(let name):
            writer.append(name)
        case .literal(let value):
            render(value, into: &writer)
        case .interpolatedString(let parts):
            renderInterpolated(parts, into: &writer)
        case .macro(let name):
            writer.append("#")
            writer.append(name)
        case .member(let base, let name):
            if let base { render(base, into: &writer) }
            writer.append(".")
            writer.append(name)
        case .call(let callee, let arguments):
            render(callee, into: &writer)
            render(arguments, open: "(", close: ")", into: &writer)
        case .subscriptOf(let base, let arguments):
            render(base, into: &writer)
            render(arguments, open: "[", close: "]", into: &writer)
        case .optionalChain(let base):
            render(base, into: &writer)
            writer.append("?")
        case .tryExpression(let operand):
            writer.append("try ")
            render(operand, into: &writer)
        case .awaitExpression(let operand):
            writer.append("await ")
            render(operand, into: &writer)
        case .binary(let lhs, let operation, let rhs):
            render(lhs, into: &writer)
            writer.append(" ")
            writer.append(operation)
            writer.append(" ")
            render(rhs, into: &writer)
        case .prefix(let operation, let operand):
            writer.append(operation)
            render(operand, into: &writer)
        case .array(let elements):
            writer.append("[")
            commaSeparated(elements, into: &writer) { render($0, into: &$1) }
            writer.append("]")
        case .dictionary(let entries):
            renderDictionary(entries, into: &writer)
        case .verticalCall(let callee, let arguments):
            render(callee, into: &writer)
            vertical(arguments, open: "(", close: ")", lastHasComma: false, into: &writer) { render($0, into: &$1) }
        case .verticalArray(let elements):
            vertical(elements, open: "[", close: "]", lastHasComma: true, into: &writer) { render($0, into: &$1) }
        }
    }

    /// `"text \(expression) text"`.
    private static func renderInterpolated(_ parts: [SwiftInterpolationPart], into writer: inout CodeWriter) {
        writer.append("\"")
        for part in parts {
            switch part {
            case .text(let text):
                writer.append(SwiftLiteral.escaped(text))
            case .expression(let value):
                writer.append("\\(")
                render(value, into: &writer)
                writer.append(")")
            }
        }
        writer.append("\"")
    }

    /// `[key: value, ...]`, or `[:]` when empty.
    private static func renderDictionary(_ entries: [SwiftDictionaryEntry], into writer: inout CodeWriter) {
        writer.append("[")
        if entries.isEmpty { writer.append(":") }
        commaSeparated(entries, into: &writer) { entry, writer in
            render(entry.key, into: &writer)
            writer.append(": ")
            render(entry.value, into: &writer)
        }
        writer.append("]")
    }

    /// `open`, then each item on a line of its own one level in, then `close` on a new line.
    private static func vertical<Item>(_ items: [Item], open: String, close: String, lastHasComma: Bool, into writer: inout CodeWriter, _ write: (Item, inout CodeWriter) -> Void) {
        writer.append(open)
        writer.endLine()
        writer.push()
        for (index, item) in items.enumerated() {
            writer.startLine()
            write(item, &writer)
            if lastHasComma || index < items.count - 1 { writer.append(",") }
            writer.endLine()
        }
        writer.pop()
        writer.startLine()
        writer.append(close)
    }

    private static func render(_ value: SwiftLiteralValue, into writer: inout CodeWriter) {
        switch value {
        case .string(let text):
            writer.append("\"")
            writer.append(SwiftLiteral.escaped(text))
            writer.append("\"")
        case .multilineString(let text):
            let hashes = SwiftLiteral.rawDelimiter(for: text)
            writer.append(hashes)
            writer.append("\"\"\"\n")
            writer.append(text)
            writer.append("\n\"\"\"")
            writer.append(hashes)
        case .integer(let number):
            writer.append(String(number))
        case .double(let number):
            writer.append(String(number))
        case .boolean(let flag):
            writer.append(flag ? "true" : "false")
        case .nil:
            writer.append("nil")
        }
    }

    private static func render(_ arguments: [SwiftArgument], open: String, close: String, into writer: inout CodeWriter) {
        writer.append(open)
        commaSeparated(arguments, into: &writer) { render($0, into: &$1) }
        writer.append(close)
    }

    private static func render(_ argument: SwiftArgument, into writer: inout CodeWriter) {
        if let label = argument.label {
            writer.append(label)
            writer.append(": ")
        }
        render(argument.value, into: &writer)
    }

    /// `items` separated by `, `, each written by `write`.
    static func commaSeparated<Item>(_ items: [Item], into writer: inout CodeWriter, _ write: (Item, inout CodeWriter) -> Void) {
        for (index, item) in items.enumerated() {
            if index > 0 { writer.append(", ") }
            write(item, &writer)
        }
    }
}
