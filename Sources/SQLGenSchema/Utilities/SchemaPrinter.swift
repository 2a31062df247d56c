import SQLGenLanguage

/// Prints a schema as SDL, exactly like graphql-js 17's `printSchema` (graphql-core 3.3.2
/// `print_schema`): the schema definition when the root names are not the defaults, directive
/// definitions other than the built-in ones, then every type except built-in scalars and
/// introspection types, in schema order, separated by blank lines. No trailing newline.
public enum SchemaPrinter {
    public static func printSchema(_ schema: Schema) -> String {
        var blocks: [String] = []
        if let definition = printSchemaDefinition(schema) { blocks.append(definition) }
        for directive in schema.directives where !BuiltInDirectives.specified.contains(where: { $0.name == directive.name }) {
            blocks.append(printDirective(directive))
        }
        for name in schema.typeNames {
            guard let type = schema.typeMap[name], !type.isSpecifiedScalar, !type.isIntrospectionType else { continue }
            blocks.append(printType(type))
        }
        return blocks.joined(separator: "\n\n")
    }

    /// `schema { ... }`, or nil when the roots use the default names and there is no description.
    static func printSchemaDefinition(_ schema: Schema) -> String? {
        let roots: [(OperationType, String?)] = OperationType.allCases.map { ($0, rootName(schema, $0)) }
        guard roots.contains(where: { $0.1 != nil }) else { return nil }
        let usesDefaultNames = roots.allSatisfy { operation, name in
            let conventional = SchemaAssembler.conventionalRootName(operation)
            return name == (schema.type(named: conventional) != nil ? conventional : nil)
        }
        if schema.description == nil && usesDefaultNames { return nil }
        var text = printDescription(schema.description) + "schema {\n"
        for (operation, name) in roots {
            if let name { text += "  \(operation.rawValue): \(name)\n" }
        }
        return text + "}"
    }

    /// A root type name, counted only when the type exists (as graphql-js holds type objects).
    private static func rootName(_ schema: Schema, _ operation: OperationType) -> String? {
        guard let name = schema.rootTypeName(for: operation), schema.type(named: name) != nil else { return nil }
        return name
    }

    /// One named type in SDL.
    public static func printType(_ type: GraphQLNamedType) -> String {
        switch type {
        case .scalar(let scalar):
            var text = printDescription(scalar.description) + "scalar \(scalar.name)"
            if let url = scalar.specifiedByURL { text += " @specifiedBy(url: \(Printer.printString(url)))" }
            return text
        case .object(let object):
            return printDescription(object.description) + "type \(object.name)" + printInterfaces(object.interfaces) + printFields(object.fields)
        case .interface(let interface):
            return printDescription(interface.description) + "interface \(interface.name)" + printInterfaces(interface.interfaces) + printFields(interface.fields)
        case .union(let union):
            let members = union.memberTypes.isEmpty ? "" : " = " + union.memberTypes.joined(separator: " | ")
            return printDescription(union.description) + "union \(union.name)" + members
        case .enumType(let enumType):
            let values = enumType.values.enumerated().map { index, value in
                printDescription(value.description, indentation: "  ", firstInBlock: index == 0) + "  " + value.name + printDeprecated(value.deprecationReason)
            }
            return printDescription(enumType.description) + "enum \(enumType.name)" + printBlock(values)
        case .inputObject(let input):
            let fields = input.fields.enumerated().map { index, field in
                printDescription(field.description, indentation: "  ", firstInBlock: index == 0) + "  " + printInputValue(field)
            }
            return printDescription(input.description) + "input \(input.name)" + (input.isOneOf ? " @oneOf" : "") + printBlock(fields)
        }
    }

    /// A directive definition in SDL.
    public static func printDirective(_ directive: GraphQLDirective) -> String {
        printDescription(directive.description) + "directive @\(directive.name)" + printArguments(directive.arguments)
            + (directive.isRepeatable ? " repeatable" : "") + " on " + directive.locations.map(\.rawValue).joined(separator: " | ")
    }

    private static func printInterfaces(_ interfaces: [String]) -> String {
        interfaces.isEmpty ? "" : " implements " + interfaces.joined(separator: " & ")
    }

    private static func printFields(_ fields: [GraphQLField]) -> String {
        printBlock(fields.enumerated().map { index, field in
            printDescription(field.description, indentation: "  ", firstInBlock: index == 0)
                + "  " + field.name + printArguments(field.arguments, indentation: "  ") + ": " + field.type.description
                + printDeprecated(field.deprecationReason)
        })
    }

    private static func printBlock(_ items: [String]) -> String {
        items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
    }

    private static func printArguments(_ arguments: [GraphQLInputValue], indentation: String = "") -> String {
        if arguments.isEmpty { return "" }
        if arguments.allSatisfy({ $0.description == nil }) {
            return "(" + arguments.map(printInputValue).joined(separator: ", ") + ")"
        }
        let lines = arguments.enumerated().map { index, argument in
            printDescription(argument.description, indentation: "  " + indentation, firstInBlock: index == 0) + "  " + indentation + printInputValue(argument)
        }
        return "(\n" + lines.joined(separator: "\n") + "\n" + indentation + ")"
    }

    private static func printInputValue(_ value: GraphQLInputValue) -> String {
        var text = value.name + ": " + value.type.description
        if let defaultValue = value.defaultValue { text += " = " + Printer.print(defaultValue) }
        return text + printDeprecated(value.deprecationReason)
    }

    private static func printDeprecated(_ reason: String?) -> String {
        guard let reason else { return "" }
        if reason == BuiltInDirectives.defaultDeprecationReason { return " @deprecated" }
        return " @deprecated(reason: \(Printer.printString(reason)))"
    }

    private static func printDescription(_ description: String?, indentation: String = "", firstInBlock: Bool = true) -> String {
        guard let description else { return "" }
        let literal = BlockString.isPrintable(description) ? Printer.printBlockString(description) : Printer.printString(description)
        let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
        return prefix + literal.replacingAll("\n", with: "\n" + indentation) + "\n"
    }
}

extension String {
    /// Replaces every occurrence of a one-byte separator (used for indenting printed lines).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        guard !replacement.isEmpty, contains(target) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
