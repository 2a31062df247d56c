import SQLGenLanguage

/// Where each type, field, argument, input field, enum value and directive of a schema text is
/// defined, by a key: `Type`, `Type.field`, `Type.field(argument)`, `Enum.VALUE`, `@directive`,
/// `@directive(argument)`. Each range is the definition's name.
struct SchemaDefinitionIndex {
    private(set) var ranges: [String: SourceRange] = [:]

    init(_ documents: [Document]) {
        for document in documents {
            for definition in document.definitions { add(definition) }
        }
    }

    subscript(key: String) -> SourceRange? { ranges[key] }

    private mutating func add(_ definition: Definition) {
        switch definition {
        case .type(let type), .typeExtension(let type):
            keep(type.name.value, type.name.range)
            add(members: type)
        case .directive(let directive):
            keep("@" + directive.name.value, directive.name.range)
            for argument in directive.arguments { keep("@\(directive.name.value)(\(argument.name.value))", argument.name.range) }
        default:
            break
        }
    }

    private mutating func add(members type: TypeDefinition) {
        let owner = type.name.value
        switch type {
        case .object(let object): add(fields: object.fields, of: owner)
        case .interface(let interface): add(fields: interface.fields, of: owner)
        case .inputObject(let input):
            for field in input.fields { keep("\(owner).\(field.name.value)", field.name.range) }
        case .enumType(let enumType):
            for value in enumType.values { keep("\(owner).\(value.name.value)", value.name.range) }
        case .scalar, .union:
            break
        }
    }

    private mutating func add(fields: [FieldDefinition], of owner: String) {
        for field in fields {
            keep("\(owner).\(field.name.value)", field.name.range)
            for argument in field.arguments { keep("\(owner).\(field.name.value)(\(argument.name.value))", argument.name.range) }
        }
    }

    /// The first definition wins (an extension adds, it does not move a definition).
    private mutating func keep(_ key: String, _ range: SourceRange) {
        guard range.end > range.start, ranges[key] == nil else { return }
        ranges[key] = range
    }

    /// The key of what `symbol` names in a schema; nil for fragments and variables.
    static func key(of symbol: Symbol) -> String? {
        switch symbol {
        case .field(let parent, let field):
            return field.name.hasPrefix("__") ? nil : "\(parent.name).\(field.name)"
        case .argument(.field(let parent, let field), let argument): return "\(parent.name).\(field.name)(\(argument.name))"
        case .argument(.directive(let directive), let argument): return "@\(directive.name)(\(argument.name))"
        case .inputField(let type, let field): return "\(type.name).\(field.name)"
        case .enumValue(let type, let value): return "\(type.name).\(value.name)"
        case .type(let type): return type.name
        case .directive(let directive): return "@" + directive.name
        case .fragment, .variable: return nil
        }
    }
}
