extension SDKTranslator {
    /// `enum AspectRatio { case ACADEMY ... case _UNKNOWN(String) }`. It is `RawRepresentable` with an
    /// `init?(rawValue:)` that never fails, so the standard library's `Codable` for string raw
    /// values decodes an unknown value as `._UNKNOWN` and encodes it back unchanged, and code
    /// written for Firebase's `String` enums (`AspectRatio(rawValue: s)!`, `?? .ACADEMY`) compiles.
    func translateEnum(_ item: EnumIR) -> SwiftDeclaration {
        let name = SwiftNaming.schemaTypeName(item.name)
        var members: [SwiftDeclaration] = item.values.map { .enumCase(name: SwiftNaming.enumCaseName($0), payload: nil) }
        members.append(.enumCase(name: Runtime.unknownEnumCase, payload: "String"))
        let rawValue = SwiftExpression.identifier("rawValue")
        let decode = item.values.map { SwiftSwitchCase(.expression(.string($0)), body: [.assignment(target: .selfValue, value: .implicitMember(SwiftNaming.enumCaseName($0)))]) }
            + [.defaultCase([.assignment(target: .selfValue, value: SwiftExpression.implicitMember(Runtime.unknownEnumCase).call([(nil, rawValue)]))])]
        members.append(.function(SwiftFunction(kind: .initializer(failable: true), parameters: [SwiftParameter(name: "rawValue", type: "String")], body: [
            .switchOn(subject: rawValue, cases: decode),
        ])))
        let encode = item.values.map { SwiftSwitchCase(.enumCase(name: SwiftNaming.enumCaseName($0), bindings: []), body: [.returnStatement(.string($0))]) }
            + [SwiftSwitchCase(.enumCase(name: Runtime.unknownEnumCase, bindings: ["value"]), body: [.returnStatement(.identifier("value"))])]
        members.append(.variable(SwiftVariable(name: "rawValue", type: "String", getter: [.switchOn(subject: .selfValue, cases: encode)])))
        let known = SwiftExpression.array(item.values.map { .implicitMember(SwiftNaming.enumCaseName($0)) })
        members.append(.variable(SwiftVariable(documentation: ["Every value this SDK was generated with."], isStatic: true, isLet: true, name: Runtime.knownEnumCases, type: "[\(name)]", initialValue: known)))
        return .enumeration(SwiftTypeDeclaration(
            documentation: item.documentation + (item.documentation.isEmpty ? [] : [""]) + ["Values the server adds later decode as `._UNKNOWN(value)`."],
            name: name,
            conformances: ["RawRepresentable", "Codable", "Hashable", "Sendable"],
            members: members))
    }
}
