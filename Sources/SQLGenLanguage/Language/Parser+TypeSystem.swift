// The type system definition language (GraphQL spec, section 3).

extension ParserCore {
    func peekDescription() -> Bool { peek(.string) || peek(.blockString) }

    /// Description : StringValue
    mutating func parseDescription() throws(GraphQLError) -> StringValue? {
        peekDescription() ? try parseStringLiteral() : nil
    }

    /// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
    mutating func parseSchemaDefinition() throws(GraphQLError) -> SchemaDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        try expect(.braceL)
        var operationTypes: [RootOperationTypeDefinition] = []
        repeat {
            operationTypes.append(try parseRootOperationTypeDefinition())
        } while !(try expectOptional(.braceR))
        return SchemaDefinition(description: description, directives: directives, operationTypes: operationTypes, range: range(from: start))
    }

    /// RootOperationTypeDefinition : OperationType : NamedType
    mutating func parseRootOperationTypeDefinition() throws(GraphQLError) -> RootOperationTypeDefinition {
        let start = token.start
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseNamedType()
        return RootOperationTypeDefinition(operation: operation, type: type, range: range(from: start))
    }

    /// ScalarTypeDefinition : Description? scalar Name Directives[Const]?
    mutating func parseScalarTypeDefinition() throws(GraphQLError) -> ScalarTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return ScalarTypeDefinition(description: description, name: name, directives: directives, range: range(from: start))
    }

    /// ObjectTypeDefinition : Description? type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    /// InterfaceTypeDefinition : Description? interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    mutating func parseObjectTypeDefinition(keyword: StaticString) throws(GraphQLError) -> ObjectTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword(keyword)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        return ObjectTypeDefinition(description: description, name: name, interfaces: interfaces, directives: directives, fields: fields, range: range(from: start))
    }

    /// ImplementsInterfaces : implements `&`? NamedType | ImplementsInterfaces & NamedType
    mutating func parseImplementsInterfaces() throws(GraphQLError) -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try parseDelimitedNamedTypes(.amp)
    }

    /// A non-empty list of named types separated by `delimiter`, which may also lead.
    private mutating func parseDelimitedNamedTypes(_ delimiter: TokenKind) throws(GraphQLError) -> [NamedType] {
        _ = try expectOptional(delimiter)
        var types: [NamedType] = []
        repeat {
            types.append(try parseNamedType())
        } while try expectOptional(delimiter)
        return types
    }

    /// FieldsDefinition : { FieldDefinition+ }
    mutating func parseFieldsDefinition() throws(GraphQLError) -> [FieldDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            let before = token.start
            fields.append(try parseFieldDefinition())
            assert(token.start > before, "parseFieldDefinition made no progress")
        } while !(try expectOptional(.braceR))
        return fields
    }

    /// FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?
    mutating func parseFieldDefinition() throws(GraphQLError) -> FieldDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        try expect(.colon)
        let type = try parseTypeReference()
        let directives = try parseDirectives(isConst: true)
        return FieldDefinition(description: description, name: name, arguments: arguments, type: type, directives: directives, range: range(from: start))
    }

    /// ArgumentsDefinition : ( InputValueDefinition+ )
    mutating func parseArgumentsDefinition() throws(GraphQLError) -> [InputValueDefinition] {
        guard try expectOptional(.parenL) else { return [] }
        var arguments: [InputValueDefinition] = []
        repeat {
            arguments.append(try parseInputValueDefinition())
        } while !(try expectOptional(.parenR))
        return arguments
    }

    /// InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?
    mutating func parseInputValueDefinition() throws(GraphQLError) -> InputValueDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinition(description: description, name: name, type: type, defaultValue: defaultValue, directives: directives, range: range(from: start))
    }

    /// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?
    mutating func parseUnionTypeDefinition() throws(GraphQLError) -> UnionTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        return UnionTypeDefinition(description: description, name: name, directives: directives, types: types, range: range(from: start))
    }

    /// UnionMemberTypes : = `|`? NamedType | UnionMemberTypes | NamedType
    mutating func parseUnionMemberTypes() throws(GraphQLError) -> [NamedType] {
        guard try expectOptional(.equals) else { return [] }
        return try parseDelimitedNamedTypes(.pipe)
    }

    /// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?
    mutating func parseEnumTypeDefinition() throws(GraphQLError) -> EnumTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        return EnumTypeDefinition(description: description, name: name, directives: directives, values: values, range: range(from: start))
    }

    /// EnumValuesDefinition : { EnumValueDefinition+ }
    mutating func parseEnumValuesDefinition() throws(GraphQLError) -> [EnumValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            values.append(try parseEnumValueDefinition())
        } while !(try expectOptional(.braceR))
        return values
    }

    /// EnumValueDefinition : Description? EnumValue Directives[Const]?
    /// EnumValue : Name but not `true`, `false` or `null`
    mutating func parseEnumValueDefinition() throws(GraphQLError) -> EnumValueDefinition {
        let start = token.start
        let description = try parseDescription()
        if isKeyword("true") || isKeyword("false") || isKeyword("null") {
            throw scanner.error("\(describe(token)) is reserved and cannot be used for an enum value.", at: token.start)
        }
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return EnumValueDefinition(description: description, name: name, directives: directives, range: range(from: start))
    }

    /// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition?
    mutating func parseInputObjectTypeDefinition() throws(GraphQLError) -> InputObjectTypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputFieldsDefinition()
        return InputObjectTypeDefinition(description: description, name: name, directives: directives, fields: fields, range: range(from: start))
    }

    /// InputFieldsDefinition : { InputValueDefinition+ }
    mutating func parseInputFieldsDefinition() throws(GraphQLError) -> [InputValueDefinition] {
        guard try expectOptional(.braceL) else { return [] }
        var fields: [InputValueDefinition] = []
        repeat {
            fields.append(try parseInputValueDefinition())
        } while !(try expectOptional(.braceR))
        return fields
    }

    /// DirectiveDefinition : Description? directive @ Name ArgumentsDefinition? Directives[Const]? repeatable? on DirectiveLocations
    /// (the directives are graphql-core's experimental syntax)
    mutating func parseDirectiveDefinition() throws(GraphQLError) -> DirectiveDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        let directives = try parseDirectives(isConst: true)
        let repeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        let locations = try parseDirectiveLocations()
        return DirectiveDefinition(description: description, name: name, arguments: arguments, directives: directives, repeatable: repeatable,
                                   locations: locations, range: range(from: start))
    }

    /// DirectiveLocations : `|`? DirectiveLocation | DirectiveLocations | DirectiveLocation
    mutating func parseDirectiveLocations() throws(GraphQLError) -> [Name] {
        _ = try expectOptional(.pipe)
        var locations: [Name] = []
        repeat {
            locations.append(try parseDirectiveLocation())
        } while try expectOptional(.pipe)
        return locations
    }

    /// DirectiveLocation : ExecutableDirectiveLocation | TypeSystemDirectiveLocation
    /// (plus graphql-core's experimental `DIRECTIVE_DEFINITION`)
    mutating func parseDirectiveLocation() throws(GraphQLError) -> Name {
        let start = token
        let name = try parseName()
        guard DirectiveLocation(rawValue: name.value) != nil || name.value == "DIRECTIVE_DEFINITION" else { throw unexpected(start) }
        return name
    }

    // MARK: Extensions

    /// TypeSystemExtension : SchemaExtension | TypeExtension | DirectiveExtension (graphql-core's experimental syntax)
    mutating func parseTypeSystemExtension() throws(GraphQLError) -> Definition {
        let keyword = try lookahead()
        if keyword.kind == .name {
            switch definitionKeyword(keyword) {
            case .schema: return .schemaExtension(try parseSchemaExtension())
            case .scalar: return .typeExtension(.scalar(try parseScalarTypeExtension()))
            case .type: return .typeExtension(.object(try parseObjectTypeExtension(keyword: "type")))
            case .interface: return .typeExtension(.interface(try parseObjectTypeExtension(keyword: "interface")))
            case .union: return .typeExtension(.union(try parseUnionTypeExtension()))
            case .enum: return .typeExtension(.enumType(try parseEnumTypeExtension()))
            case .input: return .typeExtension(.inputObject(try parseInputObjectTypeExtension()))
            case .directive: return .directiveExtension(try parseDirectiveExtension())
            default: break
            }
        }
        throw unexpected(keyword)
    }

    /// SchemaExtension : extend schema Directives[Const]? { RootOperationTypeDefinition+ } | extend schema Directives[Const] [lookahead != {]
    mutating func parseSchemaExtension() throws(GraphQLError) -> SchemaDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        var operationTypes: [RootOperationTypeDefinition] = []
        if try expectOptional(.braceL) {
            repeat {
                operationTypes.append(try parseRootOperationTypeDefinition())
            } while !(try expectOptional(.braceR))
        }
        if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
        return SchemaDefinition(directives: directives, operationTypes: operationTypes, range: range(from: start))
    }

    /// DirectiveExtension : extend directive @ Name Directives[Const]  (graphql-core's experimental syntax)
    mutating func parseDirectiveExtension() throws(GraphQLError) -> DirectiveDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        if directives.isEmpty { throw unexpected() }
        return DirectiveDefinition(name: name, directives: directives, locations: [], range: range(from: start))
    }

    /// ScalarTypeExtension : extend scalar Name Directives[Const]
    mutating func parseScalarTypeExtension() throws(GraphQLError) -> ScalarTypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        if directives.isEmpty { throw unexpected() }
        return ScalarTypeDefinition(name: name, directives: directives, range: range(from: start))
    }

    /// ObjectTypeExtension : extend type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition (at least one part)
    /// InterfaceTypeExtension : extend interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition (at least one part)
    mutating func parseObjectTypeExtension(keyword: StaticString) throws(GraphQLError) -> ObjectTypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword(keyword)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
        return ObjectTypeDefinition(name: name, interfaces: interfaces, directives: directives, fields: fields, range: range(from: start))
    }

    /// UnionTypeExtension : extend union Name Directives[Const]? UnionMemberTypes | extend union Name Directives[Const]
    mutating func parseUnionTypeExtension() throws(GraphQLError) -> UnionTypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        if directives.isEmpty && types.isEmpty { throw unexpected() }
        return UnionTypeDefinition(name: name, directives: directives, types: types, range: range(from: start))
    }

    /// EnumTypeExtension : extend enum Name Directives[Const]? EnumValuesDefinition | extend enum Name Directives[Const]
    mutating func parseEnumTypeExtension() throws(GraphQLError) -> EnumTypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        if directives.isEmpty && values.isEmpty { throw unexpected() }
        return EnumTypeDefinition(name: name, directives: directives, values: values, range: range(from: start))
    }

    /// InputObjectTypeExtension : extend input Name Directives[Const]? InputFieldsDefinition | extend input Name Directives[Const]
    mutating func parseInputObjectTypeExtension() throws(GraphQLError) -> InputObjectTypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseInputFieldsDefinition()
        if directives.isEmpty && fields.isEmpty { throw unexpected() }
        return InputObjectTypeDefinition(name: name, directives: directives, fields: fields, range: range(from: start))
    }
}
