/// How a result struct holds its members.
enum ResultStorage {
    /// Properties over a `ResponseRecord` that the runtime decodes from the struct's shape (the SDK).
    case record
    /// Stored properties and no decoder (the benchmarks' reference forms).
    case stored
}

extension SDKTranslator {
    /// The result struct of a selection: a property per response key, nested structs for nested
    /// selections, and key conformances when every key field is selected.
    func translateSelection(_ selection: SelectionSetIR, documentation: [String] = [], storage: ResultStorage = .record) -> SwiftDeclaration {
        if !selection.typeCases.isEmpty {
            return translateAbstractSelection(selection, documentation: documentation, storage: storage)
        }
        var conformances: [String]
        var members: [SwiftDeclaration]
        switch storage {
        case .record:
            conformances = ["Decodable", Runtime.responseRecordDecodable, "Sendable"]
            members = recordMembers(selection.fields)
        case .stored:
            conformances = ["Decodable", "Sendable"]
            members = selection.fields.map { property($0, getter: nil) }
        }
        if let key = selection.key {
            conformances += ["Hashable", "Identifiable"]
            members += keyMembers(key, structName: selection.structName, fields: selection.fields)
        }
        members += selection.fields.compactMap { field in field.type.selection.map { translateSelection($0, storage: storage) } }
        return .structure(SwiftTypeDeclaration(documentation: documentation, name: selection.structName, conformances: conformances, members: members))
    }

    /// The shape the runtime decodes (response keys and member types), the record, and a getter
    /// per field that reads its member of the record.
    private func recordMembers(_ fields: [FieldIR]) -> [SwiftDeclaration] {
        let keys = SwiftLiteral.string(fields.map(\.responseKey).joined(separator: " "))
        let types = fields.map { $0.type.swiftName + ".self" }.joined(separator: ", ")
        var members: [SwiftDeclaration] = [
            .variable(SwiftVariable(isStatic: true, isLet: true, name: Runtime.shapeProperty, type: nil, initialValue: "\(Runtime.responseShape)(\(keys), [\(types)])")),
            .variable(SwiftVariable(isLet: true, name: Runtime.recordProperty, type: Runtime.responseRecord)),
            .function(SwiftFunction(kind: .initializer(failable: false), parameters: [SwiftParameter(name: Runtime.recordProperty, type: Runtime.responseRecord)], body: [
                .line("self.\(Runtime.recordProperty) = \(Runtime.recordProperty)"),
            ])),
        ]
        for (index, field) in fields.enumerated() {
            members.append(property(field, getter: [.line(Self.recordRead(field.type, index: index))]))
        }
        return members
    }

    /// `__record.string(1)` for the common scalars (no dynamic cast when read), else `__record[1]`.
    private static func recordRead(_ type: TypeIR, index: Int) -> String {
        let (valueType, suffix) = type.isOptional ? (type.nonOptional, "IfPresent") : (type, "")
        if case .scalar(_, let swiftType) = valueType, let method = scalarReads[swiftType] {
            return "\(Runtime.recordProperty).\(method)\(suffix)(\(index))"
        }
        return "\(Runtime.recordProperty)[\(index)]"
    }

    /// Swift scalar types → the `ResponseRecord` methods that read them.
    private static let scalarReads = [
        "String": "string", "Int": "int", "Double": "double", "Bool": "bool", "UUID": "uuid", "Int64": "int64",
    ]

    private func property(_ field: FieldIR, getter: [SwiftStatement]?) -> SwiftDeclaration {
        var attributes: [String] = []
        if let reason = field.deprecationReason {
            attributes.append("@available(*, deprecated, message: \(SwiftLiteral.string(reason)))")
        }
        return .variable(SwiftVariable(documentation: field.documentation, attributes: attributes, name: SwiftNaming.identifier(field.responseKey), type: field.type.swiftName, getter: getter))
    }

    /// `movieKey`, `Identifiable.id` when the struct has no `id` of its own, and equality and
    /// hashing by key only (two fetches of the same row are the same element in a list).
    private func keyMembers(_ key: SelectedKeyIR, structName: String, fields: [FieldIR]) -> [SwiftDeclaration] {
        let keyProperty = SwiftNaming.lowerCamel(structName) + "Key"
        let arguments = zip(key.keyFields, key.responseKeys).map { "\(ParameterNames.label($0)): \(SwiftNaming.identifier($1))" }
        var members: [SwiftDeclaration] = [
            .variable(SwiftVariable(documentation: ["The row's primary key."], name: SwiftNaming.identifier(keyProperty), type: key.keyStruct, getter: [
                .line("\(key.keyStruct)(\(arguments.joined(separator: ", ")))"),
            ])),
        ]
        if !fields.contains(where: { $0.responseKey == "id" }) {
            members.append(.variable(SwiftVariable(name: "id", type: key.keyStruct, getter: [.line(keyProperty)])))
        }
        members.append(.function(SwiftFunction(isStatic: true, kind: .function(name: "=="), parameters: [
            SwiftParameter(name: "lhs", type: "Self"), SwiftParameter(name: "rhs", type: "Self"),
        ], returnType: "Bool", body: [.line("lhs.\(keyProperty) == rhs.\(keyProperty)")])))
        members.append(.function(SwiftFunction(kind: .function(name: "hash"), parameters: [
            SwiftParameter(label: "into", name: "hasher", type: "inout Hasher"),
        ], body: [.line("hasher.combine(\(keyProperty))")])))
        return members
    }

    /// A selection on an interface or union: an enum with one case per concrete type that has
    /// fields of its own, and `_unknown` for any other type (including types added later).
    private func translateAbstractSelection(_ selection: SelectionSetIR, documentation: [String], storage: ResultStorage) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = []
        for typeCase in selection.typeCases {
            members.append(.enumCase(name: caseName(typeCase.typeName), payload: typeCase.selection.structName))
        }
        members.append(.enumCase(name: "_unknown", payload: "Base"))
        for typeCase in selection.typeCases {
            members.append(translateSelection(typeCase.selection, documentation: ["The fields selected when the value is a `\(typeCase.typeName)`."], storage: storage))
        }
        let base = SelectionSetIR(structName: "Base", typeName: selection.typeName, fields: selection.fields)
        members.append(translateSelection(base, documentation: ["The fields selected on every `\(selection.typeName)`."], storage: storage))
        members += abstractDecoder(selection)
        return .enumeration(SwiftTypeDeclaration(
            documentation: documentation + ["One case per possible type; `_unknown` for any other type."],
            name: selection.structName,
            conformances: ["Decodable", Runtime.responseDecodable, "Sendable"],
            members: members))
    }

    /// `ImageRef` → `imageRef`, escaped if needed.
    func caseName(_ typeName: String) -> String {
        SwiftNaming.identifier(SwiftNaming.lowerCamel(typeName))
    }
}

/// Swift literal spelling.
enum SwiftLiteral {
    /// A double-quoted Swift string literal with escapes.
    static func string(_ value: String) -> String {
        // Most values need no escape: one pass over the bytes finds that out.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) {
            return "\"" + value + "\""
        }
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A raw multi-line string literal (`#"""` ... `"""#`) holding `value` exactly.
    static func multiline(_ value: String) -> String {
        // The delimiter needs one `#` more than the longest run of `#` right after a `"` or a `\`
        // in the value. One pass over the UTF-8 bytes (searching for each candidate delimiter
        // with `String.contains` went through Foundation's string search).
        var longest = 0
        var run: Int?
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                run = 0
            case UInt8(ascii: "#"):
                if let count = run {
                    run = count + 1
                    longest = max(longest, count + 1)
                }
            default:
                run = nil
            }
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return hashes + "\"\"\"\n" + value + "\n\"\"\"" + hashes
    }
}
