extension SDKTranslator {
    /// Stored properties and an initializer over the required ones, with a trailing closure that
    /// sets the optional ones when there are any. Optional values are `@OptionalVariable`, so
    /// "not set" (omitted) differs from `nil` (sent as `null`).
    func inputMembers(_ fields: [VariableIR], typeName: String, closureName: String) -> [SwiftDeclaration] {
        var members: [SwiftDeclaration] = fields.map { field in
            if field.isRequired {
                return .variable(SwiftVariable(name: SwiftNaming.identifier(field.name), type: field.type.swiftName))
            }
            return .variable(SwiftVariable(attributes: [Runtime.optionalVariable], name: SwiftNaming.identifier(field.name), type: optionalSwiftName(field.type)))
        }
        let required = fields.filter(\.isRequired)
        var parameters = required.map { ParameterNames.parameter($0.name, type: $0.type.swiftName) }
        var body = required.map { ParameterNames.assignment($0.name) }
        if fields.contains(where: { !$0.isRequired }) {
            parameters.append(SwiftParameter(label: "_", name: closureName, type: "((inout \(typeName)) -> Void)?", defaultValue: .nilLiteral))
            body.append(.expression(SwiftExpression.optionalChain(.identifier(closureName)).call([(nil, .prefix("&", .selfValue))])))
        }
        members.append(.function(SwiftFunction(kind: .initializer(failable: false), parameters: parameters, body: body)))
        members.append(encoderFunction(fields))
        return members
    }

    /// `encode(to:)` over the runtime's `MemberKey`, member by member in declaration order, as the
    /// synthesized one would, without a `CodingKeys` enum per struct. Optional variables encode
    /// their wrapper, which an unset variable leaves out.
    private func encoderFunction(_ fields: [VariableIR]) -> SwiftDeclaration {
        let container = SwiftExpression.identifier("encoder").dot("container").call([("keyedBy", .metatype(Runtime.memberKey))])
        // Without members, still the empty object the synthesized `encode(to:)` writes.
        var body: [SwiftStatement] = [fields.isEmpty
            ? .assignment(target: .identifier("_"), value: container)
            : .binding(.var, name: "container", value: container)]
        for field in fields {
            // An optional variable encodes its wrapper (`self._name`), which leaves an unset one out.
            let (method, property) = !field.isRequired ? ("encode", "_" + field.name)
                : (field.type.isOptional ? "encodeIfPresent" : "encode", SwiftNaming.identifier(field.name))
            let encode = SwiftExpression.identifier("container").dot(method).call([(nil, SwiftExpression.selfValue.dot(property)), ("forKey", .string(field.name))])
            body.append(.expression(.tryExpression(encode)))
        }
        return .function(SwiftFunction(
            kind: .function(name: "encode"),
            parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")],
            throwsKeyword: "throws", body: body))
    }

    /// `T?` for a nullable or defaulted variable (never `T??`).
    func optionalSwiftName(_ type: TypeIR) -> String {
        type.isOptional ? type.swiftName : type.swiftName + "?"
    }

    /// `struct Movie_Filter: Encodable, Hashable, Sendable`.
    func translateInputObject(_ item: InputObjectIR) -> SwiftDeclaration {
        .structure(SwiftTypeDeclaration(
            documentation: item.documentation,
            name: SwiftNaming.schemaTypeName(item.name),
            conformances: ["Encodable", "Hashable", "Sendable"],
            members: inputMembers(item.fields, typeName: SwiftNaming.schemaTypeName(item.name), closureName: "optionalFields")))
    }

    /// `struct MovieKey: Codable, Hashable, Sendable { public private(set) var id: UUID }`.
    func translateKey(_ key: KeyIR) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = zip(key.fieldNames, key.fieldTypes).map { name, type in
            .variable(SwiftVariable(setterAccess: .private, name: SwiftNaming.identifier(name), type: type.swiftName))
        }
        members.append(.function(SwiftFunction(
            kind: .initializer(failable: false),
            parameters: zip(key.fieldNames, key.fieldTypes).map { ParameterNames.parameter($0, type: $1.swiftName) },
            body: key.fieldNames.map(ParameterNames.assignment))))
        return .structure(SwiftTypeDeclaration(
            documentation: ["The primary key of a `\(key.table)` row."],
            name: key.structName,
            conformances: ["Codable", "Hashable", "Sendable"],
            members: members))
    }
}
