import SQLGenCore

/// Writes a plausible JSON response for an operation's result types, deterministically: every
/// selected member present, lists of 2 to 5 items, about one nullable value in five `null`,
/// one enum value in ten unknown to the SDK, one abstract value in four of a type without a case.
struct SyntheticResponses {
    private let enums: [String: EnumIR]
    private let keys: [String: KeyIR]
    private var random: SplitMix64

    init(connector: ConnectorIR, seed: UInt64 = 2027) {
        enums = Dictionary(connector.enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        keys = Dictionary(connector.keys.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first })
        random = SplitMix64(seed: seed)
    }

    /// `{"data": ...}` for `operation`.
    mutating func body(for operation: OperationIR) -> String {
        var text = "{\"data\":"
        object(operation.data, into: &text)
        return text + "}"
    }

    private mutating func object(_ selection: SelectionSetIR, into text: inout String) {
        var fields = selection.fields
        var typeName = selection.typeName
        if !selection.typeCases.isEmpty {
            let pick = random.next(below: selection.typeCases.count * 4 / 3 + 1)
            if pick < selection.typeCases.count {
                fields = selection.typeCases[pick].selection.fields
                typeName = selection.typeCases[pick].typeName
            } else {
                typeName = "TypeAddedLater"
            }
        }
        text += "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { text += "," }
            text += quoted(field.responseKey) + ":"
            if field.responseKey == "__typename" {
                text += quoted(typeName)
            } else {
                value(field.type, into: &text)
            }
        }
        text += "}"
    }

    private mutating func value(_ type: TypeIR, into text: inout String) {
        switch type {
        case .optional(let wrapped):
            if random.next(below: 5) == 0 { text += "null" } else { value(wrapped, into: &text) }
        case .list(let element):
            text += "["
            for index in 0..<(2 + random.next(below: 4)) {
                if index > 0 { text += "," }
                value(element, into: &text)
            }
            text += "]"
        case .selection(let selection):
            object(selection, into: &text)
        case .enumeration(let name):
            let values = enums[name]?.values ?? []
            let unknown = values.isEmpty || random.next(below: 10) == 0
            text += quoted(unknown ? "VALUE_ADDED_LATER" : values[random.next(below: values.count)])
        case .key(let table):
            let key = keys[table]
            text += "{" + zip(key?.fieldNames ?? [], key?.fieldTypes ?? []).map { name, fieldType in
                var member = quoted(name) + ":"
                value(fieldType, into: &member)
                return member
            }.joined(separator: ",") + "}"
        case .scalar(let graphQLName, let swiftType):
            text += scalar(graphQLName: graphQLName, swiftType: swiftType)
        case .inputObject:
            text += "null"
        }
    }

    private mutating func scalar(graphQLName: String, swiftType: String) -> String {
        let number = random.next(below: 100_000)
        switch swiftType {
        case "Int": return String(number)
        case "Double": return "\(number).25"
        case "Bool": return number % 2 == 0 ? "true" : "false"
        case "Int64": return quoted(String(number * 1_000_003))
        case "UUID":
            let hex = String(number, radix: 16)
            return quoted(String(repeating: "0", count: 32 - hex.count) + hex)
        case "LocalDate": return quoted("2026-12-01")
        case "Timestamp": return quoted("2026-12-01T10:20:30.123Z")
        default:
            // Strings of the lengths names, logins, URLs and bodies have.
            let length = [6, 12, 24, 60, 200][number % 5]
            return quoted(graphQLName + "-" + String(repeating: "x", count: length))
        }
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
