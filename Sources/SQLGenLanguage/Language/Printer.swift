/// Prints AST nodes as GraphQL text, byte for byte like graphql-js 17's `print`
/// (graphql-core 3.3.2 `print_ast`): two-space indentation, descriptions as written (block or
/// quoted), argument lists, lists and objects wrapped when their one-line form exceeds 80 scalars.
///
/// The output has no trailing newline. Printing writes into one growing byte buffer and decides
/// each wrap by measuring only the node concerned, so it is linear in the size of the document.
public enum Printer {
    public static func print(_ document: Document) -> String {
        String(decoding: printUTF8(document), as: UTF8.self)
    }

    /// `print(document)` as UTF-8 bytes, for writers that do not need a `String`.
    public static func printUTF8(_ document: Document) -> [UInt8] {
        var printer = DocumentPrinter(capacity: max(4096, document.range.end - document.range.start + 1024))
        printer.document(document)
        return printer.out
    }

    public static func print(_ definition: Definition) -> String {
        render { $0.definition(definition) }
    }

    public static func print(_ selectionSet: SelectionSet) -> String {
        render { $0.selectionSet(selectionSet) }
    }

    public static func print(_ selection: Selection) -> String {
        render { $0.selection(selection) }
    }

    public static func print(_ value: Value) -> String {
        render { $0.value(value) }
    }

    public static func print(_ type: TypeReference) -> String {
        render { $0.type(type) }
    }

    public static func print(_ directive: Directive) -> String {
        render { $0.directive(directive) }
    }

    /// A string value as a GraphQL literal: graphql-js `printString` (`"..."` with escapes).
    public static func printString(_ value: String) -> String {
        var out: [UInt8] = []
        StringLiteralPrinter.appendQuoted(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A block string literal: graphql-js `printBlockString` (`minimize` keeps it on one line when it can).
    public static func printBlockString(_ value: String, minimize: Bool = false) -> String {
        String(decoding: StringLiteralPrinter.blockBytes(value, minimize: minimize), as: UTF8.self)
    }

    private static func render(_ body: (inout DocumentPrinter) -> Void) -> String {
        var printer = DocumentPrinter(capacity: 256)
        body(&printer)
        return String(decoding: printer.out, as: UTF8.self)
    }
}

/// The writer behind `Printer`: appends to `out`, indenting every line by `depth` levels.
struct DocumentPrinter {
    var out: [UInt8] = []
    private var depth = 0

    init(capacity: Int) {
        out.reserveCapacity(capacity)
    }

    // MARK: Output primitives

    private mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func writeString(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    private mutating func write(_ name: Name) {
        out.append(contentsOf: name.value.utf8)
    }

    /// A line break followed by the current indentation (graphql-js indents every line of an
    /// indented block, blank ones and block-string lines included).
    private mutating func newline() {
        out.append(0x0A)
        for _ in 0..<depth { out.append(0x20); out.append(0x20) }
    }

    /// `open`, then `count` items on their own indented lines, then `close` on its own line
    /// (graphql-js `block` and the wrapped forms of lists and argument lists). Nothing when empty.
    private mutating func indentedLines(_ open: StaticString, _ count: Int, _ close: StaticString, item: (inout DocumentPrinter, Int) -> Void) {
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

    /// Items separated by `separator` on one line.
    private mutating func joined<T>(_ items: [T], _ separator: StaticString, item: (inout DocumentPrinter, T) -> Void) {
        for (index, element) in items.enumerated() {
            if index > 0 { write(separator) }
            item(&self, element)
        }
    }

    private mutating func description(_ description: StringValue?) {
        guard let description else { return }
        stringValue(description)
        newline()
    }

    /// ` @a @b(x: 1)`: a space, then the directives separated by spaces; nothing if there are none.
    private mutating func spacedDirectives(_ directives: [Directive]) {
        for directive in directives {
            write(" ")
            self.directive(directive)
        }
    }

    // MARK: Document and definitions

    mutating func document(_ document: Document) {
        for (index, definition) in document.definitions.enumerated() {
            if index > 0 { write("\n\n") }
            self.definition(definition)
        }
    }

    mutating func definition(_ definition: Definition) {
        switch definition {
        case .operation(let operation): self.operation(operation)
        case .fragment(let fragment): self.fragment(fragment)
        case .schema(let schema): self.schema(schema, extension: false)
        case .schemaExtension(let schema): self.schema(schema, extension: true)
        case .type(let type): typeDefinition(type, extension: false)
        case .typeExtension(let type): typeDefinition(type, extension: true)
        case .directive(let directive): directiveDefinition(directive)
        case .directiveExtension(let directive):
            write("extend directive @")
            write(directive.name)
            spacedDirectives(directive.directives)
        }
    }

    mutating func operation(_ operation: OperationDefinition) {
        // An anonymous query without variables or directives uses the short form `{ ... }`.
        if operation.operation == .query, operation.description == nil, operation.name == nil,
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
    private mutating func variableDefinitions(_ definitions: [VariableDefinition]) {
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
        write(": ")
        type(definition.type)
        if let defaultValue = definition.defaultValue {
            write(" = ")
            value(defaultValue)
        }
        spacedDirectives(definition.directives)
    }

    mutating func fragment(_ fragment: FragmentDefinition) {
        description(fragment.description)
        write("fragment ")
        write(fragment.name)
        // Fragment variables (experimental) always stay on one line, as in graphql-js.
        if !fragment.variableDefinitions.isEmpty {
            write("(")
            joined(fragment.variableDefinitions, ", ") { $0.variableDefinition($1) }
            write(")")
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
    private mutating func arguments(_ arguments: [Argument], prefixLength: Int) {
        guard !arguments.isEmpty else { return }
        if PrintMeasure.argumentsOverflow(prefixLength: prefixLength, arguments) {
            indentedLines("(", arguments.count, ")") { printer, index in
                printer.argument(arguments[index])
            }
        } else {
            write("(")
            joined(arguments, ", ") { $0.argument($1) }
            write(")")
        }
    }

    private mutating func argument(_ argument: Argument) {
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
            if PrintMeasure.value(value).length > PrintMeasure.maxLineLength {
                indentedLines("[", values.count, "]") { printer, index in printer.value(values[index]) }
            } else {
                write("[")
                joined(values, ", ") { $0.value($1) }
                write("]")
            }
        case .object(let fields, _):
            if PrintMeasure.value(value).length > PrintMeasure.maxLineLength {
                indentedLines("{", fields.count, "}") { printer, index in printer.argument(fields[index]) }
            } else {
                write("{ ")
                joined(fields, ", ") { $0.argument($1) }
                write(" }")
            }
        }
    }

    /// A quoted string, or a block string whose lines follow the current indentation.
    private mutating func stringValue(_ string: StringValue) {
        guard string.block else {
            StringLiteralPrinter.appendQuoted(string.value, to: &out)
            return
        }
        for byte in StringLiteralPrinter.blockBytes(string.value) {
            if byte == 0x0A { newline() } else { out.append(byte) }
        }
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
            write("(")
            joined(directive.arguments, ", ") { $0.argument($1) }
            write(")")
        }
    }

    // MARK: Type system

    private mutating func schema(_ schema: SchemaDefinition, extension isExtension: Bool) {
        if isExtension {
            write("extend schema")
        } else {
            description(schema.description)
            write("schema")
        }
        spacedDirectives(schema.directives)
        if !schema.operationTypes.isEmpty {
            write(" ")
            indentedLines("{", schema.operationTypes.count, "}") { printer, index in
                let operationType = schema.operationTypes[index]
                printer.writeString(operationType.operation.rawValue)
                printer.write(": ")
                printer.write(operationType.type.name)
            }
        }
    }

    /// `keyword Name` after the description, or `extend keyword Name` (extensions have none).
    private mutating func typeHead(_ keyword: StaticString, _ name: Name, description: StringValue?, extension isExtension: Bool) {
        if isExtension {
            write("extend ")
        } else {
            self.description(description)
        }
        write(keyword)
        write(" ")
        write(name)
    }

    private mutating func typeDefinition(_ type: TypeDefinition, extension isExtension: Bool) {
        switch type {
        case .scalar(let scalar):
            typeHead("scalar", scalar.name, description: scalar.description, extension: isExtension)
            spacedDirectives(scalar.directives)
        case .object(let object):
            typeHead("type", object.name, description: object.description, extension: isExtension)
            fieldsType(object)
        case .interface(let interface):
            typeHead("interface", interface.name, description: interface.description, extension: isExtension)
            fieldsType(interface)
        case .union(let union):
            typeHead("union", union.name, description: union.description, extension: isExtension)
            spacedDirectives(union.directives)
            if !union.types.isEmpty {
                write(" = ")
                joined(union.types, " | ") { $0.write($1.name) }
            }
        case .enumType(let enumType):
            typeHead("enum", enumType.name, description: enumType.description, extension: isExtension)
            spacedDirectives(enumType.directives)
            spacedBlock(enumType.values.count) { printer, index in
                let value = enumType.values[index]
                printer.description(value.description)
                printer.write(value.name)
                printer.spacedDirectives(value.directives)
            }
        case .inputObject(let input):
            typeHead("input", input.name, description: input.description, extension: isExtension)
            spacedDirectives(input.directives)
            spacedBlock(input.fields.count) { printer, index in
                printer.inputValueDefinition(input.fields[index])
            }
        }
    }

    /// ` { ... }` with one item per line; nothing when there are no items.
    private mutating func spacedBlock(_ count: Int, item: (inout DocumentPrinter, Int) -> Void) {
        guard count > 0 else { return }
        write(" ")
        indentedLines("{", count, "}", item: item)
    }

    /// The part of an object or interface type after its name.
    private mutating func fieldsType(_ type: ObjectTypeDefinition) {
        if !type.interfaces.isEmpty {
            write(" implements ")
            joined(type.interfaces, " & ") { $0.write($1.name) }
        }
        spacedDirectives(type.directives)
        spacedBlock(type.fields.count) { printer, index in
            printer.fieldDefinition(type.fields[index])
        }
    }

    private mutating func fieldDefinition(_ field: FieldDefinition) {
        description(field.description)
        write(field.name)
        argumentDefinitions(field.arguments)
        write(": ")
        type(field.type)
        spacedDirectives(field.directives)
    }

    /// Argument definitions go one per indented line when any of them spans several lines.
    private mutating func argumentDefinitions(_ definitions: [InputValueDefinition]) {
        guard !definitions.isEmpty else { return }
        if definitions.contains(where: PrintMeasure.isMultiline) {
            indentedLines("(", definitions.count, ")") { printer, index in
                printer.inputValueDefinition(definitions[index])
            }
        } else {
            write("(")
            joined(definitions, ", ") { $0.inputValueDefinition($1) }
            write(")")
        }
    }

    private mutating func inputValueDefinition(_ definition: InputValueDefinition) {
        description(definition.description)
        write(definition.name)
        write(": ")
        type(definition.type)
        if let defaultValue = definition.defaultValue {
            write(" = ")
            value(defaultValue)
        }
        spacedDirectives(definition.directives)
    }

    private mutating func directiveDefinition(_ definition: DirectiveDefinition) {
        description(definition.description)
        write("directive @")
        write(definition.name)
        argumentDefinitions(definition.arguments)
        spacedDirectives(definition.directives)
        if definition.repeatable { write(" repeatable") }
        write(" on ")
        joined(definition.locations, " | ") { $0.write($1) }
    }
}
