import SQLGenLanguage

/// Prints a schema as SDL, exactly like graphql-js 17's `printSchema` (graphql-core 3.3.2
/// `print_schema`): the schema definition when the root names are not the defaults, directive
/// definitions other than the built-in ones, then every type except built-in scalars and
/// introspection types, in schema order, separated by blank lines. No trailing newline.
public enum SchemaPrinter {
    public static func printSchema(_ schema: Schema) -> String {
        String(decoding: printSchemaUTF8(schema), as: UTF8.self)
    }

    /// `printSchema` as UTF-8 bytes.
    public static func printSchemaUTF8(_ schema: Schema) -> [UInt8] {
        var writer = SchemaTextWriter()
        if let definition = schemaDefinition(schema) { writer.block(definition) }
        for directive in schema.directives where !BuiltInDirectives.specified.contains(where: { $0.name == directive.name }) {
            writer.startBlock()
            writer.directive(directive)
        }
        for name in schema.typeNames {
            guard let type = schema.typeMap[name], !type.isSpecifiedScalar, !type.isIntrospectionType else { continue }
            writer.startBlock()
            writer.type(type)
        }
        return writer.out
    }

    /// One named type in SDL.
    public static func printType(_ type: GraphQLNamedType) -> String {
        var writer = SchemaTextWriter()
        writer.type(type)
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// A directive definition in SDL.
    public static func printDirective(_ directive: GraphQLDirective) -> String {
        var writer = SchemaTextWriter()
        writer.directive(directive)
        return String(decoding: writer.out, as: UTF8.self)
    }

    /// `schema { ... }`, or nil when the roots use the default names and there is no description.
    static func schemaDefinition(_ schema: Schema) -> [UInt8]? {
        let roots: [(OperationType, String?)] = OperationType.allCases.map { operation in
            // A root counts only when its type exists (graphql-js holds type objects).
            let name = schema.rootTypeName(for: operation).flatMap { schema.type(named: $0) == nil ? nil : $0 }
            return (operation, name)
        }
        guard roots.contains(where: { $0.1 != nil }) else { return nil }
        let usesDefaultNames = roots.allSatisfy { operation, name in
            let conventional = SchemaAssembler.conventionalRootName(operation)
            return name == (schema.type(named: conventional) != nil ? conventional : nil)
        }
        if schema.description == nil && usesDefaultNames { return nil }
        var writer = SchemaTextWriter()
        writer.description(schema.description)
        writer.write("schema {\n")
        for (operation, name) in roots {
            if let name { writer.write("  \(operation.rawValue): \(name)\n") }
        }
        writer.write("}")
        return writer.out
    }
}

/// The byte buffer `SchemaPrinter` writes into, with one method per SDL construct.
struct SchemaTextWriter {
    private(set) var out: [UInt8] = []

    init() {
        out.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    /// Separates top-level blocks with a blank line.
    mutating func startBlock() {
        if !out.isEmpty { out.append(contentsOf: [0x0A, 0x0A]) }
    }

    mutating func block(_ bytes: [UInt8]) {
        startBlock()
        out.append(contentsOf: bytes)
    }

    mutating func type(_ type: GraphQLNamedType) {
        switch type {
        case .scalar(let scalar):
            description(scalar.description)
            write("scalar \(scalar.name)")
            if let url = scalar.specifiedByURL { write(" @specifiedBy(url: \(Printer.printString(url)))") }
        case .object(let object):
            description(object.description)
            write("type \(object.name)")
            interfaces(object.interfaces)
            fields(object.fields)
        case .interface(let interface):
            description(interface.description)
            write("interface \(interface.name)")
            interfaces(interface.interfaces)
            fields(interface.fields)
        case .union(let union):
            description(union.description)
            write("union \(union.name)")
            if !union.memberTypes.isEmpty { write(" = " + union.memberTypes.joined(separator: " | ")) }
        case .enumType(let enumType):
            description(enumType.description)
            write("enum \(enumType.name)")
            guard !enumType.values.isEmpty else { return }
            write(" {\n")
            for (index, value) in enumType.values.enumerated() {
                if index > 0 { out.append(0x0A) }
                description(value.description, indentation: "  ", firstInBlock: index == 0)
                write("  " + value.name)
                deprecated(value.deprecationReason)
            }
            write("\n}")
        case .inputObject(let input):
            description(input.description)
            write("input \(input.name)")
            if input.isOneOf { write(" @oneOf") }
            guard !input.fields.isEmpty else { return }
            write(" {\n")
            for (index, field) in input.fields.enumerated() {
                if index > 0 { out.append(0x0A) }
                description(field.description, indentation: "  ", firstInBlock: index == 0)
                write("  ")
                inputValue(field)
            }
            write("\n}")
        }
    }

    mutating func directive(_ directive: GraphQLDirective) {
        description(directive.description)
        write("directive @\(directive.name)")
        arguments(directive.arguments, indentation: "")
        if directive.isRepeatable { write(" repeatable") }
        write(" on " + directive.locations.map(\.rawValue).joined(separator: " | "))
    }

    private mutating func interfaces(_ names: [String]) {
        if !names.isEmpty { write(" implements " + names.joined(separator: " & ")) }
    }

    private mutating func fields(_ fields: [GraphQLField]) {
        guard !fields.isEmpty else { return }
        write(" {\n")
        for (index, field) in fields.enumerated() {
            if index > 0 { out.append(0x0A) }
            description(field.description, indentation: "  ", firstInBlock: index == 0)
            write("  " + field.name)
            arguments(field.arguments, indentation: "  ")
            write(": " + field.type.description)
            deprecated(field.deprecationReason)
        }
        write("\n}")
    }

    /// `(a: Int, b: String)` on one line, or one argument per line when any has a description.
    private mutating func arguments(_ arguments: [GraphQLInputValue], indentation: String) {
        guard !arguments.isEmpty else { return }
        if arguments.allSatisfy({ $0.description == nil }) {
            write("(")
            for (index, argument) in arguments.enumerated() {
                if index > 0 { write(", ") }
                inputValue(argument)
            }
            write(")")
            return
        }
        write("(\n")
        for (index, argument) in arguments.enumerated() {
            if index > 0 { out.append(0x0A) }
            description(argument.description, indentation: "  " + indentation, firstInBlock: index == 0)
            write("  " + indentation)
            inputValue(argument)
        }
        write("\n" + indentation + ")")
    }

    private mutating func inputValue(_ value: GraphQLInputValue) {
        write(value.name + ": " + value.type.description)
        if let defaultValue = value.defaultValue { write(" = " + Printer.print(defaultValue)) }
        deprecated(value.deprecationReason)
    }

    private mutating func deprecated(_ reason: String?) {
        guard let reason else { return }
        if reason == BuiltInDirectives.defaultDeprecationReason {
            write(" @deprecated")
        } else {
            write(" @deprecated(reason: \(Printer.printString(reason)))")
        }
    }

    /// A description as a block string when it survives as one, else a quoted string; every line
    /// indented, a blank line before it inside a block unless it is the first item.
    mutating func description(_ description: String?, indentation: String = "", firstInBlock: Bool = true) {
        guard let description else { return }
        let literal = BlockString.isPrintable(description) ? Printer.printBlockString(description) : Printer.printString(description)
        if !indentation.isEmpty && !firstInBlock { out.append(0x0A) }
        write(indentation)
        for byte in literal.utf8 {
            out.append(byte)
            if byte == 0x0A { write(indentation) }
        }
        out.append(0x0A)
    }
}
