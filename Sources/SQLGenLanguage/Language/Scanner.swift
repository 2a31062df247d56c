/// Reads tokens from UTF-8 bytes (GraphQL spec, section 2.1 "Source Text" and "Lexical Tokens").
///
/// One pass over the bytes, no regular expressions and no `Character`s: every token is found by
/// switching on its first byte. The scanner only validates and delimits tokens; string values are
/// decoded later (`Scanner.value(of:)`) when a node needs them. It borrows the bytes, so it only
/// lives inside a `withUnsafeBufferPointer` scope (`Lexer` and `Parser` set that up).
struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let source: SourceID
    /// Where the next token search starts.
    var position: Int
    /// Comments read so far, for `ParseOptions.maxComments`.
    var commentCount = 0
    var maxComments: Int?

    init(bytes: UnsafeBufferPointer<UInt8>, source: SourceID, position: Int = 0) {
        self.bytes = bytes
        self.source = source
        self.position = position
    }

    /// A syntax error at a byte offset, worded like graphql-js.
    func error(_ description: String, at offset: Int) -> GraphQLError {
        GraphQLError("Syntax Error: " + description, ranges: [SourceRange(start: offset, end: offset, source: source)])
    }

    @inline(__always)
    private func token(_ kind: TokenKind, _ start: Int, _ end: Int, hasEscapes: Bool = false) -> Token {
        Token(kind: kind, range: SourceRange(start: start, end: end, source: source), hasEscapes: hasEscapes)
    }

    /// Reads the next token, comments included; at the end it returns `.endOfFile` every time.
    ///
    /// Ignored tokens (spec 2.1.7): UnicodeBOM, WhiteSpace, LineTerminator, Comma (and comments,
    /// which are returned so that the parser can count them).
    mutating func next() throws(GraphQLError) -> Token {
        let count = bytes.count
        var offset = position
        while offset < count {
            let byte = bytes[offset]
            let kind: TokenKind
            switch byte {
            case 0x0A: // LF, usually followed by indentation
                offset += 1
                while offset < count && bytes[offset] == 0x20 { offset += 1 }
                continue
            case 0x20, 0x09, 0x2C, 0x0D: // space, tab, comma, CR
                offset += 1
                continue
            case 0xEF where offset + 2 < count && bytes[offset + 1] == 0xBB && bytes[offset + 2] == 0xBF: // BOM
                offset += 3
                continue
            case UInt8(ascii: "#"):
                return try readComment(at: offset)
            case UInt8(ascii: "\""):
                if bytes.byte(at: offset + 1) == UInt8(ascii: "\"") && bytes.byte(at: offset + 2) == UInt8(ascii: "\"") {
                    return try readBlockString(at: offset)
                }
                return try readString(at: offset)
            case UInt8(ascii: "!"): kind = .bang
            case UInt8(ascii: "$"): kind = .dollar
            case UInt8(ascii: "&"): kind = .amp
            case UInt8(ascii: "("): kind = .parenL
            case UInt8(ascii: ")"): kind = .parenR
            case UInt8(ascii: ":"): kind = .colon
            case UInt8(ascii: "="): kind = .equals
            case UInt8(ascii: "@"): kind = .at
            case UInt8(ascii: "["): kind = .bracketL
            case UInt8(ascii: "]"): kind = .bracketR
            case UInt8(ascii: "{"): kind = .braceL
            case UInt8(ascii: "|"): kind = .pipe
            case UInt8(ascii: "}"): kind = .braceR
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try readNumber(at: offset)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
                return readName(at: offset)
            case UInt8(ascii: "."):
                return try readDots(at: offset)
            default:
                throw unexpectedCharacter(at: offset)
            }
            position = offset + 1
            return token(kind, offset, offset + 1)
        }
        position = count
        return token(.endOfFile, count, count)
    }

    /// Name :: NameStart NameContinue* [lookahead != NameContinue]
    @inline(__always)
    private mutating func readName(at start: Int) -> Token {
        var offset = start + 1
        let count = bytes.count
        while offset < count && isNameContinue(bytes[offset]) { offset += 1 }
        position = offset
        return token(.name, start, offset)
    }

    /// `...`, or the errors graphql-js gives for `..` and `.5`.
    private mutating func readDots(at start: Int) throws(GraphQLError) -> Token {
        let next = bytes.byte(at: start + 1)
        if next == UInt8(ascii: ".") {
            if bytes.byte(at: start + 2) == UInt8(ascii: ".") {
                position = start + 3
                return token(.spread, start, start + 3)
            }
            throw error("Unexpected \"..\", did you mean \"...\"?", at: start)
        }
        if isDigit(next) {
            var end = start + 1
            while isDigit(bytes.byte(at: end)) { end += 1 }
            throw error("Invalid number, expected digit before \".\", did you mean \"0.\(bytes.text(start + 1..<end))\"?", at: start)
        }
        throw unexpectedCharacter(at: start)
    }

    /// The error for a byte that cannot start a token.
    private func unexpectedCharacter(at offset: Int) -> GraphQLError {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "'") {
            return error("Unexpected single quote character ('), did you mean to use a double quote (\")?", at: offset)
        }
        if bytes.scalar(at: offset) == nil {
            return error("Invalid character: \(describeCharacter(at: offset)).", at: offset)
        }
        return error("Unexpected character: \(describeCharacter(at: offset)).", at: offset)
    }

    /// How graphql-js quotes a character in messages: printable ASCII in quotes, others as U+XXXX,
    /// `<EOF>` past the end. (Bytes that are not UTF-8 are shown as such.)
    func describeCharacter(at offset: Int) -> String {
        guard offset < bytes.count else { return "<EOF>" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte <= 0x7E {
            return byte == UInt8(ascii: "\"") ? "'\"'" : "\"\(Character(Unicode.Scalar(byte)))\""
        }
        guard let scalar = bytes.scalar(at: offset) else {
            return "byte 0x" + hex(UInt32(byte), digits: 2) + " (not UTF-8)"
        }
        return "U+" + hex(scalar.value, digits: 4)
    }

    /// Comment :: # CommentChar* [lookahead != CommentChar]
    private mutating func readComment(at start: Int) throws(GraphQLError) -> Token {
        if let maxComments {
            commentCount += 1
            if commentCount > maxComments {
                throw error("Document contains more than \(maxComments) comments. Parsing aborted.", at: start)
            }
        }
        var offset = start + 1
        let count = bytes.count
        while offset < count {
            offset = bytes.skipPlainASCII(from: offset, stoppingAt: 0x0A, 0x0D, 0x0A, 0x0D)
            guard offset < count else { break }
            let byte = bytes[offset]
            if byte == 0x0A || byte == 0x0D { break }
            guard let scalar = bytes.scalar(at: offset) else { break } // not UTF-8: the next token reports it
            offset += scalar.length
        }
        position = offset
        return token(.comment, start, offset)
    }

    /// IntValue :: IntegerPart [lookahead != {Digit, `.`, NameStart}]
    /// FloatValue :: IntegerPart FractionalPart? ExponentPart? [lookahead != {Digit, `.`, NameStart}]
    /// IntegerPart :: NegativeSign? 0 | NegativeSign? NonZeroDigit Digit*
    private mutating func readNumber(at start: Int) throws(GraphQLError) -> Token {
        var offset = start
        var byte = bytes[offset]
        var isFloat = false
        if byte == UInt8(ascii: "-") {
            offset += 1
            byte = bytes.byte(at: offset)
        }
        if byte == UInt8(ascii: "0") {
            offset += 1
            byte = bytes.byte(at: offset)
            if isDigit(byte) {
                throw error("Invalid number, unexpected digit after 0: \(describeCharacter(at: offset)).", at: offset)
            }
        } else {
            offset = try readDigits(at: offset)
            byte = bytes.byte(at: offset)
        }
        if byte == UInt8(ascii: ".") {
            isFloat = true
            offset = try readDigits(at: offset + 1)
            byte = bytes.byte(at: offset)
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isFloat = true
            offset += 1
            byte = bytes.byte(at: offset)
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { offset += 1 }
            offset = try readDigits(at: offset)
            byte = bytes.byte(at: offset)
        }
        if byte == UInt8(ascii: ".") || isNameStart(byte) {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: offset)).", at: offset)
        }
        position = offset
        return token(isFloat ? .float : .int, start, offset)
    }

    /// Digit+ ; returns the offset after the digits.
    private func readDigits(at start: Int) throws(GraphQLError) -> Int {
        guard isDigit(bytes.byte(at: start)) else {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: start)).", at: start)
        }
        var offset = start + 1
        while isDigit(bytes.byte(at: offset)) { offset += 1 }
        return offset
    }
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

/// NameStart :: Letter | `_`
@inline(__always) func isNameStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
}

/// NameContinue :: Letter | Digit | `_`
@inline(__always) func isNameContinue(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == 0x5F
}

/// Uppercase hex with at least `digits` digits.
func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
