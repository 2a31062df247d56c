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
        let operationTypes = try many(until: .braceR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseRootOperationTypeDefinition() }
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

    /// The start of a type definition, `Description? keyword`, or of its extension, `extend keyword`
    /// (no description): the rest of the two is the same, but an extension must add something.
    private mutating func parseDefinitionStart(_ keyword: StaticString, extension isExtension: Bool) throws(GraphQLError) -> StringValue? {
        if isExtension {
            try expectKeyword("extend")
            try expectKeyword(keyword)
            return nil
        }
        let description = try parseDescription()
        try expectKeyword(keyword)
        return description
    }

    /// TypeDefinition, or TypeExtension with `extension`, when `keyword` is a type's keyword; nil otherwise.
    mutating func parseTypeDefinition(_ keyword: DefinitionKeyword?, extension isExtension: Bool) throws(GraphQLError) -> TypeDefinition? {
        switch keyword {
        case .scalar: return .scalar(try parseScalarTypeDefinition(extension: isExtension))
        case .type: return .object(try parseObjectTypeDefinition(keyword: "type", extension: isExtension))
        case .interface: return .interface(try parseObjectTypeDefinition(keyword: "interface", extension: isExtension))
        case .union: return .union(try parseUnionTypeDefinition(extension: isExtension))
        case .enum: return .enumType(try parseEnumTypeDefinition(extension: isExtension))
        case .input: return .inputObject(try parseInputObjectTypeDefinition(extension: isExtension))
        default: return nil
        }
    }

    /// ScalarTypeDefinition : Description? scalar Name Directives[Const]?
    /// ScalarTypeExtension : extend scalar Name Directives[Const]
    mutating func parseScalarTypeDefinition(extension isExtension: Bool) throws(GraphQLError) -> ScalarTypeDefinition {
        let start = token.start
        let description = try parseDefinitionStart("scalar", extension: isExtension)
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        if isExtension && directives.isEmpty { throw unexpected() }
        return ScalarTypeDefinition(description: description, name: name, directives: directives, range: range(from: start))
    }

    /// ObjectTypeDefinition : Description? type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    /// InterfaceTypeDefinition : Description? interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    /// ObjectTypeExtension : extend type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition (at least one part)
    /// InterfaceTypeExtension : extend interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition (at least one part)
    mutating func parseObjectTypeDefinition(keyword: StaticString, extension isExtension: Bool) throws(GraphQLError) -> ObjectTypeDefinition {
        let start = token.start
        let description = try parseDefinitionStart(keyword, extension: isExtension)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        if isExtension && interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
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
        try optionalMany(.braceL, .braceR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseFieldDefinition() }
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
        try optionalMany(.parenL, .parenR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseInputValueDefinition() }
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

    /// What union, enum and input object definitions share: `Description? keyword Name
    /// Directives[Const]? Members`, or `extend keyword Name Directives[Const]? Members` with at least
    /// directives or members.
    private struct DefinitionWithMembers<Members> {
        let description: StringValue?
        let name: Name
        let directives: [Directive]
        let members: Members
        let range: SourceRange
    }

    @inline(__always)
    private mutating func parseDefinitionWithMembers<Members: Collection>(
        _ keyword: StaticString, extension isExtension: Bool, members parseMembers: (inout ParserCore) throws(GraphQLError) -> Members
    ) throws(GraphQLError) -> DefinitionWithMembers<Members> {
        let start = token.start
        let description = try parseDefinitionStart(keyword, extension: isExtension)
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let members = try parseMembers(&self)
        if isExtension && directives.isEmpty && members.isEmpty { throw unexpected() }
        return DefinitionWithMembers(description: description, name: name, directives: directives, members: members, range: range(from: start))
    }

    /// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?
    /// UnionTypeExtension : extend union Name Directives[Const]? UnionMemberTypes | extend union Name Directives[Const]
    mutating func parseUnionTypeDefinition(extension isExtension: Bool) throws(GraphQLError) -> UnionTypeDefinition {
        let union = try parseDefinitionWithMembers("union", extension: isExtension) { (parser: inout ParserCore) throws(GraphQLError) in
            try parser.parseUnionMemberTypes()
        }
        return UnionTypeDefinition(description: union.description, name: union.name, directives: union.directives, types: union.members, range: union.range)
    }

    /// UnionMemberTypes : = `|`? NamedType | UnionMemberTypes | NamedType
    mutating func parseUnionMemberTypes() throws(GraphQLError) -> [NamedType] {
        guard try expectOptional(.equals) else { return [] }
        return try parseDelimitedNamedTypes(.pipe)
    }

    /// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?
    /// EnumTypeExtension : extend enum Name Directives[Const]? EnumValuesDefinition | extend enum Name Directives[Const]
    mutating func parseEnumTypeDefinition(extension isExtension: Bool) throws(GraphQLError) -> EnumTypeDefinition {
        let enumType = try parseDefinitionWithMembers("enum", extension: isExtension) { (parser: inout ParserCore) throws(GraphQLError) in
            try parser.parseEnumValuesDefinition()
        }
        return EnumTypeDefinition(description: enumType.description, name: enumType.name, directives: enumType.directives, values: enumType.members,
                                  range: enumType.range)
    }

    /// EnumValuesDefinition : { EnumValueDefinition+ }
    mutating func parseEnumValuesDefinition() throws(GraphQLError) -> [EnumValueDefinition] {
        try optionalMany(.braceL, .braceR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseEnumValueDefinition() }
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
    /// InputObjectTypeExtension : extend input Name Directives[Const]? InputFieldsDefinition | extend input Name Directives[Const]
    mutating func parseInputObjectTypeDefinition(extension isExtension: Bool) throws(GraphQLError) -> InputObjectTypeDefinition {
        let input = try parseDefinitionWithMembers("input", extension: isExtension) { (parser: inout ParserCore) throws(GraphQLError) in
            try parser.parseInputFieldsDefinition()
        }
        return InputObjectTypeDefinition(description: input.description, name: input.name, directives: input.directives, fields: input.members,
                                         range: input.range)
    }

    /// InputFieldsDefinition : { InputValueDefinition+ }
    mutating func parseInputFieldsDefinition() throws(GraphQLError) -> [InputValueDefinition] {
        try optionalMany(.braceL, .braceR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseInputValueDefinition() }
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
            let kind = definitionKeyword(keyword)
            if let type = try parseTypeDefinition(kind, extension: true) { return .typeExtension(type) }
            switch kind {
            case .schema: return .schemaExtension(try parseSchemaExtension())
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
        let operationTypes = try optionalMany(.braceL, .braceR) { (parser: inout ParserCore) throws(GraphQLError) in
            try parser.parseRootOperationTypeDefinition()
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
}
