// String and block string tokens (GraphQL spec, section 2.9.4 "String Value").

/// The outcome of reading one escape sequence at a backslash.
enum EscapeSequence {
    /// A valid escape: the scalar it stands for and its length in bytes.
    case scalar(UInt32, length: Int)
    /// An invalid `\u` escape; the message quotes the source up to `quoteEnd`.
    case invalidUnicode(quoteEnd: Int)
    /// An invalid single-character escape; the message quotes up to `quoteEnd`.
    case invalidCharacter(quoteEnd: Int)
}

extension Scanner {
    /// StringValue :: `""` [lookahead != `"`] | `"` StringCharacter+ `"`
    /// StringCharacter :: SourceCharacter but not `"` or `\` or LineTerminator | `\u` EscapedUnicode | `\` EscapedCharacter
    mutating func readString(at start: Int) throws(GraphQLError) -> Token {
        var offset = start + 1
        var hasEscapes = false
        let count = bytes.count
        while offset < count {
            offset = bytes.skipPlainASCII(from: offset, stoppingAt: UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D)
            guard offset < count else { break }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                position = offset + 1
                return Token(kind: .string, range: SourceRange(start: start, end: offset + 1, source: source), hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                switch Scanner.readEscape(in: bytes, at: offset) {
                case .scalar(_, let length):
                    offset += length
                case .invalidUnicode(let quoteEnd):
                    throw error("Invalid Unicode escape sequence: \"\(bytes.text(offset..<quoteEnd))\".", at: offset)
                case .invalidCharacter(let quoteEnd):
                    throw error("Invalid character escape sequence: \"\(bytes.text(offset..<quoteEnd))\".", at: offset)
                }
                continue
            }
            if byte == 0x0A || byte == 0x0D { break }
            guard let scalar = bytes.scalar(at: offset) else {
                throw error("Invalid character within String: \(describeCharacter(at: offset)).", at: offset)
            }
            offset += scalar.length
        }
        throw error("Unterminated string.", at: offset)
    }

    /// EscapedUnicode :: `{` HexDigit+ `}` | HexDigit HexDigit HexDigit HexDigit (a surrogate pair
    /// of two such escapes is one scalar); EscapedCharacter :: one of `"` `\` `/` `b` `f` `n` `r` `t`.
    /// `offset` is the backslash. The quoted text of errors follows graphql-js (counted in scalars).
    static func readEscape(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> EscapeSequence {
        let kind = bytes.byte(at: offset + 1)
        guard kind == UInt8(ascii: "u") else {
            let value: UInt32
            switch kind {
            case UInt8(ascii: "\""): value = 0x22
            case UInt8(ascii: "\\"): value = 0x5C
            case UInt8(ascii: "/"): value = 0x2F
            case UInt8(ascii: "b"): value = 0x08
            case UInt8(ascii: "f"): value = 0x0C
            case UInt8(ascii: "n"): value = 0x0A
            case UInt8(ascii: "r"): value = 0x0D
            case UInt8(ascii: "t"): value = 0x09
            default: return .invalidCharacter(quoteEnd: bytes.offset(after: 2, from: offset))
            }
            return .scalar(value, length: 2)
        }
        if bytes.byte(at: offset + 2) == UInt8(ascii: "{") {
            // Variable width: at most 12 scalars (`\u{00000000}`), at least 5 (`\u{0}`).
            var point = 0
            var size = 3
            var end = offset + 3
            while size < 12 && end < bytes.count {
                let byte = bytes[end]
                end += byte < 0x80 ? 1 : (bytes.scalar(at: end)?.length ?? 1)
                size += 1
                if byte == UInt8(ascii: "}") {
                    if size < 5 || !isScalarValue(point) { break }
                    return .scalar(UInt32(point), length: end - offset)
                }
                let digit = hexDigitValue(byte)
                if digit < 0 { break }
                point = point << 4 | digit
            }
            return .invalidUnicode(quoteEnd: end)
        }
        let code = readHex4(bytes, at: offset + 2)
        if isScalarValue(code) {
            return .scalar(UInt32(code), length: 6)
        }
        if (0xD800...0xDBFF).contains(code) && bytes.byte(at: offset + 6) == UInt8(ascii: "\\") && bytes.byte(at: offset + 7) == UInt8(ascii: "u") {
            let trailing = readHex4(bytes, at: offset + 8)
            if (0xDC00...0xDFFF).contains(trailing) {
                return .scalar(UInt32(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)), length: 12)
            }
        }
        return .invalidUnicode(quoteEnd: bytes.offset(after: 6, from: offset))
    }

    /// Four hex digits as a number, or -1.
    private static func readHex4(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        guard offset + 4 <= bytes.count else { return -1 }
        return hexDigitValue(bytes[offset]) << 12 | hexDigitValue(bytes[offset + 1]) << 8
            | hexDigitValue(bytes[offset + 2]) << 4 | hexDigitValue(bytes[offset + 3])
    }

    @inline(__always)
    private static func isScalarValue(_ point: Int) -> Bool {
        (0...0xD7FF).contains(point) || (0xE000...0x10FFFF).contains(point)
    }

    /// StringValue :: `"""` BlockStringCharacter* `"""`
    /// BlockStringCharacter :: SourceCharacter but not `"""` or `\"""` | `\"""`
    mutating func readBlockString(at start: Int) throws(GraphQLError) -> Token {
        var offset = start + 3
        var hasEscapes = false
        let count = bytes.count
        while offset < count {
            offset = bytes.skipPlainASCII(from: offset, stoppingAt: UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "\""))
            guard offset < count else { break }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                if bytes.byte(at: offset + 1) == UInt8(ascii: "\"") && bytes.byte(at: offset + 2) == UInt8(ascii: "\"") {
                    position = offset + 3
                    return Token(kind: .blockString, range: SourceRange(start: start, end: offset + 3, source: source), hasEscapes: hasEscapes)
                }
                offset += 1
            } else if byte == UInt8(ascii: "\\") {
                if bytes.byte(at: offset + 1) == UInt8(ascii: "\"") && bytes.byte(at: offset + 2) == UInt8(ascii: "\"") && bytes.byte(at: offset + 3) == UInt8(ascii: "\"") {
                    hasEscapes = true
                    offset += 4
                } else {
                    offset += 1
                }
            } else if let scalar = bytes.scalar(at: offset) {
                offset += scalar.length
            } else {
                throw error("Invalid character within String: \(describeCharacter(at: offset)).", at: offset)
            }
        }
        throw error("Unterminated string.", at: offset)
    }

    /// The value of a token: the unescaped (and for block strings dedented) value of a string, the
    /// text after `#` of a comment, the text of anything else.
    static func value(of token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let start = token.start
        let end = token.end
        switch token.kind {
        case .string:
            return token.hasEscapes ? decodeString(bytes, start + 1..<end - 1) : bytes.text(start + 1..<end - 1)
        case .blockString:
            return BlockString.value(ofRaw: UnsafeBufferPointer(rebasing: bytes[start + 3..<end - 3]), unescape: token.hasEscapes)
        case .comment:
            return bytes.text(start + 1..<end)
        default:
            return bytes.text(start..<end)
        }
    }

    /// Decodes the escapes of an already validated string body.
    private static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(range.count)
        var offset = range.lowerBound
        var chunkStart = offset
        while offset < range.upperBound {
            guard bytes[offset] == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<offset]))
            if case .scalar(let scalar, let length) = readEscape(in: bytes, at: offset) {
                appendUTF8(scalar, to: &buffer)
                offset += length
            } else {
                offset += 1 // unreachable for a lexed token; skip the backslash
            }
            chunkStart = offset
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<range.upperBound]))
        return String(decoding: buffer, as: UTF8.self)
    }
}
