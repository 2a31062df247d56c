extension SDKTranslator {
    /// `init(response:)` of an interface or union: the case of `__typename`, else `_unknown`.
    /// When the server may leave `__typename` out (AEM), the type is inferred from the members.
    func abstractDecoder(_ selection: SelectionSetIR) -> [SwiftDeclaration] {
        var cases = zip(selection.typeCases, caseNames(selection)).map { typeCase, name in
            SwiftSwitchCase(.expression(.string(typeCase.typeName)), body: [Self.decodeCase(name, payload: typeCase.selection.structName)])
        }
        cases.append(.defaultCase([Self.decodeCase("_unknown", payload: "Base")]))
        let typeNameIsOptional = selection.fields.contains { $0.responseKey == "__typename" && $0.type.isOptional }
        let typeNameKey: [(String?, SwiftExpression)] = [(Runtime.forKeyLabel, .string("__typename"))]
        let typeName: SwiftExpression = typeNameIsOptional
            ? .binary(Self.response.dot(Runtime.responseStringIfPresent).call(typeNameKey), "??", SwiftExpression.selfType.dot("inferredTypeName").call([(nil, Self.response)]))
            : Self.response.dot(Runtime.responseString).call(typeNameKey)
        var members: [SwiftDeclaration] = [.function(decoderFunction(body: [.switchOn(subject: .tryExpression(typeName), cases: cases)]))]
        if typeNameIsOptional { members.append(typeNameInference(selection)) }
        return members
    }

    private static let response = SwiftExpression.identifier("response")

    /// `self = .film(try AsFilm(response: response))`
    private static func decodeCase(_ name: String, payload: String) -> SwiftStatement {
        let decoded = SwiftExpression.type(payload).call([(Runtime.responseLabel, response)])
        return .assignment(target: .selfValue, value: SwiftExpression.implicitMember(name).call([(nil, .tryExpression(decoded))]))
    }

    private func decoderFunction(body: [SwiftStatement]) -> SwiftFunction {
        SwiftFunction(
            kind: .initializer(failable: false),
            parameters: [SwiftParameter(name: Runtime.responseLabel, type: Runtime.responseObject)],
            throwsKeyword: "throws", body: body)
    }

    /// Without `__typename` in the response: the first type whose own fields are present.
    private func typeNameInference(_ selection: SelectionSetIR) -> SwiftDeclaration {
        let baseKeys = Set(selection.fields.map(\.responseKey))
        var inference: [SwiftStatement] = []
        for typeCase in selection.typeCases {
            let own = typeCase.selection.fields.map(\.responseKey).filter { !baseKeys.contains($0) && $0 != "__typename" }
            for key in own {
                let present = Self.response.dot(Runtime.responseContains).call([(nil, .string(key))])
                inference.append(.ifStatement(conditions: [.expression(present)], body: [.returnStatement(.string(typeCase.typeName))], alternative: []))
            }
        }
        inference.append(.returnStatement(.string("")))
        return .function(SwiftFunction(
            documentation: ["Without `__typename` in the response: the first type whose own fields are present."],
            access: .private, isStatic: true, kind: .function(name: "inferredTypeName"),
            parameters: [SwiftParameter(label: "_", name: "response", type: Runtime.responseObject)],
            returnType: "String", body: inference))
    }
}
