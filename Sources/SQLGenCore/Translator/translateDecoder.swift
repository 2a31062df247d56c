extension SDKTranslator {
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
        var members: [SwiftDeclaration] = [.function(decoderFunction(body: [.switchOn(subject: typeName, cases: cases)]))]
        if typeNameIsOptional { members.append(typeNameInference(selection)) }
        return members
    }

    private func decoderFunction(body: [SwiftStatement]) -> SwiftFunction {
        SwiftFunction(
            kind: .initializer(failable: false),
            parameters: [SwiftParameter(name: "response", type: Runtime.responseObject)],
            throwsKeyword: "throws", body: body)
    }

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
