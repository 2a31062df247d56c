// Splits a CEL expression (Data Connect's `@auth(expr:)`, `@check(expr:)`, `_expr` values) into
// tokens, working on its UTF-8 bytes. Positions are byte offsets into the expression.

/// A CEL syntax or evaluation error, with the byte offset it points at.
struct CELError: Error, Equatable {
    var message: String
    var position: Int

    init(_ message: String, at position: Int) {
        self.message = message
        self.position = position
    }

    /// `message (column N)`, columns counted from 1 in UTF-8 bytes.
    var description: String { "\(message) (column \(position + 1))" }
}

enum CELToken: Equatable {
    case int(Int64)
    case double(Double)
    case string(String)
    /// A bytes literal, `b"..."`.
    case bytes([UInt8])
    case identifier(String)
    /// Punctuation and operators: `.`, `==`, `&&`, `(`...
    case symbol(String)
    case end
}

struct CELLexer {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    /// All tokens with their offsets, ending with `.end`.
    /// The tokens of `text`, ending with `.end`; stops after `limit` tokens (the caller refuses
    /// longer expressions, so the rest need not be read).
    static func tokenize(_ text: String, limit: Int = .max) throws(CELError) -> [(token: CELToken, position: Int)] {
        var lexer = CELLexer(text)
        var tokens: [(CELToken, Int)] = []
        while tokens.count <= limit {
            let (token, position) = try lexer.next()
            tokens.append((token, position))
            if token == .end { return tokens }
        }
        return tokens
    }

    private static let reserved: Set<String> = ["as", "break", "const", "continue", "else", "for", "function", "if", "import",
                                                 "let", "loop", "package", "namespace", "return", "var", "void", "while"]

    private func byte(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    mutating func next() throws(CELError) -> (CELToken, Int) {
        skipSpaceAndComments()
        let start = index
        guard let first = byte() else { return (.end, start) }
        if Self.isDigit(first) || (first == UInt8(ascii: ".") && Self.isDigit(byte(1))) {
            return (try number(), start)
        }
        if Self.isIdentifierStart(first) {
            if let literal = try prefixedLiteral() { return (literal, start) }
            while let next = byte(), Self.isIdentifierStart(next) || Self.isDigit(next) { index += 1 }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            if Self.reserved.contains(name) { throw CELError("\"\(name)\" is a reserved word", at: start) }
            return (.identifier(name), start)
        }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return (.string(String(decoding: try quoted(raw: false, bytes: false, start: start), as: UTF8.self)), start)
        }
        let two = byte(1).map { String(decoding: [first, $0], as: UTF8.self) } ?? ""
        if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) {
            index += 2
            return (.symbol(two), start)
        }
        let single = String(decoding: [first], as: UTF8.self)
        if ["<", ">", "!", "+", "-", "*", "/", "%", "?", ":", ".", ",", "(", ")", "[", "]", "{", "}"].contains(single) {
            index += 1
            return (.symbol(single), start)
        }
        if first == UInt8(ascii: "=") { throw CELError("Unexpected \"=\"; use \"==\" to compare", at: start) }
        if first == UInt8(ascii: "&") || first == UInt8(ascii: "|") { throw CELError("Unexpected \"\(single)\"; use \"&&\" or \"||\"", at: start) }
        throw CELError("Unexpected character \(first < 0x80 ? "\"\(single)\"" : "(byte 0x\(String(first, radix: 16)))")", at: start)
    }

    private mutating func skipSpaceAndComments() {
        while let current = byte() {
            if current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D || current == 0x0C {
                index += 1
            } else if current == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "/") {
                while let next = byte(), next != 0x0A { index += 1 }
            } else {
                return
            }
        }
    }

    private mutating func number() throws(CELError) -> CELToken {
        let start = index
        if byte() == UInt8(ascii: "0"), let x = byte(1), x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
            index += 2
            let digitsStart = index
            while let next = byte(), Self.hexValue(next) != nil { index += 1 }
            let text = String(decoding: bytes[digitsStart..<index], as: UTF8.self)
            guard let value = Self.integer(text, radix: 16) else { throw CELError("Invalid hexadecimal number", at: start) }
            if byte() == UInt8(ascii: "u") || byte() == UInt8(ascii: "U") { index += 1 }
            return .int(value)
        }
        var isDouble = false
        while Self.isDigit(byte()) { index += 1 }
        if byte() == UInt8(ascii: "."), Self.isDigit(byte(1)) {
            isDouble = true
            index += 1
            while Self.isDigit(byte()) { index += 1 }
        }
        if let e = byte(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            var look = 1
            if let sign = byte(1), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { look = 2 }
            if Self.isDigit(byte(look)) {
                isDouble = true
                index += look
                while Self.isDigit(byte()) { index += 1 }
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isDouble {
            guard let value = Double(text) else { throw CELError("Invalid number \"\(text)\"", at: start) }
            return .double(value)
        }
        if byte() == UInt8(ascii: "u") || byte() == UInt8(ascii: "U") { index += 1 }
        guard let value = Self.integer(text, radix: 10) else { throw CELError("The integer \(text) does not fit in 64 bits", at: start) }
        return .int(value)
    }

    /// The digits' value; 2^63, which only exists negated (`-9223372036854775808`), comes back as
    /// `Int64.min` for the parser to accept after `-` and refuse anywhere else.
    private static func integer(_ text: String, radix: Int) -> Int64? {
        if let value = Int64(text, radix: radix) { return value }
        return UInt64(text, radix: radix) == 1 << 63 ? .min : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// A string or bytes literal with a prefix (`r"raw"`, `b"bytes"`, `rb'...'`, `BR"..."`), or nil
    /// (index unchanged) when the letters at `index` start an identifier instead.
    private mutating func prefixedLiteral() throws(CELError) -> CELToken? {
        let start = index
        var raw = false
        var isBytes = false
        var length = 0
        while length < 2, let letter = byte(length) {
            if !raw, letter == UInt8(ascii: "r") || letter == UInt8(ascii: "R") {
                raw = true
            } else if !isBytes, letter == UInt8(ascii: "b") || letter == UInt8(ascii: "B") {
                isBytes = true
            } else {
                break
            }
            length += 1
        }
        guard length > 0, let quote = byte(length), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        index += length
        let content = try quoted(raw: raw, bytes: isBytes, start: start)
        return isBytes ? .bytes(content) : .string(String(decoding: content, as: UTF8.self))
    }

    /// The content of a quoted literal (single, double or triple quotes) whose quote is at `index`;
    /// `start` is where the literal (prefix included) begins, for errors.
    private mutating func quoted(raw: Bool, bytes isBytes: Bool, start: Int) throws(CELError) -> [UInt8] {
        guard let quote = byte() else { throw CELError("Unterminated string", at: start) }
        let triple = byte(1) == quote && byte(2) == quote
        index += triple ? 3 : 1
        var out: [UInt8] = []
        while true {
            guard let current = byte() else { throw CELError("Unterminated string", at: start) }
            if current == quote {
                if !triple {
                    index += 1
                    break
                }
                if byte(1) == quote && byte(2) == quote {
                    index += 3
                    break
                }
            }
            if !triple, current == 0x0A || current == 0x0D {
                throw CELError("Line break in a string (use triple quotes or \\n)", at: index)
            }
            if current == UInt8(ascii: "\\"), !raw {
                try escape(into: &out, bytes: isBytes)
                continue
            }
            out.append(current)
            index += 1
        }
        return out
    }

    /// One escape sequence. In strings `\x`, `\u`, `\U` and octal `\ooo` name code points (written as
    /// UTF-8); in bytes `\x` and octal name single octets, and `\u`/`\U` are not allowed.
    private mutating func escape(into out: inout [UInt8], bytes isBytes: Bool) throws(CELError) {
        let start = index
        index += 1
        guard let kind = byte() else { throw CELError("Unterminated escape sequence", at: start) }
        index += 1
        if let plain = Self.simpleEscape(kind) {
            out.append(plain)
            return
        }
        let count: Int
        let radix: UInt32
        switch kind {
        case UInt8(ascii: "x"), UInt8(ascii: "X"): (count, radix) = (2, 16)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            if isBytes { throw CELError("\\\(kind == UInt8(ascii: "u") ? "u" : "U") escapes are not allowed in bytes literals; use \\x", at: start) }
            (count, radix) = (kind == UInt8(ascii: "u") ? 4 : 8, 16)
        case UInt8(ascii: "0")...UInt8(ascii: "3"):
            // Octal: exactly three digits, the first already read.
            index -= 1
            (count, radix) = (3, 8)
        default: throw CELError("Unknown escape sequence \"\\\(String(decoding: [kind], as: UTF8.self))\"", at: start)
        }
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let next = byte(), let digit = Self.hexValue(next), digit < radix else { throw CELError("Malformed escape sequence", at: start) }
            value = value * radix + digit
            index += 1
        }
        if isBytes {
            // Two hex or three octal (first digit 0-3) digits always fit in an octet.
            out.append(UInt8(truncatingIfNeeded: value))
            return
        }
        guard let unicode = Unicode.Scalar(value) else { throw CELError("Escape sequence is not a Unicode scalar", at: start) }
        UTF8.encode(unicode) { out.append($0) }
    }

    /// The byte a one-letter escape (`\n`, `\"`...) stands for.
    private static func simpleEscape(_ kind: UInt8) -> UInt8? {
        switch kind {
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "v"): return 0x0B
        case UInt8(ascii: "a"): return 0x07
        case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "?"): return kind
        default: return nil
        }
    }
}
