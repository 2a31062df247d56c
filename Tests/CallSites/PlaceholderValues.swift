import SQLGenCore

/// A Swift expression of any input type: literals for scalars, the first case of an enum, input
/// objects built through their initializers (nesting into recursive fields a few levels deep).
struct PlaceholderValues {
    private let enums: [String: EnumIR]
    private let inputObjects: [String: InputObjectIR]
    private let keys: [String: KeyIR]
    /// How deep input objects nest before optional fields are left unset.
    private let nestingLimit = 3

    init(connector: ConnectorIR) {
        enums = Dictionary(connector.enums.map { ($0.name, $0) }) { first, _ in first }
        inputObjects = Dictionary(connector.inputObjects.map { ($0.name, $0) }) { first, _ in first }
        keys = Dictionary(connector.keys.map { ($0.table, $0) }) { first, _ in first }
    }

    func value(_ type: TypeIR, depth: Int = 0) -> String {
        switch type {
        case .optional(let inner): return value(inner, depth: depth)
        case .list(let inner): return "[" + value(inner, depth: depth) + "]"
        case .scalar(_, let swiftType): return scalar(swiftType)
        case .enumeration(let name):
            let typeName = GeneratedNames.typeName(type)
            guard let first = enums[name]?.values.first else { return typeName + "._UNKNOWN(\"x\")" }
            return typeName + "." + GeneratedNames.enumCase(first)
        case .inputObject(let name): return inputObject(name, typeName: GeneratedNames.typeName(type), depth: depth)
        case .key(let table): return key(table, typeName: GeneratedNames.typeName(type))
        case .selection: return "try missingValue()"
        }
    }

    private func scalar(_ swiftType: String) -> String {
        switch swiftType {
        case "String": return "\"x\""
        case "Int", "Int64": return "1"
        case "Double": return "1.5"
        case "Bool": return "true"
        case "UUID": return "UUID()"
        case "LocalDate": return "LocalDate(date: Date())"
        case "Timestamp": return "Timestamp(date: Date())"
        case "AnyValue": return "try AnyValue(codableValue: 1)"
        default: return "try missingValue()"
        }
    }

    private func inputObject(_ name: String, typeName: String, depth: Int) -> String {
        guard let item = inputObjects[name], depth < 8 else { return "try missingValue()" }
        let required = item.fields.filter(\.isRequired).map { "\($0.name): \(value($0.type, depth: depth + 1))" }
        var text = typeName + "(" + required.joined(separator: ", ") + ")"
        let optional = item.fields.filter { !$0.isRequired }
        // Prefer a field holding an input object, so recursive and nested inputs are exercised.
        let nested = optional.first { if case .inputObject = $0.type.nonOptionalElement { return true } else { return false } }
        if depth < nestingLimit, let field = nested ?? optional.first {
            text += " { $0.\(SwiftNaming.identifier(field.name)) = \(value(field.type, depth: depth + 1)) }"
        }
        return text
    }

    private func key(_ table: String, typeName: String) -> String {
        guard let key = keys[table] else { return "try missingValue()" }
        let arguments = zip(key.fieldNames, key.fieldTypes).map { "\($0): \(value($1))" }
        return typeName + "(" + arguments.joined(separator: ", ") + ")"
    }
}

extension TypeIR {
    /// The named type under optionals and lists.
    var nonOptionalElement: TypeIR {
        switch self {
        case .optional(let inner), .list(let inner): return inner.nonOptionalElement
        default: return self
        }
    }
}
