// Documents, operations, selections and fragments (GraphQL spec, sections 2.2 to 2.8).

extension ParserCore {
    /// Document : Definition+
    mutating func parseDocument() throws(GraphQLError) -> Document {
        try expect(.startOfFile)
        var definitions: [Definition] = []
        if allowNoDefinitions, try expectOptional(.endOfFile) {
            return Document(definitions: [], range: noLocation ? .none : SourceRange(start: 0, end: bytes.count, source: scanner.source))
        }
        repeat {
            let before = token.start
            definitions.append(try parseDefinition())
            assert(token.start > before || token.kind == .endOfFile, "parseDefinition made no progress")
        } while !(try expectOptional(.endOfFile))
        var document = Document(definitions: definitions, range: noLocation ? .none : SourceRange(start: 0, end: bytes.count, source: scanner.source))
        document.parsedNestingDepth = deepest
        return document
    }

    /// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension
    ///
    /// The keyword decides; a leading description needs one token of lookahead.
    mutating func parseDefinition() throws(GraphQLError) -> Definition {
        if peek(.braceL) {
            return .operation(try parseOperationDefinition())
        }
        let hasDescription = peekDescription()
        let keyword = hasDescription ? try lookahead() : token
        if hasDescription && keyword.kind == .braceL {
            throw scanner.error("Unexpected description, descriptions are not supported on shorthand queries.", at: token.start)
        }
        if keyword.kind == .name {
            let kind = definitionKeyword(keyword)
            if let type = try parseTypeDefinition(kind, extension: false) { return .type(type) }
            switch kind {
            case .schema: return .schema(try parseSchemaDefinition())
            case .scalar, .type, .interface, .union, .enum, .input: break // parsed above
            case .directive: return .directive(try parseDirectiveDefinition())
            case .query, .mutation, .subscription: return .operation(try parseOperationDefinition())
            case .fragment: return .fragment(try parseFragmentDefinition())
            case .extend:
                if hasDescription {
                    throw scanner.error("Unexpected description, only GraphQL definitions support descriptions.", at: token.start)
                }
                return try parseTypeSystemExtension()
            case nil:
                if hasDescription {
                    throw scanner.error("Unexpected description, only GraphQL definitions support descriptions.", at: token.start)
                }
            }
        }
        throw unexpected(keyword)
    }

    /// The keywords that start a definition.
    enum DefinitionKeyword {
        case schema, scalar, type, interface, union, `enum`, input, directive, query, mutation, subscription, fragment, extend
    }

    /// Which definition keyword the name token `keyword` is, if any (compared on bytes).
    func definitionKeyword(_ keyword: Token) -> DefinitionKeyword? {
        let start = keyword.start
        let length = keyword.end - start
        func matches(_ text: StaticString) -> Bool {
            guard text.utf8CodeUnitCount == length else { return false }
            let expected = text.utf8Start
            for index in 0..<length where bytes[start + index] != expected[index] { return false }
            return true
        }
        switch bytes[start] {
        case UInt8(ascii: "s"):
            if matches("schema") { return .schema }
            if matches("scalar") { return .scalar }
            if matches("subscription") { return .subscription }
        case UInt8(ascii: "t"): if matches("type") { return .type }
        case UInt8(ascii: "i"):
            if matches("interface") { return .interface }
            if matches("input") { return .input }
        case UInt8(ascii: "u"): if matches("union") { return .union }
        case UInt8(ascii: "e"):
            if matches("enum") { return .enum }
            if matches("extend") { return .extend }
        case UInt8(ascii: "d"): if matches("directive") { return .directive }
        case UInt8(ascii: "q"): if matches("query") { return .query }
        case UInt8(ascii: "m"): if matches("mutation") { return .mutation }
        case UInt8(ascii: "f"): if matches("fragment") { return .fragment }
        default: break
        }
        return nil
    }

    /// OperationDefinition : Description? OperationType Name? VariablesDefinition? Directives? SelectionSet | SelectionSet
    mutating func parseOperationDefinition() throws(GraphQLError) -> OperationDefinition {
        let start = token.start
        if peek(.braceL) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(operation: .query, name: nil, selectionSet: selectionSet, range: range(from: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(description: description, operation: operation, name: name, variableDefinitions: variableDefinitions,
                                   directives: directives, selectionSet: selectionSet, range: range(from: start))
    }

    /// OperationType : one of `query` `mutation` `subscription`
    ///
    /// Like graphql-core, the name is consumed before it is checked, so a malformed next token is
    /// reported first.
    mutating func parseOperationType() throws(GraphQLError) -> OperationType {
        let operationToken = token
        let operation: OperationType? = isKeyword("query") ? .query : isKeyword("mutation") ? .mutation : isKeyword("subscription") ? .subscription : nil
        try expect(.name)
        guard let operation else { throw unexpected(operationToken) }
        return operation
    }

    /// VariablesDefinition : ( VariableDefinition+ )
    mutating func parseVariableDefinitions() throws(GraphQLError) -> [VariableDefinition] {
        try optionalMany(.parenL, .parenR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseVariableDefinition() }
    }

    /// VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]?
    mutating func parseVariableDefinition() throws(GraphQLError) -> VariableDefinition {
        let start = token.start
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return VariableDefinition(description: description, variable: variable, type: type, defaultValue: defaultValue,
                                  directives: directives, range: range(from: start))
    }

    /// Variable : $ Name
    mutating func parseVariable() throws(GraphQLError) -> Variable {
        let start = token.start
        try expect(.dollar)
        let name = try parseName()
        return Variable(name: name, range: range(from: start))
    }

    /// SelectionSet : { Selection* }  (`{ Selection+ }` when empty selection sets are not allowed)
    mutating func parseSelectionSet() throws(GraphQLError) -> SelectionSet {
        try enterNesting()
        let start = token.start
        try expect(.braceL)
        var selections: [Selection] = []
        if allowEmptySelectionSets, try expectOptional(.braceR) {
            // empty
        } else {
            selections = try many(until: .braceR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseSelection() }
        }
        depth -= 1
        return SelectionSet(selections: selections, range: range(from: start))
    }

    /// Selection : Field | FragmentSpread | InlineFragment
    @inline(__always)
    mutating func parseSelection() throws(GraphQLError) -> Selection {
        peek(.spread) ? try parseFragment() : .field(try parseField())
    }

    /// Field : Alias? Name Arguments? Directives? SelectionSet?
    mutating func parseField() throws(GraphQLError) -> Field {
        let start = token.start
        let nameOrAlias = try parseName()
        let alias: Name?
        let name: Name
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        } else {
            alias = nil
            name = nameOrAlias
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = peek(.braceL) ? try parseSelectionSet() : nil
        return Field(alias: alias, name: name, arguments: arguments, directives: directives, selectionSet: selectionSet, range: range(from: start))
    }

    /// Arguments[Const] : ( Argument[?Const]+ )
    mutating func parseArguments(isConst: Bool) throws(GraphQLError) -> [Argument] {
        try optionalMany(.parenL, .parenR) { (parser: inout ParserCore) throws(GraphQLError) in try parser.parseArgument(isConst: isConst) }
    }

    /// Argument[Const] : Name : Value[?Const]
    mutating func parseArgument(isConst: Bool) throws(GraphQLError) -> Argument {
        let start = token.start
        let name = try parseName()
        try expect(.colon)
        let value = try parseValueLiteral(isConst: isConst)
        return Argument(name: name, value: value, range: range(from: start))
    }

    /// FragmentSpread : ... FragmentName Arguments? Directives?
    /// InlineFragment : ... TypeCondition? Directives? SelectionSet
    mutating func parseFragment() throws(GraphQLError) -> Selection {
        let start = token.start
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseFragmentName()
            let arguments = fragmentArguments ? try parseArguments(isConst: false) : []
            let directives = try parseDirectives(isConst: false)
            return .fragmentSpread(FragmentSpread(name: name, arguments: arguments, directives: directives, range: range(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : nil
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(InlineFragment(typeCondition: typeCondition, directives: directives, selectionSet: selectionSet, range: range(from: start)))
    }

    /// FragmentDefinition : Description? fragment FragmentName VariablesDefinition? TypeCondition Directives? SelectionSet
    /// (`VariablesDefinition` only with experimental fragment arguments)
    mutating func parseFragmentDefinition() throws(GraphQLError) -> FragmentDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        let variableDefinitions = fragmentArguments ? try parseVariableDefinitions() : []
        let typeCondition = try parseTypeCondition()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(description: description, name: name, variableDefinitions: variableDefinitions, typeCondition: typeCondition,
                                  directives: directives, selectionSet: selectionSet, range: range(from: start))
    }

    /// FragmentName : Name but not `on`
    mutating func parseFragmentName() throws(GraphQLError) -> Name {
        // graphql-core compares the token's value, so a string "on" is refused too.
        if isKeyword("on") || ((peek(.string) || peek(.blockString)) && Scanner.value(of: token, in: bytes) == "on") {
            throw unexpected()
        }
        return try parseName()
    }

    /// TypeCondition : on NamedType
    mutating func parseTypeCondition() throws(GraphQLError) -> NamedType {
        try expectKeyword("on")
        return try parseNamedType()
    }
}
