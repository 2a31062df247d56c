/// A cursor over the tokens of a source (GraphQL spec, section 2.1), for tools that want tokens
/// rather than an AST. It is a value: copy it to look ahead.
///
///     var lexer = Lexer(Source("{ hello }"))
///     while true {
///         let token = try lexer.next()
///         if token.kind == .endOfFile { break }
///         print(token.kind, lexer.value(of: token))
///     }
public struct Lexer: Sendable {
    public let source: Source
    /// The byte offset where the next token search starts.
    public private(set) var position = 0
    /// Whether `next()` returns comment tokens (by default they are skipped, like the parser does).
    public var includeComments = false

    public init(_ source: Source, includeComments: Bool = false) {
        self.source = source
        self.includeComments = includeComments
    }

    /// A lexer that starts at byte offset `position`: a tool that skips a malformed token (an
    /// editor's half-typed string) resumes after it.
    public init(_ source: Source, position: Int, includeComments: Bool = false) {
        self.init(source, includeComments: includeComments)
        self.position = min(max(position, 0), source.bytes.count)
    }

    /// The next token; at the end `.endOfFile`, every time. Throws the syntax error of a malformed
    /// token (unterminated string, bad escape, bad number, unexpected character).
    public mutating func next() throws(GraphQLError) -> Token {
        let start = position
        let includeComments = includeComments
        let result: Result<(Token, Int), GraphQLError> = source.bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer, source: source.id, position: start)
            do throws(GraphQLError) {
                var token = try scanner.next()
                while token.kind == .comment && !includeComments {
                    token = try scanner.next()
                }
                return .success((token, scanner.position))
            } catch {
                return .failure(error)
            }
        }
        let (token, end) = try result.get()
        position = end
        return token
    }

    /// The value of `token`: a string's unescaped value (block strings dedented), a comment's text
    /// after `#`, and the source text of any other token.
    public func value(of token: Token) -> String {
        source.bytes.withUnsafeBufferPointer { Scanner.value(of: token, in: $0) }
    }
}
