extension SDKTranslator {
    /// The result struct of a selection: stored properties named by response keys, nested structs
    /// for nested selections, and key conformances when every key field is selected. Decoding is
    /// the synthesized `Decodable`; the runtime's decoder handles the wire forms of scalars.
    func translateSelection(_ selection: SelectionSetIR, documentation: [String] = []) -> SwiftDeclaration {
        if !selection.typeCases.isEmpty {
            return translateAbstractSelection(selection, documentation: documentation)
        }
        var conformances = ["Decodable", "Sendable"]
        var members: [SwiftDeclaration] = selection.fields.map(storedProperty)
        if let key = selection.key {
            conformances += ["Hashable", "Identifiable"]
            members += keyMembers(key, structName: selection.structName, fields: selection.fields)
        }
        members += nestedStructs(of: selection.fields)
        return .structure(SwiftTypeDeclaration(documentation: documentation, name: selection.structName, conformances: conformances, members: members))
    }

    private func storedProperty(_ field: FieldIR) -> SwiftDeclaration {
        var attributes: [String] = []
        if let reason = field.deprecationReason {
            attributes.append("@available(*, deprecated, message: \(SwiftLiteral.string(reason)))")
        }
        return .variable(SwiftVariable(documentation: field.documentation, attributes: attributes, name: SwiftNaming.identifier(field.responseKey), type: field.type.swiftName))
    }

    private func nestedStructs(of fields: [FieldIR]) -> [SwiftDeclaration] {
        fields.compactMap { field in field.type.selection.map { translateSelection($0) } }
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
    private func translateAbstractSelection(_ selection: SelectionSetIR, documentation: [String]) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = []
        for typeCase in selection.typeCases {
            members.append(.enumCase(name: caseName(typeCase.typeName), payload: typeCase.selection.structName))
        }
        members.append(.enumCase(name: "_unknown", payload: "Base"))
        for typeCase in selection.typeCases {
            members.append(translateSelection(typeCase.selection, documentation: ["The fields selected when the value is a `\(typeCase.typeName)`."]))
        }
        let base = SelectionSetIR(structName: "Base", typeName: selection.typeName, fields: selection.fields)
        members.append(translateSelection(base, documentation: ["The fields selected on every `\(selection.typeName)`."]))
        let decodeCases = selection.typeCases.map {
            SwiftSwitchCase(pattern: "\"\($0.typeName)\"", body: [.line("self = .\(caseName($0.typeName))(try \($0.selection.structName)(from: decoder))")])
        } + [SwiftSwitchCase(pattern: nil, body: [.line("self = ._unknown(try Base(from: decoder))")])]
        let typeNameIsOptional = selection.fields.contains { $0.responseKey == "__typename" && $0.type.isOptional }
        if typeNameIsOptional {
            members += typeNameInference(selection, decodeCases: decodeCases)
        } else {
            members.append(.enumeration(SwiftTypeDeclaration(access: .private, name: "TypeNameKey", conformances: ["String", "CodingKey"], members: [
                .enumCase(name: "__typename", payload: nil),
            ])))
            members.append(.function(SwiftFunction(kind: .initializer(failable: false), parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwsKeyword: "throws", body: [
                .line("let typeName = try decoder.container(keyedBy: TypeNameKey.self).decode(String.self, forKey: .__typename)"),
                .switchOn(subject: "typeName", cases: decodeCases),
            ])))
        }
        return .enumeration(SwiftTypeDeclaration(
            documentation: documentation + ["One case per possible type; `_unknown` for any other type."],
            name: selection.structName,
            conformances: ["Decodable", "Sendable"],
            members: members))
    }

    /// The decoder of an abstract selection whose server may leave out `__typename` (AEM runs its
    /// stored query, which need not select it): the type is then the first case whose own fields
    /// are in the response, else `_unknown`.
    private func typeNameInference(_ selection: SelectionSetIR, decodeCases: [SwiftSwitchCase]) -> [SwiftDeclaration] {
        let baseKeys = Set(selection.fields.map(\.responseKey))
        var inference: [SwiftStatement] = []
        for typeCase in selection.typeCases {
            let own = typeCase.selection.fields.map(\.responseKey).filter { !baseKeys.contains($0) && $0 != "__typename" }
            guard !own.isEmpty else { continue }
            let keys = own.map { SwiftLiteral.string($0) }.joined(separator: ", ")
            inference.append(.line("if [\(keys)].contains(where: { container.contains(ResponseKey(stringValue: $0)) }) { return \(SwiftLiteral.string(typeCase.typeName)) }"))
        }
        inference.append(.line("return \"\""))
        return [
            .structure(SwiftTypeDeclaration(access: .private, name: "ResponseKey", conformances: ["CodingKey"], members: [
                .statements([
                    .line("var stringValue: String"),
                    .line("var intValue: Int? { nil }"),
                    .line("init(stringValue: String) { self.stringValue = stringValue }"),
                    .line("init?(intValue: Int) { nil }"),
                ]),
            ])),
            .function(SwiftFunction(kind: .initializer(failable: false), parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], throwsKeyword: "throws", body: [
                .line("let container = try decoder.container(keyedBy: ResponseKey.self)"),
                .line("let typeName = try container.decodeIfPresent(String.self, forKey: ResponseKey(stringValue: \"__typename\")) ?? Self.inferredTypeName(container)"),
                .switchOn(subject: "typeName", cases: decodeCases),
            ])),
            .function(SwiftFunction(
                documentation: ["Without `__typename` in the response: the first type whose own fields are present."],
                access: .private, isStatic: true, kind: .function(name: "inferredTypeName"),
                parameters: [SwiftParameter(label: "_", name: "container", type: "KeyedDecodingContainer<ResponseKey>")],
                returnType: "String", body: inference)),
        ]
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
