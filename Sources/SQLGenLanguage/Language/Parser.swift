/// The GraphQL parser: source text to `Document` (GraphQL spec, September 2025, sections 2 and 3),
/// with graphql-js 17's error messages (double-quoted) and graphql-core 3.3.2's limits.
public enum Parser {
    /// Document : Definition+
    public static func parse(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Document {
        try run(source, options) { (parser: inout ParserCore) throws(GraphQLError) -> Document in
            try parser.parseDocument()
        }
    }

    /// A lone value (`Value[~Const]`), variables allowed, e.g. `[1, $x]`.
    public static func parseValue(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Value {
        try parseLoneValue(source, options, isConst: false)
    }

    /// A lone constant value (`Value[+Const]`): variables are an error.
    public static func parseConstValue(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> Value {
        try parseLoneValue(source, options, isConst: true)
    }

    private static func parseLoneValue(_ source: Source, _ options: ParseOptions, isConst: Bool) throws(GraphQLError) -> Value {
        try run(source, options) { (parser: inout ParserCore) throws(GraphQLError) -> Value in
            try parser.expect(.startOfFile)
            let value = try parser.parseValueLiteral(isConst: isConst)
            try parser.expect(.endOfFile)
            return value
        }
    }

    /// A lone type reference, e.g. `[String!]!`.
    public static func parseType(_ source: Source, options: ParseOptions = ParseOptions()) throws(GraphQLError) -> TypeReference {
        try run(source, options) { (parser: inout ParserCore) throws(GraphQLError) -> TypeReference in
            try parser.expect(.startOfFile)
            let type = try parser.parseTypeReference()
            try parser.expect(.endOfFile)
            return type
        }
    }

    /// Checks the source-wide limits, then runs `body` on a parser borrowing the source's bytes.
    /// A document nested deeper than `DeepStack.inlineLevels` is parsed again on a deep stack.
    private static func run<T>(_ source: Source, _ options: ParseOptions, _ body: (inout ParserCore) throws(GraphQLError) -> T) throws(GraphQLError) -> T {
        var needsDeepStack = false
        let result = run(source, options, onDeepStack: false, needsDeepStack: &needsDeepStack, body)
        guard needsDeepStack else { return try result.get() }
        return try DeepStack.run(nesting: options.maxDepth) { () throws(GraphQLError) -> T in
            try run(source, options, onDeepStack: true, needsDeepStack: &needsDeepStack, body).get()
        }
    }

    private static func run<T>(_ source: Source, _ options: ParseOptions, onDeepStack: Bool, needsDeepStack: inout Bool,
                               _ body: (inout ParserCore) throws(GraphQLError) -> T) -> Result<T, GraphQLError> {
        source.bytes.withUnsafeBufferPointer { buffer in
            do throws(GraphQLError) {
                let scanner = Scanner(bytes: buffer, source: source.id)
                if buffer.count >= Int(UInt32.max) {
                    throw scanner.error("Source is too large (4 GiB or more). Parsing aborted.", at: 0)
                }
                if let maxSourceLength = options.maxSourceLength {
                    var scalars = 0
                    for byte in buffer where byte & 0xC0 != 0x80 { scalars += 1 }
                    if scalars > maxSourceLength {
                        throw scanner.error("Source contains more than \(maxSourceLength) code points. Parsing aborted.",
                                            at: buffer.offset(after: max(0, maxSourceLength), from: 0))
                    }
                }
                var parser = ParserCore(scanner: scanner, options: options, onDeepStack: onDeepStack)
                do throws(GraphQLError) {
                    return .success(try body(&parser))
                } catch {
                    needsDeepStack = parser.needsDeepStack
                    throw error
                }
            } catch {
                return .failure(error)
            }
        }
    }
}

/// The parser's state: the scanner, the current token and the limit counters. Its `parse…`
/// methods (one per grammar production) live in extensions in the `Parser+*.swift` files.
struct ParserCore {
    var scanner: Scanner
    /// The current token, not yet consumed.
    var token: Token
    /// Where the last consumed token ended: the end of the node being finished.
    var lastEnd = 0
    var depth = 0
    /// The deepest `depth` reached.
    var deepest = 0
    /// Tokens consumed, comments included (graphql-core's `token_count`, for `maxTokens`).
    var tokenCount = 0
    var lexicalTokenCount = 0
    let noLocation: Bool
    let maxDepth: Int
    /// Nesting past this ends the parse early to run it again on a deep stack (`Parser.run`).
    let inlineDepth: Int
    private(set) var needsDeepStack = false
    let maxTokens: Int?
    let maxLexicalTokens: Int?
    let hasTokenLimit: Bool
    let allowEmptySelectionSets: Bool
    let allowNoDefinitions: Bool
    let fragmentArguments: Bool

    init(scanner: Scanner, options: ParseOptions, onDeepStack: Bool = false) {
        self.scanner = scanner
        self.scanner.maxComments = options.maxComments
        self.token = Token(kind: .startOfFile, range: SourceRange(start: 0, end: 0, source: scanner.source))
        self.noLocation = options.noLocation
        self.maxDepth = options.maxDepth
        self.inlineDepth = onDeepStack ? options.maxDepth : min(options.maxDepth, DeepStack.inlineLevels)
        self.maxTokens = options.maxTokens
        self.maxLexicalTokens = options.maxLexicalTokens
        self.hasTokenLimit = options.maxTokens != nil || options.maxLexicalTokens != nil
        self.allowEmptySelectionSets = options.allowEmptySelectionSets
        self.allowNoDefinitions = options.allowNoDefinitions
        self.fragmentArguments = options.experimentalFragmentArguments
    }

    var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }

    // MARK: Tokens

    /// Consumes the current token and reads the next one, skipping (and counting) comments.
    @inline(__always)
    mutating func advance() throws(GraphQLError) {
        lastEnd = token.end
        var next = try scanner.next()
        if next.kind == .comment {
            next = try skipComments(from: next)
        }
        token = next
        if next.kind != .endOfFile { tokenCount += 1 }
        if hasTokenLimit { try checkTokenLimits() }
    }

    /// Skips a run of comments, counting them as tokens; `maxTokens` is enforced on each comment
    /// so that a comment-padded document stops early (as graphql-core does).
    private mutating func skipComments(from first: Token) throws(GraphQLError) -> Token {
        var next = first
        while next.kind == .comment {
            tokenCount += 1
            if let maxTokens, tokenCount > maxTokens {
                throw scanner.error("Document contains more than \(maxTokens) tokens. Parsing aborted.", at: next.start)
            }
            next = try scanner.next()
        }
        return next
    }

    private mutating func checkTokenLimits() throws(GraphQLError) {
        if let maxLexicalTokens, token.kind != .endOfFile {
            lexicalTokenCount += 1
            if lexicalTokenCount > maxLexicalTokens {
                throw scanner.error("Document contains more than \(maxLexicalTokens) tokens. Parsing aborted.", at: token.start)
            }
        }
        if let maxTokens, tokenCount > maxTokens {
            throw scanner.error("Document contains more than \(maxTokens) tokens. Parsing aborted.", at: token.start)
        }
    }

    /// The token after the current one, without consuming anything.
    func lookahead() throws(GraphQLError) -> Token {
        guard token.kind != .endOfFile else { return token }
        var copy = scanner
        var next = try copy.next()
        var comments = 0
        while next.kind == .comment {
            comments += 1
            if let maxTokens, tokenCount + comments > maxTokens {
                throw scanner.error("Document contains more than \(maxTokens) tokens. Parsing aborted.", at: next.start)
            }
            next = try copy.next()
        }
        return next
    }

    @inline(__always)
    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes a token of `kind` or fails with `Expected <kind>, found <token>.`
    @inline(__always)
    mutating func expect(_ kind: TokenKind) throws(GraphQLError) {
        guard token.kind == kind else {
            throw scanner.error("Expected \(kind.displayName), found \(describe(token)).", at: token.start)
        }
        try advance()
    }

    /// Consumes a token of `kind` if it is the current one.
    @inline(__always)
    mutating func expectOptional(_ kind: TokenKind) throws(GraphQLError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Whether the current token is the name `keyword`.
    @inline(__always)
    func isKeyword(_ keyword: StaticString) -> Bool {
        guard token.kind == .name else { return false }
        let length = keyword.utf8CodeUnitCount
        let start = token.start
        guard token.end - start == length, let base = bytes.baseAddress else { return false }
        let expected = keyword.utf8Start
        for index in 0..<length where base[start + index] != expected[index] { return false }
        return true
    }

    mutating func expectKeyword(_ keyword: StaticString) throws(GraphQLError) {
        guard isKeyword(keyword) else {
            throw scanner.error("Expected \"\(keyword)\", found \(describe(token)).", at: token.start)
        }
        try advance()
    }

    mutating func expectOptionalKeyword(_ keyword: StaticString) throws(GraphQLError) -> Bool {
        guard isKeyword(keyword) else { return false }
        try advance()
        return true
    }

    /// `Unexpected <token>.` at `token` (the current token by default).
    func unexpected(_ at: Token? = nil) -> GraphQLError {
        let token = at ?? self.token
        return scanner.error("Unexpected \(describe(token)).", at: token.start)
    }

    /// How graphql-js shows a token in messages: its kind, and its value in double quotes.
    func describe(_ token: Token) -> String {
        guard token.kind.hasValue else { return token.kind.displayName }
        return token.kind.displayName + " \"" + Scanner.value(of: token, in: bytes) + "\""
    }

    /// The text of the current token (for names and numbers).
    @inline(__always)
    func tokenText() -> String {
        bytes.text(token.start..<token.end)
    }

    /// The range from `start` to the end of the last consumed token.
    @inline(__always)
    func range(from start: Int) -> SourceRange {
        noLocation ? .none : SourceRange(start: start, end: lastEnd, source: scanner.source)
    }

    @inline(__always)
    func tokenRange() -> SourceRange {
        noLocation ? .none : token.range
    }

    /// Counts one level of nesting (selection set, list or object value, list type).
    @inline(__always)
    mutating func enterNesting() throws(GraphQLError) {
        depth += 1
        deepest = max(deepest, depth)
        if depth > inlineDepth { try nestedPastInlineDepth() }
    }

    private mutating func nestedPastInlineDepth() throws(GraphQLError) {
        if depth <= maxDepth { needsDeepStack = true }
        throw scanner.error("Document is nested too deeply. Parsing aborted.", at: token.start)
    }

    /// `open Item+ close`, or no items when the current token is not `open` (graphql-js's `optionalMany`).
    @inline(__always)
    mutating func optionalMany<Item>(_ open: TokenKind, _ close: TokenKind,
                                     _ parseItem: (inout ParserCore) throws(GraphQLError) -> Item) throws(GraphQLError) -> [Item] {
        guard try expectOptional(open) else { return [] }
        return try many(until: close, parseItem)
    }

    /// `Item+ close`, the opening token already consumed.
    @inline(__always)
    mutating func many<Item>(until close: TokenKind, _ parseItem: (inout ParserCore) throws(GraphQLError) -> Item) throws(GraphQLError) -> [Item] {
        var items: [Item] = []
        repeat {
            let before = token.start
            items.append(try parseItem(&self))
            assert(token.start > before, "a list item made no progress")
        } while !(try expectOptional(close))
        return items
    }

    /// Name : /[_A-Za-z][_0-9A-Za-z]*/
    @inline(__always)
    mutating func parseName() throws(GraphQLError) -> Name {
        guard token.kind == .name else {
            throw scanner.error("Expected Name, found \(describe(token)).", at: token.start)
        }
        let name = Name(tokenText(), range: tokenRange())
        try advance()
        return name
    }
}
