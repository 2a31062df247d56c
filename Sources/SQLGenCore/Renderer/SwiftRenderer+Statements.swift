extension SwiftRenderer {
    static func render(_ statements: [SwiftStatement], into writer: inout CodeWriter) {
        for statement in statements { render(statement, into: &writer) }
    }

    static func render(_ statement: SwiftStatement, into writer: inout CodeWriter) {
        switch statement {
        case .expression(let expression):
            writeLine("", expression, into: &writer)
        case .binding(let kind, let name, let value):
            writer.startLine()
            writer.append(kind.rawValue)
            writer.append(" ")
            writer.append(name)
            writeRest(" = ", value, into: &writer)
        case .assignment(let target, let value):
            writer.startLine()
            render(target, into: &writer)
            writeRest(" = ", value, into: &writer)
        case .returnStatement(let value?):
            writeLine("return ", value, into: &writer)
        case .returnStatement(nil):
            writer.line("return")
        case .throwStatement(let value):
            writeLine("throw ", value, into: &writer)
        case .ifStatement(let conditions, let body, let alternative):
            renderIf(conditions, body: body, alternative: alternative, into: &writer)
        case .guardStatement(let conditions, let elseBody):
            writer.startLine()
            writer.append("guard ")
            render(conditions, into: &writer)
            writer.append(" else {")
            writer.endLine()
            indented(elseBody, into: &writer)
            writer.line("}")
        case .switchOn(let subject, let cases):
            renderSwitch(subject, cases: cases, into: &writer)
        case .doCatch(let body, let catchBody):
            writer.line("do {")
            indented(body, into: &writer)
            writer.line("} catch {")
            indented(catchBody, into: &writer)
            writer.line("}")
        case .conditional(let block):
            renderConditional(block, into: &writer) { render($1, into: &$0) }
        case .declaration(let declaration):
            render(declaration, into: &writer)
        }
    }

    /// `#if` / `#else` / `#endif` at the level of what they enclose.
    static func renderConditional<Element>(_ block: SwiftConditionalBlock<Element>, into writer: inout CodeWriter, element: (inout CodeWriter, [Element]) -> Void) {
        writer.startLine()
        writer.append("#if ")
        switch block.condition {
        case .canImport(let module):
            writer.append("canImport(")
            writer.append(module)
            writer.append(")")
        }
        writer.endLine()
        element(&writer, block.elements)
        if !block.alternatives.isEmpty {
            writer.line("#else")
            element(&writer, block.alternatives)
        }
        writer.line("#endif")
    }

    private static func writeLine(_ head: String, _ expression: SwiftExpression, into writer: inout CodeWriter) {
        writer.startLine()
        writeRest(head, expression, into: &writer)
    }

    /// `head` and `expression` to the end of the line being written.
    private static func writeRest(_ head: String, _ expression: SwiftExpression, into writer: inout CodeWriter) {
        writer.append(head)
        render(expression, into: &writer)
        writer.endLine()
    }

    private static func indented(_ statements: [SwiftStatement], into writer: inout CodeWriter) {
        writer.push()
        render(statements, into: &writer)
        writer.pop()
    }

    /// An `if` whose body is one `return` and that has no `else` stays on one line, as an early exit.
    private static func renderIf(_ conditions: [SwiftCondition], body: [SwiftStatement], alternative: [SwiftStatement], into writer: inout CodeWriter) {
        writer.startLine()
        writer.append("if ")
        render(conditions, into: &writer)
        if alternative.isEmpty, body.count == 1, case .returnStatement(let value) = body[0] {
            writer.append(" { return")
            if let value {
                writer.append(" ")
                render(value, into: &writer)
            }
            writer.append(" }")
            writer.endLine()
            return
        }
        writer.append(" {")
        writer.endLine()
        indented(body, into: &writer)
        guard !alternative.isEmpty else { return writer.line("}") }
        writer.line("} else {")
        indented(alternative, into: &writer)
        writer.line("}")
    }

    private static func render(_ conditions: [SwiftCondition], into writer: inout CodeWriter) {
        commaSeparated(conditions, into: &writer) { condition, writer in
            switch condition {
            case .expression(let expression):
                render(expression, into: &writer)
            case .optionalBinding(let name, let value):
                writer.append("let ")
                writer.append(name)
                if let value {
                    writer.append(" = ")
                    render(value, into: &writer)
                }
            }
        }
    }

    private static func renderSwitch(_ subject: SwiftExpression, cases: [SwiftSwitchCase], into writer: inout CodeWriter) {
        writer.startLine()
        writer.append("switch ")
        render(subject, into: &writer)
        writer.append(" {")
        writer.endLine()
        for item in cases {
            writer.startLine()
            if item.patterns.isEmpty {
                writer.append("default")
            } else {
                writer.append("case ")
                commaSeparated(item.patterns, into: &writer) { render($0, into: &$1) }
            }
            writer.append(":")
            writer.endLine()
            indented(item.body, into: &writer)
        }
        writer.line("}")
    }

    private static func render(_ pattern: SwiftPattern, into writer: inout CodeWriter) {
        switch pattern {
        case .expression(let expression):
            render(expression, into: &writer)
        case .enumCase(let name, let bindings):
            writer.append(".")
            writer.append(name)
            guard !bindings.isEmpty else { return }
            writer.append("(")
            commaSeparated(bindings, into: &writer) { binding, writer in
                writer.append("let ")
                writer.append(binding)
            }
            writer.append(")")
        }
    }
}
