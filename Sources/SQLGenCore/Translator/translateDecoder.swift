extension SDKTranslator {
    /// `init(response:)` of a result struct: one runtime call per stored property, each with its
    /// type spelled out, instead of a synthesized `CodingKeys` enum and `init(from:)` (which cost
    /// the compiler about twice as much as the structs themselves).
    func decoderInitializer(_ selection: SelectionSetIR) -> SwiftDeclaration {
        let body = selection.fields.map { field in
            SwiftStatement.line("self.\(SwiftNaming.identifier(field.responseKey)) = try \(decodeCall(field.type, key: field.responseKey))")
        }
        return .function(decoderFunction(body: body, readsDeprecatedFields: readsDeprecatedFields(selection)))
    }

    /// `init(response:)` of an interface or union: the case of `__typename`, else `_unknown`.
    /// When the server may leave `__typename` out (AEM), the type is inferred from the members.
    func abstractDecoder(_ selection: SelectionSetIR) -> [SwiftDeclaration] {
        var cases = selection.typeCases.map {
            SwiftSwitchCase(pattern: SwiftLiteral.string($0.typeName), body: [.line("self = .\(caseName($0.typeName))(try \($0.selection.structName)(response: response))")])
        }
        cases.append(SwiftSwitchCase(pattern: nil, body: [.line("self = ._unknown(try Base(response: response))")]))
        let typeNameIsOptional = selection.fields.contains { $0.responseKey == "__typename" && $0.type.isOptional }
        let typeName = typeNameIsOptional
            ? "try response.stringIfPresent(forKey: \"__typename\") ?? Self.inferredTypeName(response)"
            : "try response.string(forKey: \"__typename\")"
        let deprecated = selection.typeCases.contains { readsDeprecatedFields($0.selection) } || readsDeprecatedFields(selection)
        var members: [SwiftDeclaration] = [.function(decoderFunction(body: [.switchOn(subject: typeName, cases: cases)], readsDeprecatedFields: deprecated))]
        if typeNameIsOptional { members.append(typeNameInference(selection)) }
        return members
    }

    private func decoderFunction(body: [SwiftStatement], readsDeprecatedFields: Bool) -> SwiftFunction {
        // Setting a deprecated property warns; a deprecated initializer may (the runtime calls it).
        let attributes = readsDeprecatedFields ? ["@available(*, deprecated, message: \"Reads deprecated fields; called when decoding.\")"] : []
        return SwiftFunction(
            attributes: attributes, kind: .initializer(failable: false),
            parameters: [SwiftParameter(name: "response", type: Runtime.responseObject)],
            throwsKeyword: "throws", body: body)
    }

    private func readsDeprecatedFields(_ selection: SelectionSetIR) -> Bool {
        selection.fields.contains { $0.deprecationReason != nil }
    }

    /// The runtime call that reads a member of `type`: scalars with a method of their own, any
    /// other type through `decode(_:forKey:)` with the type written out (nothing to infer).
    private func decodeCall(_ type: TypeIR, key: String) -> String {
        var valueType = type
        var suffix = ""
        if case .optional(let wrapped) = type {
            valueType = wrapped
            suffix = "IfPresent"
        }
        if case .scalar(_, let swiftType) = valueType, let method = Self.scalarMethods[swiftType] {
            return "response.\(method)\(suffix)(forKey: \(SwiftLiteral.string(key)))"
        }
        return "response.decode\(suffix)(\(valueType.swiftName).self, forKey: \(SwiftLiteral.string(key)))"
    }

    /// Swift scalar types → the `ResponseObject` methods that read them.
    private static let scalarMethods = [
        "String": "string", "Int": "int", "Double": "double", "Bool": "bool", "UUID": "uuid", "Int64": "int64",
    ]

    /// Without `__typename` in the response: the first type whose own fields are present.
    private func typeNameInference(_ selection: SelectionSetIR) -> SwiftDeclaration {
        let baseKeys = Set(selection.fields.map(\.responseKey))
        var inference: [SwiftStatement] = []
        for typeCase in selection.typeCases {
            let own = typeCase.selection.fields.map(\.responseKey).filter { !baseKeys.contains($0) && $0 != "__typename" }
            for key in own {
                inference.append(.line("if response.contains(\(SwiftLiteral.string(key))) { return \(SwiftLiteral.string(typeCase.typeName)) }"))
            }
        }
        inference.append(.line("return \"\""))
        return .function(SwiftFunction(
            documentation: ["Without `__typename` in the response: the first type whose own fields are present."],
            access: .private, isStatic: true, kind: .function(name: "inferredTypeName"),
            parameters: [SwiftParameter(label: "_", name: "response", type: Runtime.responseObject)],
            returnType: "String", body: inference))
    }
}
