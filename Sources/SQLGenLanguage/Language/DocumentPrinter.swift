/// The writer behind `Printer`: appends to `out`, indenting every line by `depth` levels.
struct DocumentPrinter {
    var out: [UInt8] = []
    private(set) var depth = 0

    init(capacity: Int) {
        out.reserveCapacity(capacity)
    }

    // MARK: Output primitives

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    mutating func writeString(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    mutating func write(_ name: Name) {
        out.append(contentsOf: name.value.utf8)
    }

    /// A line break followed by the current indentation (graphql-js indents every line of an
    /// indented block, blank ones and block-string lines included).
    mutating func newline() {
        out.append(0x0A)
        for _ in 0..<depth { out.append(0x20); out.append(0x20) }
    }

    /// `open`, then `count` items on their own indented lines, then `close` on its own line
    /// (graphql-js `block` and the wrapped forms of lists and argument lists). Nothing when empty.
    mutating func indentedLines(_ open: StaticString, _ count: Int, _ close: StaticString, item: (inout DocumentPrinter, Int) -> Void) {
        guard count > 0 else { return }
        write(open)
        depth += 1
        for index in 0..<count {
            newline()
            item(&self, index)
        }
        depth -= 1
        newline()
        write(close)
    }

    /// `items` between `open` and `close`, one per indented line when `multiline`, else on one
    /// line separated by commas (`inner` is the space inside the brackets on one line).
    mutating func bracketed<T>(_ items: [T], _ open: StaticString, _ close: StaticString, multiline: Bool, inner: StaticString = "",
                               item: (inout DocumentPrinter, T) -> Void) {
        if multiline {
            indentedLines(open, items.count, close) { printer, index in item(&printer, items[index]) }
        } else {
            write(open)
            write(inner)
            joined(items, ", ", item: item)
            write(inner)
            write(close)
        }
    }

    /// Items separated by `separator` on one line.
    mutating func joined<T>(_ items: [T], _ separator: StaticString, item: (inout DocumentPrinter, T) -> Void) {
        for (index, element) in items.enumerated() {
            if index > 0 { write(separator) }
            item(&self, element)
        }
    }

    mutating func description(_ description: StringValue?) {
        guard let description else { return }
        stringValue(description)
        newline()
    }

    /// ` @a @b(x: 1)`: a space, then the directives separated by spaces; nothing if there are none.
    mutating func spacedDirectives(_ directives: [Directive]) {
        for directive in directives {
            write(" ")
            self.directive(directive)
        }
    }

    // MARK: Document and definitions

    mutating func document(_ document: Document) {
        var previous: Definition?
        for definition in document.definitions {
            if previous != nil { write("\n\n") }
            self.definition(definition, allowsShorthand: previous?.isExecutable ?? true)
            previous = definition
        }
    }

    /// `allowsShorthand`: whether an anonymous query may print as `{ ... }`. Not after a type
    /// definition, which would read the braces as its own body (`enum E` then `{ a }`).
    mutating func definition(_ definition: Definition, allowsShorthand: Bool = true) {
        switch definition {
        case .operation(let operation): self.operation(operation, allowsShorthand: allowsShorthand)
        case .fragment(let fragment): self.fragment(fragment)
        case .schema(let schema): self.schema(schema, extension: false)
        case .schemaExtension(let schema): self.schema(schema, extension: true)
        case .type(let type): typeDefinition(type, extension: false)
        case .typeExtension(let type): typeDefinition(type, extension: true)
        case .directive(let directive): directiveDefinition(directive)
        case .directiveExtension(let directive): directiveExtension(directive)
        }
    }

    mutating func operation(_ operation: OperationDefinition, allowsShorthand: Bool = true) {
        // An anonymous query without variables or directives uses the short form `{ ... }`.
        if allowsShorthand, operation.operation == .query, operation.description == nil, operation.name == nil,
           operation.variableDefinitions.isEmpty, operation.directives.isEmpty {
            selectionSet(operation.selectionSet)
            return
        }
        description(operation.description)
        writeString(operation.operation.rawValue)
        if operation.name != nil || !operation.variableDefinitions.isEmpty {
            write(" ")
            if let name = operation.name { write(name) }
            variableDefinitions(operation.variableDefinitions)
        }
        spacedDirectives(operation.directives)
        write(" ")
        selectionSet(operation.selectionSet)
    }

    /// Operation variables go one per line (not indented) when any of them spans several lines.
    mutating func variableDefinitions(_ definitions: [VariableDefinition]) {
        guard !definitions.isEmpty else { return }
        write("(")
        if definitions.contains(where: PrintMeasure.isMultiline) {
            for definition in definitions {
                newline()
                variableDefinition(definition)
            }
            newline()
        } else {
            joined(definitions, ", ") { $0.variableDefinition($1) }
        }
        write(")")
    }

    mutating func variableDefinition(_ definition: VariableDefinition) {
        description(definition.description)
        write("$")
        write(definition.variable.name)
        typeDefaultAndDirectives(definition.type, definition.defaultValue, definition.directives)
    }

    /// `: Type = default @directives`, after the name of a variable, argument or input field.
    mutating func typeDefaultAndDirectives(_ type: TypeReference, _ defaultValue: Value?, _ directives: [Directive]) {
        write(": ")
        self.type(type)
        if let defaultValue {
            write(" = ")
            value(defaultValue)
        }
        spacedDirectives(directives)
    }

    mutating func fragment(_ fragment: FragmentDefinition) {
        description(fragment.description)
        write("fragment ")
        write(fragment.name)
        // Fragment variables (experimental) always stay on one line, as in graphql-js.
        if !fragment.variableDefinitions.isEmpty {
            bracketed(fragment.variableDefinitions, "(", ")", multiline: false) { $0.variableDefinition($1) }
        }
        write(" on ")
        write(fragment.typeCondition.name)
        spacedDirectives(fragment.directives)
        write(" ")
        selectionSet(fragment.selectionSet)
    }

    // MARK: Selections

    mutating func selectionSet(_ selectionSet: SelectionSet) {
        if selectionSet.selections.isEmpty {
            write("{}")
            return
        }
        indentedLines("{", selectionSet.selections.count, "}") { printer, index in
            printer.selection(selectionSet.selections[index])
        }
    }

    mutating func selection(_ selection: Selection) {
        switch selection {
        case .field(let field):
            var prefixLength = field.name.value.utf8.count
            if let alias = field.alias {
                write(alias)
                write(": ")
                prefixLength += alias.value.utf8.count + 2
            }
            write(field.name)
            arguments(field.arguments, prefixLength: prefixLength)
            spacedDirectives(field.directives)
            if let selectionSet = field.selectionSet {
                write(" ")
                self.selectionSet(selectionSet)
            }
        case .fragmentSpread(let spread):
            write("...")
            write(spread.name)
            arguments(spread.arguments, prefixLength: 3 + spread.name.value.utf8.count)
            spacedDirectives(spread.directives)
        case .inlineFragment(let fragment):
            write("...")
            if let typeCondition = fragment.typeCondition {
                write(" on ")
                write(typeCondition.name)
            }
            spacedDirectives(fragment.directives)
            write(" ")
            selectionSet(fragment.selectionSet)
        }
    }

    /// Field and fragment-spread arguments: one line, or one per line when `prefix(args)` is too long.
    mutating func arguments(_ arguments: [Argument], prefixLength: Int) {
        guard !arguments.isEmpty else { return }
        bracketed(arguments, "(", ")", multiline: PrintMeasure.argumentsOverflow(prefixLength: prefixLength, arguments)) { $0.argument($1) }
    }

    mutating func argument(_ argument: Argument) {
        write(argument.name)
        write(": ")
        value(argument.value)
    }

    // MARK: Values, types, directives

    mutating func value(_ value: Value) {
        switch value {
        case .variable(let variable):
            write("$")
            write(variable.name)
        case .int(let text, _), .float(let text, _), .enumValue(let text, _):
            writeString(text)
        case .string(let string):
            stringValue(string)
        case .boolean(let flag, _):
            write(flag ? "true" : "false")
        case .null:
            write("null")
        case .list(let values, _):
            bracketed(values, "[", "]", multiline: PrintMeasure.value(value).length > PrintMeasure.maxLineLength) { $0.value($1) }
        case .object(let fields, _):
            let multiline = PrintMeasure.value(value).length > PrintMeasure.maxLineLength
            bracketed(fields, "{", "}", multiline: multiline, inner: " ") { $0.argument($1) }
        }
    }

    /// A quoted string, or a block string whose lines follow the current indentation.
    mutating func stringValue(_ string: StringValue) {
        guard string.block else {
            StringLiteralPrinter.appendQuoted(string.value, to: &out)
            return
        }
        StringLiteralPrinter.appendBlock(string.value, indentation: depth, to: &out)
    }

    mutating func type(_ type: TypeReference) {
        switch type {
        case .named(let named):
            write(named.name)
        case .list(let inner, _):
            write("[")
            self.type(inner)
            write("]")
        case .nonNull(let inner, _):
            self.type(inner)
            write("!")
        }
    }

    mutating func directive(_ directive: Directive) {
        write("@")
        write(directive.name)
        if !directive.arguments.isEmpty {
            bracketed(directive.arguments, "(", ")", multiline: false) { $0.argument($1) }
        }
    }
}
