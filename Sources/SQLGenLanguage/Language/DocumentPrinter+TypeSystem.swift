// Type-system definitions and extensions (graphql-js `print` rules for SDL).

extension DocumentPrinter {
    mutating func schema(_ schema: SchemaDefinition, extension isExtension: Bool) {
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
    mutating func typeHead(_ keyword: StaticString, _ name: Name, description: StringValue?, extension isExtension: Bool) {
        if isExtension {
            write("extend ")
        } else {
            self.description(description)
        }
        write(keyword)
        write(" ")
        write(name)
    }

    mutating func typeDefinition(_ type: TypeDefinition, extension isExtension: Bool) {
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
    mutating func spacedBlock(_ count: Int, item: (inout DocumentPrinter, Int) -> Void) {
        guard count > 0 else { return }
        write(" ")
        indentedLines("{", count, "}", item: item)
    }

    /// The part of an object or interface type after its name.
    mutating func fieldsType(_ type: ObjectTypeDefinition) {
        if !type.interfaces.isEmpty {
            write(" implements ")
            joined(type.interfaces, " & ") { $0.write($1.name) }
        }
        spacedDirectives(type.directives)
        spacedBlock(type.fields.count) { printer, index in
            printer.fieldDefinition(type.fields[index])
        }
    }

    mutating func fieldDefinition(_ field: FieldDefinition) {
        description(field.description)
        write(field.name)
        argumentDefinitions(field.arguments)
        write(": ")
        type(field.type)
        spacedDirectives(field.directives)
    }

    /// Argument definitions go one per indented line when any of them spans several lines.
    mutating func argumentDefinitions(_ definitions: [InputValueDefinition]) {
        guard !definitions.isEmpty else { return }
        bracketed(definitions, "(", ")", multiline: definitions.contains(where: PrintMeasure.isMultiline)) { $0.inputValueDefinition($1) }
    }

    mutating func inputValueDefinition(_ definition: InputValueDefinition) {
        description(definition.description)
        write(definition.name)
        typeDefaultAndDirectives(definition.type, definition.defaultValue, definition.directives)
    }

    mutating func directiveDefinition(_ definition: DirectiveDefinition) {
        description(definition.description)
        write("directive @")
        write(definition.name)
        argumentDefinitions(definition.arguments)
        spacedDirectives(definition.directives)
        if definition.repeatable { write(" repeatable") }
        write(" on ")
        joined(definition.locations, " | ") { $0.write($1) }
    }

    /// `extend directive @name @a @b` (graphql-core's experimental syntax).
    mutating func directiveExtension(_ definition: DirectiveDefinition) {
        write("extend directive @")
        write(definition.name)
        spacedDirectives(definition.directives)
    }
}
