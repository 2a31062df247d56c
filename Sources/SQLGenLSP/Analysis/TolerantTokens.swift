import SQLGenLanguage

/// The tokens of a GraphQL text as an editor holds it, half-typed: a malformed token is taken as
/// far as it goes (an unterminated string to the end of its line, `12ab` as one number) or
/// skipped (a stray character), so reading never fails. Comments are kept apart: nothing is
/// completed inside one.
struct TolerantTokens {
    /// The lexical tokens, ending with `.endOfFile`.
    private(set) var tokens: [Token] = []
    /// Comments and strings, in text order: places where no completion applies. A string is
    /// `closed` when it ends with its quote (a position after it is outside).
    private(set) var quiet: [(range: SourceRange, closed: Bool)] = []

    init(_ source: Source) {
        var lexer = Lexer(source, includeComments: true)
        let bytes = source.bytes
        while true {
            do {
                let token = try lexer.next()
                if token.kind == .comment {
                    quiet.append((token.range, false))
                    continue
                }
                if token.kind == .string || token.kind == .blockString { quiet.append((token.range, true)) }
                tokens.append(token)
                if token.kind == .endOfFile { return }
            } catch {
                let (token, resume) = Self.recover(at: lexer.position, in: bytes, source: source.id)
                if let token {
                    tokens.append(token)
                    if token.kind == .string || token.kind == .blockString { quiet.append((token.range, false)) }
                }
                lexer = Lexer(source, position: resume, includeComments: true)
            }
        }
    }

    /// Whether `offset` lies inside a comment or a string (after its first character).
    func isQuiet(_ offset: Int) -> Bool {
        quiet.contains { $0.range.start < offset && (offset < $0.range.end || offset == $0.range.end && !$0.closed) }
    }

    /// The token to use for the malformed one at or after `position`, and where to go on.
    private static func recover(at position: Int, in bytes: [UInt8], source: SourceID) -> (Token?, Int) {
        let start = firstSignificant(from: position, in: bytes)
        guard start < bytes.count else { return (nil, bytes.count) }
        let byte = bytes[start]
        func token(_ kind: TokenKind, _ end: Int) -> (Token?, Int) {
            (Token(kind: kind, range: SourceRange(start: start, end: end, source: source)), end)
        }
        switch byte {
        case UInt8(ascii: "\""):
            if start + 2 < bytes.count, bytes[start + 1] == byte, bytes[start + 2] == byte {
                return token(.blockString, blockStringEnd(from: start + 3, in: bytes))
            }
            return token(.string, stringEnd(from: start + 1, in: bytes))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = start + 1
            while end < bytes.count, isNumberTail(bytes[end]) { end += 1 }
            return token(.int, end)
        default:
            // A stray character (or a partial `..`): skip one scalar.
            var end = start + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return (nil, end)
        }
    }

    private static func isNumberTail(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// Past whitespace, commas, a byte order mark and comments.
    private static func firstSignificant(from position: Int, in bytes: [UInt8]) -> Int {
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","):
                index += 1
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            default:
                return index
            }
        }
        return index
    }

    /// After the closing quote of a string, or at the end of its line.
    private static func stringEnd(from position: Int, in bytes: [UInt8]) -> Int {
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            case 0x0A, 0x0D: return index
            default: index += 1
            }
        }
        return bytes.count
    }

    /// After the closing `"""` of a block string, or at the end of the text.
    private static func blockStringEnd(from position: Int, in bytes: [UInt8]) -> Int {
        var index = position
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "\"") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\"") { return index + 3 }
            index += 1
        }
        return bytes.count
    }
}
