/// Renders the structured Swift model as source text. The only place that knows Swift's layout.
public enum SwiftRenderer {
    public static func render(_ file: SwiftFile) -> String {
        var writer = CodeWriter()
        for line in file.header.flatMap(CommentText.lines) { writer.line(line.isEmpty ? "//" : "// " + line) }
        if !file.header.isEmpty, file.blankLineAfterHeader { writer.blank() }
        for item in file.imports {
            if item.conditional {
                writer.line("#if canImport(\(item.module))")
                writer.line("import \(item.module)")
                writer.line("#endif")
            } else {
                writer.line("import \(item.module)")
            }
        }
        if !file.imports.isEmpty { writer.blank() }
        render(file.declarations, into: &writer)
        return writer.text
    }

    static func render(_ declarations: [SwiftDeclaration], into writer: inout CodeWriter) {
        var previousWasCase = false
        for declaration in declarations {
            let isCase: Bool
            if case .enumCase = declaration { isCase = true } else { isCase = false }
            // Enum cases and one-line properties sit together; everything else gets a blank line.
            if !(isCase && previousWasCase) && !isSimpleStoredProperty(declaration, previous: previousWasCase) {
                writer.blank()
            }
            render(declaration, into: &writer)
            previousWasCase = isCase || isStoredProperty(declaration)
        }
    }

    /// A property without documentation that renders on one line: stored, or a one-line getter.
    private static func isStoredProperty(_ declaration: SwiftDeclaration) -> Bool {
        guard case .variable(let variable) = declaration, variable.documentation.isEmpty else { return false }
        guard let getter = variable.getter else { return true }
        return oneLineGetter(getter) != nil
    }

    private static func isSimpleStoredProperty(_ declaration: SwiftDeclaration, previous: Bool) -> Bool {
        previous && isStoredProperty(declaration)
    }

    static func render(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        switch declaration {
        case .structure(let type):
            renderType(keyword: "struct", type, into: &writer)
        case .enumeration(let type):
            renderType(keyword: "enum", type, into: &writer)
        case .classType(let type):
            renderType(keyword: "class", type, into: &writer)
        case .extensionOf(let ext):
            var head = ext.access.map { $0.rawValue + " " } ?? ""
            head += "extension " + ext.type
            if !ext.conformances.isEmpty { head += ": " + ext.conformances.joined(separator: ", ") }
            writer.line(head + " {")
            writer.push()
            render(ext.members, into: &writer)
            writer.pop()
            writer.line("}")
        case .function(let function):
            renderFunction(function, into: &writer)
        case .variable(let variable):
            renderVariable(variable, into: &writer)
        case .typeAlias(let access, let name, let type):
            writer.line("\(access.rawValue) typealias \(name) = \(type)")
        case .enumCase(let name, let payload):
            writer.startLine()
            writer.append("case ")
            writer.append(name)
            if let payload {
                writer.append("(")
                writer.append(payload)
                writer.append(")")
            }
            writer.endLine()
        case .mark(let title):
            writer.line("// MARK: - " + CommentText.lines(title).joined(separator: " "))
        case .conditional(let block):
            renderConditional(block, into: &writer) { writer, declarations in
                for item in declarations { render(item, into: &writer) }
            }
        }
    }

    /// `public ` and the like.
    private static func append(_ access: SwiftAccess, into writer: inout CodeWriter) {
        writer.append(access.rawValue)
        writer.append(" ")
    }

    private static func documentation(_ lines: [String], into writer: inout CodeWriter) {
        for line in lines.flatMap(CommentText.lines) {
            writer.startLine()
            writer.append("///")
            if !line.isEmpty {
                writer.append(" ")
                writer.append(line)
            }
            writer.endLine()
        }
    }

    /// Ends a declaration's head: ` {}` with no body, else ` {` and the body, indented, then `}`.
    private static func finishHead(hasBody: Bool, into writer: inout CodeWriter, body: (inout CodeWriter) -> Void) {
        writer.append(hasBody ? " {" : " {}")
        writer.endLine()
        guard hasBody else { return }
        writer.push()
        body(&writer)
        writer.pop()
        writer.line("}")
    }

    private static func renderType(keyword: String, _ type: SwiftTypeDeclaration, into writer: inout CodeWriter) {
        documentation(type.documentation, into: &writer)
        for attribute in type.attributes { writer.line(attribute) }
        writer.startLine()
        if type.access != .internal { append(type.access, into: &writer) }
        if type.isFinal { writer.append("final ") }
        writer.append(keyword)
        writer.append(" ")
        writer.append(type.name)
        for (index, conformance) in type.conformances.enumerated() {
            writer.append(index == 0 ? ": " : ", ")
            writer.append(conformance)
        }
        finishHead(hasBody: !type.members.isEmpty, into: &writer) { render(type.members, into: &$0) }
    }

    private static func renderFunction(_ function: SwiftFunction, into writer: inout CodeWriter) {
        documentation(function.documentation, into: &writer)
        for attribute in function.attributes { writer.line(attribute) }
        writer.startLine()
        if let access = function.access { append(access, into: &writer) }
        if function.isStatic { writer.append("static ") }
        if function.isMutating { writer.append("mutating ") }
        switch function.kind {
        case .function(let name):
            // Operators need a space before their parameter list: `static func == (lhs: ...)`.
            let isOperator = name.unicodeScalars.first.map { !($0.properties.isAlphabetic || $0 == "_" || $0 == "`") } ?? false
            writer.append("func ")
            writer.append(name)
            if isOperator { writer.append(" ") }
        case .initializer(let failable): writer.append(failable ? "init?" : "init")
        }
        writer.append("(")
        commaSeparated(function.parameters, into: &writer) { parameter, writer in
            if let label = parameter.label, label != parameter.name {
                writer.append(label)
                writer.append(" ")
            }
            writer.append(parameter.name)
            writer.append(": ")
            writer.append(parameter.type)
            if let value = parameter.defaultValue {
                writer.append(" = ")
                render(value, into: &writer)
            }
        }
        writer.append(")")
        if function.isAsync { writer.append(" async") }
        writer.append(" ", ifPresent: function.throwsKeyword)
        writer.append(" -> ", ifPresent: function.returnType)
        finishHead(hasBody: !function.body.isEmpty, into: &writer) { render(function.body, into: &$0) }
    }

    private static func renderVariable(_ variable: SwiftVariable, into writer: inout CodeWriter) {
        documentation(variable.documentation, into: &writer)
        writer.startLine()
        for attribute in variable.attributes {
            writer.append(attribute)
            writer.append(" ")
        }
        if let access = variable.access { append(access, into: &writer) }
        if let setter = variable.setterAccess {
            writer.append(setter.rawValue)
            writer.append("(set) ")
        }
        if variable.isStatic { writer.append("static ") }
        writer.append(variable.isLet ? "let " : "var ")
        writer.append(variable.name)
        writer.append(": ", ifPresent: variable.type)
        if let value = variable.initialValue {
            writer.append(" = ")
            render(value, into: &writer)
        }
        guard let getter = variable.getter else {
            writer.endLine()
            return
        }
        if let value = oneLineGetter(getter) {
            writer.append(" { ")
            render(value, into: &writer)
            writer.append(" }")
            writer.endLine()
            return
        }
        finishHead(hasBody: true, into: &writer) { render(getter, into: &$0) }
    }

    /// The expression of a getter that is one expression, written on the property's line.
    private static func oneLineGetter(_ getter: [SwiftStatement]) -> SwiftExpression? {
        guard getter.count == 1, case .expression(let value) = getter[0] else { return nil }
        return value
    }
}
