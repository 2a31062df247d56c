// Values, directives and type references (GraphQL spec, sections 2.9 to 2.12).

extension ParserCore {
    /// Value[Const] : [~Const] Variable | IntValue | FloatValue | StringValue | BooleanValue |
    /// NullValue | EnumValue | ListValue[?Const] | ObjectValue[?Const]
    mutating func parseValueLiteral(isConst: Bool) throws(GraphQLError) -> Value {
        let current = token
        switch current.kind {
        case .bracketL:
            return try parseList(isConst: isConst)
        case .braceL:
            return try parseObject(isConst: isConst)
        case .int:
            let text = tokenText()
            let range = tokenRange()
            try advance()
            return .int(text, range)
        case .float:
            let text = tokenText()
            let range = tokenRange()
            try advance()
            return .float(text, range)
        case .string, .blockString:
            return .string(try parseStringLiteral())
        case .name:
            return try parseNamedValue()
        case .dollar:
            if isConst {
                try advance()
                if peek(.name) {
                    throw scanner.error("Unexpected variable \"$\(tokenText())\" in constant value.", at: current.start)
                }
                throw unexpected(current)
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// BooleanValue : one of `true` `false`; NullValue : `null`; EnumValue : Name but not `true`, `false` or `null`
    private mutating func parseNamedValue() throws(GraphQLError) -> Value {
        let range = tokenRange()
        let value: Value
        if isKeyword("true") {
            value = .boolean(true, range)
        } else if isKeyword("false") {
            value = .boolean(false, range)
        } else if isKeyword("null") {
            value = .null(range)
        } else {
            value = .enumValue(tokenText(), range)
        }
        try advance()
        return value
    }

    /// StringValue (a quoted or block string; its value unescaped and dedented)
    mutating func parseStringLiteral() throws(GraphQLError) -> StringValue {
        let current = token
        try advance()
        return StringValue(Scanner.value(of: current, in: bytes), block: current.kind == .blockString,
                           range: noLocation ? .none : current.range)
    }

    /// ListValue[Const] : [ ] | [ Value[?Const]+ ]
    mutating func parseList(isConst: Bool) throws(GraphQLError) -> Value {
        let list = try parseNestedItems(.bracketL, .bracketR) { (parser: inout ParserCore) throws(GraphQLError) in
            try parser.parseValueLiteral(isConst: isConst)
        }
        return .list(list.items, list.range)
    }

    /// ObjectValue[Const] : { } | { ObjectField[?Const]+ }
    mutating func parseObject(isConst: Bool) throws(GraphQLError) -> Value {
        let object = try parseNestedItems(.braceL, .braceR) { (parser: inout ParserCore) throws(GraphQLError) in
            try parser.parseObjectField(isConst: isConst)
        }
        return .object(object.items, object.range)
    }

    /// `open Item* close`, one level of nesting deeper: the items of a list or object value, and
    /// the range from `open` to `close`.
    @inline(__always)
    private mutating func parseNestedItems<Item>(_ open: TokenKind, _ close: TokenKind, _ parseItem: (inout ParserCore) throws(GraphQLError) -> Item)
        throws(GraphQLError) -> (items: [Item], range: SourceRange) {
        try enterNesting()
        let start = token.start
        try expect(open)
        var items: [Item] = []
        while !(try expectOptional(close)) {
            let before = token.start
            items.append(try parseItem(&self))
            assert(token.start > before, "a nested item made no progress")
        }
        depth -= 1
        return (items, range(from: start))
    }

    /// ObjectField[Const] : Name : Value[?Const]
    /// (The same production as an argument's.)
    mutating func parseObjectField(isConst: Bool) throws(GraphQLError) -> ObjectField {
        try parseArgument(isConst: isConst)
    }

    /// Directives[Const] : Directive[?Const]+
    mutating func parseDirectives(isConst: Bool) throws(GraphQLError) -> [Directive] {
        guard peek(.at) else { return [] }
        var directives: [Directive] = []
        while peek(.at) {
            directives.append(try parseDirective(isConst: isConst))
        }
        return directives
    }

    /// Directive[Const] : @ Name Arguments[?Const]?
    mutating func parseDirective(isConst: Bool) throws(GraphQLError) -> Directive {
        let start = token.start
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArguments(isConst: isConst)
        return Directive(name: name, arguments: arguments, range: range(from: start))
    }

    /// Type : NamedType | ListType | NonNullType
    /// ListType : [ Type ]
    /// NonNullType : NamedType ! | ListType !
    mutating func parseTypeReference() throws(GraphQLError) -> TypeReference {
        let start = token.start
        var type: TypeReference
        if try expectOptional(.bracketL) {
            try enterNesting()
            let inner = try parseTypeReference()
            depth -= 1
            try expect(.bracketR)
            type = .list(inner, range(from: start))
        } else {
            type = .named(try parseNamedType())
        }
        if try expectOptional(.bang) {
            type = .nonNull(type, range(from: start))
        }
        return type
    }

    /// NamedType : Name
    mutating func parseNamedType() throws(GraphQLError) -> NamedType {
        let name = try parseName()
        return NamedType(name: name, range: name.range)
    }
}
