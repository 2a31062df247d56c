import SQLGenLanguage
import SQLGenSchema

/// Walks the tokens of an operation file up to a position, with the schema in hand, the way the
/// parser would read them but never failing: a missing token is passed over, an unexpected one
/// skipped, and a definition keyword at the start of a line closes whatever was left open. So a
/// half-typed document (`query { movies(where: { genre: { | } }) }`, an unclosed brace, a missing
/// name) still says what may be typed at the position and what the name under it refers to.
struct ContextWalker {
    enum Mode {
        /// Stop where the position is reached between tokens or inside a name being typed.
        case completion
        /// Stop at the name under the position.
        case symbol
    }

    /// Ends the walk once the position is reached.
    struct Stop: Error {}

    let tokens: [Token]
    let bytes: [UInt8]
    let schema: Schema?
    let target: Int
    let mode: Mode
    /// The variables a fragment may use (those of the document's operations).
    let fragmentVariables: [DefinedVariable]
    var index = 0
    var lastEnd = 0
    var depth = 0
    var inFragment = false
    var operationVariables: [DefinedVariable] = []
    var result = PositionContext()

    /// Nesting deeper than this ends the walk (the parser refuses such documents anyway).
    static let maximumDepth = 200

    /// The context at `offset` of `source`.
    static func context(at offset: Int, in source: Source, schema: Schema?, mode: Mode, fragmentVariables: [DefinedVariable] = []) -> PositionContext {
        let tokens = TolerantTokens(source)
        if mode == .completion && tokens.isQuiet(offset) { return PositionContext() }
        var walker = ContextWalker(tokens: tokens.tokens, bytes: source.bytes, schema: schema, target: offset, mode: mode,
                                   fragmentVariables: fragmentVariables)
        do {
            try walker.document()
        } catch {
            // The position was reached.
        }
        return walker.result
    }

    var current: Token { tokens[index] }

    mutating func advance() {
        guard index < tokens.count - 1 else { return }
        lastEnd = current.end
        index += 1
    }

    func text(_ token: Token) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    func isWord(_ token: Token, _ word: String) -> Bool {
        token.kind == .name && token.end - token.start == word.utf8.count && text(token) == word
    }

    /// Whether `token` is a definition keyword at the start of a line: a new definition begins
    /// there even if the one before it was left open.
    func startsDefinition(_ token: Token) -> Bool {
        guard token.kind == .name, atLineStart(token) else { return false }
        return ["query", "mutation", "subscription", "fragment"].contains(text(token))
    }

    func atLineStart(_ token: Token) -> Bool {
        token.start == 0 || bytes[token.start - 1] == 0x0A || bytes[token.start - 1] == 0x0D
    }

    /// Where a completion walk stops: the position is before the current token, or inside the
    /// name being typed. A symbol walk stops once past the position.
    mutating func checkpoint(_ expectation: @autoclosure () -> Expectation) throws(Stop) {
        let token = current
        switch mode {
        case .completion:
            let typing = token.kind == .name && token.start < target && target <= token.end
            let insideNumber = (token.kind == .int || token.kind == .float) && token.start < target && target <= token.end
            guard typing || insideNumber || token.start >= target || token.kind == .endOfFile else { return }
            result.expectation = insideNumber ? .nothing : expectation()
            result.typedToken = typing ? token : nil
            result.variables = inFragment ? fragmentVariables : operationVariables
            throw Stop()
        case .symbol:
            if token.start > target || token.kind == .endOfFile { throw Stop() }
        }
    }

    /// In a symbol walk, ends the walk with `symbol` when the position is on the current name
    /// (or, with `start`, between `start` and the name's end: a variable's `$`).
    mutating func record(_ symbol: Symbol, from start: Int? = nil) throws(Stop) {
        guard mode == .symbol else { return }
        let token = current
        let begin = start ?? token.start
        guard begin <= target, target <= token.end else { return }
        result.symbol = symbol
        result.symbolRange = SourceRange(start: begin, end: token.end, source: token.range.source)
        result.variables = inFragment ? fragmentVariables : operationVariables
        throw Stop()
    }

    /// Runs `body` one level deeper, ending the walk past `maximumDepth`.
    mutating func nested(_ body: (inout ContextWalker) throws(Stop) -> Void) throws(Stop) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw Stop() }
        try body(&self)
        depth -= 1
    }

    // MARK: Definitions

    mutating func document() throws(Stop) {
        while true {
            try checkpoint(.definition)
            if current.kind == .endOfFile { return }
            let before = index
            try definition()
            if index == before { advance() }
        }
    }

    private mutating func definition() throws(Stop) {
        if current.kind == .string || current.kind == .blockString {
            advance()
            try checkpoint(.definition)
        }
        operationVariables = []
        inFragment = false
        if current.kind == .braceL {
            try selectionSet(parent: schema?.queryType.map { .object($0) })
            return
        }
        guard current.kind == .name else { return }
        switch text(current) {
        case "query": try operation(.query)
        case "mutation": try operation(.mutation)
        case "subscription": try operation(.subscription)
        case "fragment": try fragmentDefinition()
        default: skipTypeSystemDefinition()
        }
    }

    private mutating func operation(_ type: OperationType) throws(Stop) {
        advance()
        try checkpoint(.nothing)
        if current.kind == .name, !startsDefinition(current) { advance() }
        if current.kind == .parenL { try variableDefinitions() }
        try directives(location: type.directiveLocation)
        try checkpoint(.nothing)
        if current.kind == .braceL {
            try selectionSet(parent: schema?.rootType(for: type).map { .object($0) })
        }
    }

    private mutating func fragmentDefinition() throws(Stop) {
        advance()
        inFragment = true
        try checkpoint(.nothing)
        if current.kind == .name, !isWord(current, "on") {
            try record(.fragment(name: text(current)))
            advance()
        }
        try checkpoint(.nothing)
        var parent: GraphQLNamedType?
        if isWord(current, "on") {
            advance()
            parent = try typeName(.typeCondition(parent: nil))
        }
        try directives(location: .fragmentDefinition)
        try checkpoint(.nothing)
        if current.kind == .braceL { try selectionSet(parent: parent) }
    }

    /// A type name after `on`, recorded as a symbol.
    mutating func typeName(_ expectation: Expectation) throws(Stop) -> GraphQLNamedType? {
        try checkpoint(expectation)
        guard current.kind == .name else { return nil }
        let type = schema?.type(named: text(current))
        if let type { try record(.type(type)) }
        advance()
        return type
    }

    /// A type-system definition in an operation file: skipped to the next line that starts a
    /// definition outside braces.
    private mutating func skipTypeSystemDefinition() {
        advance()
        var braces = 0
        while current.kind != .endOfFile {
            if braces == 0 && atLineStart(current) { return }
            if current.kind == .braceL { braces += 1 }
            if current.kind == .braceR { braces = max(0, braces - 1) }
            advance()
        }
    }

    // MARK: Variables

    private mutating func variableDefinitions() throws(Stop) {
        advance()
        while true {
            try checkpoint(.nothing)
            switch current.kind {
            case .parenR:
                advance()
                return
            case .dollar: try variableDefinition()
            case .string, .blockString: advance()
            default: return
            }
        }
    }

    private mutating func variableDefinition() throws(Stop) {
        let start = current.start
        advance()
        guard current.kind == .name else { return }
        let name = text(current)
        try record(.variable(name: name, expected: nil), from: start)
        advance()
        guard current.kind == .colon else { return }
        advance()
        guard let type = try typeReference() else { return }
        operationVariables.append(DefinedVariable(name: name, type: type, range: SourceRange(start: start, end: lastEnd, source: current.range.source)))
        if current.kind == .equals {
            advance()
            try value(type: GraphQLTypeRef(type))
        }
        try directives(location: .variableDefinition)
    }

    /// Type : NamedType | ListType | NonNullType, its names recorded as symbols.
    private mutating func typeReference() throws(Stop) -> TypeReference? {
        try checkpoint(.inputType)
        let start = current.start
        var type: TypeReference
        switch current.kind {
        case .bracketL:
            advance()
            var inner: TypeReference?
            try nested { (walker: inout ContextWalker) throws(Stop) in inner = try walker.typeReference() }
            guard let inner else { return nil }
            if current.kind == .bracketR { advance() }
            type = .list(inner, SourceRange(start: start, end: lastEnd, source: current.range.source))
        case .name:
            let name = Name(text(current), range: current.range)
            if let named = schema?.type(named: name.value) { try record(.type(named)) }
            advance()
            type = .named(NamedType(name: name, range: name.range))
        default:
            return nil
        }
        if current.kind == .bang {
            advance()
            type = .nonNull(type, SourceRange(start: start, end: lastEnd, source: current.range.source))
        }
        return type
    }
}

extension OperationType {
    /// Where a directive on an operation of this type is placed.
    var directiveLocation: DirectiveLocation {
        switch self {
        case .query: return .query
        case .mutation: return .mutation
        case .subscription: return .subscription
        }
    }
}
