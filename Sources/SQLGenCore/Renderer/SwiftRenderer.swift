/// Renders the structured Swift model as source text. The only place that knows Swift's layout.
public enum SwiftRenderer {
    public static func render(_ file: SwiftFile) -> String {
        var writer = CodeWriter()
        for line in file.header { writer.line(line.isEmpty ? "//" : "// " + line) }
        if !file.header.isEmpty { writer.blank() }
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
        var text = writer.text
        // Byte-wise: `hasSuffix` compares by Unicode equivalence.
        while text.utf8.count >= 2, text.utf8.suffix(2).elementsEqual([10, 10]) { text.removeLast() }
        return text
    }

    static func render(_ declarations: [SwiftDeclaration], into writer: inout CodeWriter) {
        var previousWasCase = false
        for declaration in declarations {
            let isCase: Bool
            if case .enumCase = declaration { isCase = true } else { isCase = false }
            // Enum cases and stored properties sit together; everything else gets a blank line.
            if !(isCase && previousWasCase) && !isSimpleStoredProperty(declaration, previous: previousWasCase) {
                writer.blank()
            }
            render(declaration, into: &writer)
            previousWasCase = isCase || isStoredProperty(declaration)
        }
    }

    private static func isStoredProperty(_ declaration: SwiftDeclaration) -> Bool {
        if case .variable(let variable) = declaration, variable.getter == nil, variable.documentation.isEmpty { return true }
        return false
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
            writer.line("case " + name + (payload.map { "(\($0))" } ?? ""))
        case .mark(let title):
            writer.line("// MARK: - " + title)
        case .statements(let statements):
            render(statements, into: &writer)
        case .conditional(let condition, let declarations, let alternatives):
            writer.line("#if " + condition)
            for item in declarations { render(item, into: &writer) }
            if !alternatives.isEmpty {
                writer.line("#else")
                for item in alternatives { render(item, into: &writer) }
            }
            writer.line("#endif")
        }
    }

    private static func documentation(_ lines: [String], into writer: inout CodeWriter) {
        for line in lines { writer.line(line.isEmpty ? "///" : "/// " + line) }
    }

    private static func renderType(keyword: String, _ type: SwiftTypeDeclaration, into writer: inout CodeWriter) {
        documentation(type.documentation, into: &writer)
        for attribute in type.attributes { writer.line(attribute) }
        var head = type.access == .internal ? "" : type.access.rawValue + " "
        if type.isFinal { head += "final " }
        head += keyword + " " + type.name
        if !type.conformances.isEmpty { head += ": " + type.conformances.joined(separator: ", ") }
        if type.members.isEmpty {
            writer.line(head + " {}")
            return
        }
        writer.line(head + " {")
        writer.push()
        render(type.members, into: &writer)
        writer.pop()
        writer.line("}")
    }

    private static func renderFunction(_ function: SwiftFunction, into writer: inout CodeWriter) {
        documentation(function.documentation, into: &writer)
        for attribute in function.attributes { writer.line(attribute) }
        var head = function.access.map { $0.rawValue + " " } ?? ""
        if function.isStatic { head += "static " }
        if function.isMutating { head += "mutating " }
        switch function.kind {
        case .function(let name):
            // Operators need a space before their parameter list: `static func == (lhs: ...)`.
            let isOperator = name.unicodeScalars.first.map { !($0.properties.isAlphabetic || $0 == "_" || $0 == "`") } ?? false
            head += "func " + name + (isOperator ? " " : "")
        case .initializer(let failable): head += failable ? "init?" : "init"
        }
        let parameters = function.parameters.map { parameter -> String in
            var text = ""
            if let label = parameter.label, label != parameter.name { text += label + " " }
            text += parameter.name + ": " + parameter.type
            if let value = parameter.defaultValue { text += " = " + value }
            return text
        }
        head += "(" + parameters.joined(separator: ", ") + ")"
        if function.isAsync { head += " async" }
        if let throwsKeyword = function.throwsKeyword { head += " " + throwsKeyword }
        if let returnType = function.returnType { head += " -> " + returnType }
        if function.body.isEmpty {
            writer.line(head + " {}")
            return
        }
        writer.line(head + " {")
        writer.push()
        render(function.body, into: &writer)
        writer.pop()
        writer.line("}")
    }

    private static func renderVariable(_ variable: SwiftVariable, into writer: inout CodeWriter) {
        documentation(variable.documentation, into: &writer)
        var head = variable.attributes.map { $0 + " " }.joined()
        if let access = variable.access { head += access.rawValue + " " }
        if let setter = variable.setterAccess { head += setter.rawValue + "(set) " }
        if variable.isStatic { head += "static " }
        head += (variable.isLet ? "let " : "var ") + variable.name
        if let type = variable.type { head += ": " + type }
        if let value = variable.initialValue { head += " = " + value }
        guard let getter = variable.getter else {
            writer.line(head)
            return
        }
        writer.line(head + " {")
        writer.push()
        render(getter, into: &writer)
        writer.pop()
        writer.line("}")
    }

    static func render(_ statements: [SwiftStatement], into writer: inout CodeWriter) {
        for statement in statements {
            switch statement {
            case .line(let text):
                writer.line(text)
            case .block(let header, let body, let trailer):
                writer.line(header + " {")
                writer.push()
                render(body, into: &writer)
                writer.pop()
                writer.line("}" + trailer)
            case .switchOn(let subject, let cases):
                writer.line("switch \(subject) {")
                for item in cases {
                    writer.line(item.pattern.map { "case \($0):" } ?? "default:")
                    writer.push()
                    render(item.body, into: &writer)
                    writer.pop()
                }
                writer.line("}")
            case .declaration(let declaration):
                render(declaration, into: &writer)
            }
        }
    }
}
