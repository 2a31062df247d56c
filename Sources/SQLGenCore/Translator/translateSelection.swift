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
            // The protocol refines `Decodable` and `Sendable`; naming them again costs the compiler
            // a lookup each, from inside every nested struct.
            conformances = [Runtime.responseRecordDecodable]
            members = recordMembers(selection.fields)
        case .stored:
            conformances = ["Decodable", "Sendable"]
            members = selection.fields.map { property($0, getter: nil) }
        }
        if let key = selection.key {
            conformances += ["Hashable", "Identifiable"]
            members += keyMembers(key, structName: selection.structName, fields: selection.fields, storage: storage)
        }
        members += selection.fields.compactMap { field in field.type.selection.map { translateSelection($0, storage: storage) } }
        return .structure(SwiftTypeDeclaration(documentation: documentation, name: selection.structName, conformances: conformances, members: members))
    }

    /// The shape the runtime decodes (response keys and member types), the record, and a getter
    /// per field that reads its member of the record.
    private func recordMembers(_ fields: [FieldIR]) -> [SwiftDeclaration] {
        var shape = ShapeCodes()
        let keys = SwiftExpression.string(fields.map { $0.responseKey + ":" + shape.code($0.type) }.joined(separator: " "))
        let types = SwiftExpression.array(shape.types.map { .metatype($0) })
        var members: [SwiftDeclaration] = [
            // A getter, not a stored static: the emit-module job skips a getter's body but checks
            // a stored static's initializer. The runtime keeps the shape it builds.
            .variable(SwiftVariable(isStatic: true, name: Runtime.shapeProperty, type: Runtime.responseShape, getter: [
                .expression(SwiftExpression.type(Runtime.responseShape).call([(nil, keys), (nil, types)])),
            ])),
            .variable(SwiftVariable(isLet: true, name: Runtime.recordProperty, type: Runtime.responseRecord)),
            .function(SwiftFunction(kind: .initializer(failable: false), parameters: [SwiftParameter(name: Runtime.recordProperty, type: Runtime.responseRecord)], body: [
                .assignSelf(Runtime.recordProperty),
            ])),
        ]
        for (index, field) in fields.enumerated() {
            members.append(property(field, getter: [.expression(Self.recordRead(field.type, index: index))]))
        }
        return members
    }

    /// `self.__record.string(1)` for the common scalars (no dynamic cast when read), else `self.__record[1]`.
    private static func recordRead(_ type: TypeIR, index: Int) -> SwiftExpression {
        let argument = [SwiftArgument(nil, .integer(index))]
        let (valueType, suffix) = type.isOptional ? (type.nonOptional, Runtime.recordOptionalSuffix) : (type, "")
        if case .scalar(_, let swiftType) = valueType, let method = Runtime.recordScalarReads[swiftType] {
            return .call(record.dot(method + suffix), argument)
        }
        return .subscriptOf(record, argument)
    }

    /// `self.__record`: an unqualified `__record` costs the compiler a scope lookup in every getter.
    private static let record = SwiftExpression.selfValue.dot(Runtime.recordProperty)

    private func property(_ field: FieldIR, getter: [SwiftStatement]?) -> SwiftDeclaration {
        var attributes: [String] = []
        if let reason = field.deprecationReason {
            attributes.append("@available(*, deprecated, message: \(SwiftLiteral.string(reason)))")
        }
        return .variable(SwiftVariable(documentation: field.documentation, attributes: attributes, name: SwiftNaming.identifier(field.responseKey), type: field.type.swiftName, getter: getter))
    }

    /// `movieKey` (`movieKey_` when a field has that name), `Identifiable.id` when the struct has no
    /// `id` of its own, and equality and hashing by key only (two fetches of the same row are the
    /// same element in a list).
    private func keyMembers(_ key: SelectedKeyIR, structName: String, fields: [FieldIR], storage: ResultStorage) -> [SwiftDeclaration] {
        var keyProperty = SwiftNaming.lowerCamel(structName) + "Key"
        while fields.contains(where: { $0.responseKey == keyProperty }) { keyProperty += "_" }
        let arguments = zip(key.keyFields, key.responseKeys).map { keyField, responseKey in
            SwiftArgument(ParameterNames.label(keyField), keyFieldValue(responseKey, fields: fields, storage: storage))
        }
        var members: [SwiftDeclaration] = [
            .variable(SwiftVariable(documentation: ["The row's primary key."], name: SwiftNaming.identifier(keyProperty), type: key.keyStruct, getter: [
                .expression(.call(.type(key.keyStruct), arguments)),
            ])),
        ]
        if !fields.contains(where: { $0.responseKey == "id" }) {
            members.append(.variable(SwiftVariable(name: "id", type: key.keyStruct, getter: [.expression(.identifier(keyProperty))])))
        }
        let equalKeys = SwiftExpression.binary(SwiftExpression.identifier("lhs").dot(keyProperty), "==", SwiftExpression.identifier("rhs").dot(keyProperty))
        members.append(.function(SwiftFunction(isStatic: true, kind: .function(name: "=="), parameters: [
            SwiftParameter(name: "lhs", type: "Self"), SwiftParameter(name: "rhs", type: "Self"),
        ], returnType: "Bool", body: [.expression(equalKeys)])))
        members.append(.function(SwiftFunction(kind: .function(name: "hash"), parameters: [
            SwiftParameter(label: "into", name: "hasher", type: "inout Hasher"),
        ], body: [.expression(SwiftExpression.identifier("hasher").dot("combine").call([(nil, .identifier(keyProperty))]))])))
        return members
    }

    /// A key field's value: its property, or the record read behind it when the field is
    /// deprecated (the property's deprecation would warn inside the package itself).
    private func keyFieldValue(_ responseKey: String, fields: [FieldIR], storage: ResultStorage) -> SwiftExpression {
        guard case .record = storage, let index = fields.firstIndex(where: { $0.responseKey == responseKey }), fields[index].deprecationReason != nil else {
            return .identifier(SwiftNaming.identifier(responseKey))
        }
        return Self.recordRead(fields[index].type, index: index)
    }

    /// A selection on an interface or union: an enum with one case per concrete type that has
    /// fields of its own, and `_unknown` for any other type (including types added later).
    private func translateAbstractSelection(_ selection: SelectionSetIR, documentation: [String], storage: ResultStorage) -> SwiftDeclaration {
        var members: [SwiftDeclaration] = []
        for (typeCase, name) in zip(selection.typeCases, caseNames(selection)) {
            members.append(.enumCase(name: name, payload: typeCase.selection.structName))
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

    /// The cases of an abstract selection's enum, one per type case: `ImageRef` → `imageRef`,
    /// escaped if needed. Types whose names differ only in case (`URLItem`, `UrlItem`) would share
    /// one; the later ones keep their own spelling, first letter lowered, and `_` until unique.
    func caseNames(_ selection: SelectionSetIR) -> [String] {
        var used: Set<String> = ["_unknown", "inferredTypeName"]
        return selection.typeCases.map { typeCase in
            var name = SwiftNaming.lowerCamel(typeCase.typeName)
            if used.contains(name) { name = typeCase.typeName.prefix(1).lowercased() + typeCase.typeName.dropFirst() }
            while used.contains(name) { name += "_" }
            used.insert(name)
            return SwiftNaming.identifier(name)
        }
    }
}

/// A result struct's member types as `ResponseShape` spells them: the common scalars and the
/// list and optional wrappers as codes, other types by their place in a list of metatypes (each
/// type once), which the compiler checks far faster than a metatype per member.
struct ShapeCodes {
    private(set) var types: [String] = []

    mutating func code(_ type: TypeIR) -> String {
        switch type {
        case .optional(let inner): return code(inner) + "?"
        case .list(let inner): return "[" + code(inner) + "]"
        case .scalar(_, let swiftType):
            if let scalar = Runtime.shapeScalarCodes[swiftType] { return scalar }
            return place(of: swiftType)
        default:
            return place(of: type.swiftName)
        }
    }

    private mutating func place(of swiftType: String) -> String {
        if let index = types.firstIndex(of: swiftType) { return String(index) }
        types.append(swiftType)
        return String(types.count - 1)
    }
}
