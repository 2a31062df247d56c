/// The kinds of lexical tokens (GraphQL spec, section 2.1: Punctuator, Name, IntValue, FloatValue,
/// StringValue, Comment) plus the start and end of the document.
public enum TokenKind: UInt8, Sendable, Hashable, CaseIterable {
    case startOfFile
    case endOfFile
    case bang
    case dollar
    case amp
    case parenL
    case parenR
    case spread
    case colon
    case equals
    case at
    case bracketL
    case bracketR
    case braceL
    case pipe
    case braceR
    case name
    case int
    case float
    case string
    case blockString
    case comment

    /// How graphql-js names the kind in messages: punctuators quoted (`"{"`), others by name.
    public var displayName: String {
        switch self {
        case .startOfFile: return "<SOF>"
        case .endOfFile: return "<EOF>"
        case .bang: return "\"!\""
        case .dollar: return "\"$\""
        case .amp: return "\"&\""
        case .parenL: return "\"(\""
        case .parenR: return "\")\""
        case .spread: return "\"...\""
        case .colon: return "\":\""
        case .equals: return "\"=\""
        case .at: return "\"@\""
        case .bracketL: return "\"[\""
        case .bracketR: return "\"]\""
        case .braceL: return "\"{\""
        case .pipe: return "\"|\""
        case .braceR: return "\"}\""
        case .name: return "Name"
        case .int: return "Int"
        case .float: return "Float"
        case .string: return "String"
        case .blockString: return "BlockString"
        case .comment: return "Comment"
        }
    }

    /// Whether tokens of this kind carry a value (a name, number, string or comment text).
    public var hasValue: Bool {
        switch self {
        case .name, .int, .float, .string, .blockString, .comment: return true
        default: return false
        }
    }
}

/// One lexical token: its kind and range. Kept trivial (no references) so the lexer and parser
/// pass tokens around without reference counting; the text or unescaped string value is produced
/// on demand by `Lexer.value(of:)`.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    /// The token's bytes in the source (`range.start..<range.end`).
    public var range: SourceRange
    /// For `.string` tokens: whether the string contains escape sequences (its value must be
    /// decoded rather than copied). For `.blockString` tokens: whether it contains `\"""`.
    public var hasEscapes: Bool

    public init(kind: TokenKind, range: SourceRange, hasEscapes: Bool = false) {
        self.kind = kind
        self.range = range
        self.hasEscapes = hasEscapes
    }

    @inline(__always) public var start: Int { Int(range.startOffset) }
    @inline(__always) public var end: Int { Int(range.endOffset) }
}
