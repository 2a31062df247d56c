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
            parameters.append(SwiftParameter(label: "_", name: closureName, type: "((inout \(typeName)) -> Void)?", defaultValue: "nil"))
            body.append(.line("\(closureName)?(&self)"))
        }
        members.append(.function(SwiftFunction(kind: .initializer(failable: false), parameters: parameters, body: body)))
        members.append(encoderFunction(fields))
        return members
    }

    /// `encode(to:)` over the runtime's `MemberKey`, member by member in declaration order, as the
    /// synthesized one would, without a `CodingKeys` enum per struct. Optional variables encode
    /// their wrapper, which an unset variable leaves out.
    private func encoderFunction(_ fields: [VariableIR]) -> SwiftDeclaration {
        // Without members, still the empty object the synthesized `encode(to:)` writes.
        let binding = fields.isEmpty ? "_" : "var container"
        var body: [SwiftStatement] = [.line("\(binding) = encoder.container(keyedBy: \(Runtime.memberKey).self)")]
        for field in fields {
            let key = SwiftLiteral.string(field.name)
            if !field.isRequired {
                body.append(.line("try container.encode(self._\(field.name), forKey: \(key))"))
            } else if field.type.isOptional {
                body.append(.line("try container.encodeIfPresent(self.\(SwiftNaming.identifier(field.name)), forKey: \(key))"))
            } else {
                body.append(.line("try container.encode(self.\(SwiftNaming.identifier(field.name)), forKey: \(key))"))
            }
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
            name: SwiftNaming.typeIdentifier(item.name),
            conformances: ["Encodable", "Hashable", "Sendable"],
            members: inputMembers(item.fields, typeName: SwiftNaming.typeIdentifier(item.name), closureName: "optionalFields")))
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
