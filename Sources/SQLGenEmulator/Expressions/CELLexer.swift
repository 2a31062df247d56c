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
    static func tokenize(_ text: String) throws(CELError) -> [(token: CELToken, position: Int)] {
        var lexer = CELLexer(text)
        var tokens: [(CELToken, Int)] = []
        while true {
            let (token, position) = try lexer.next()
            tokens.append((token, position))
            if token == .end { return tokens }
        }
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
            // String prefixes: r"raw", b"bytes".
            if first == UInt8(ascii: "r") || first == UInt8(ascii: "R"), let quote = byte(1), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                return (.string(try string(raw: true)), start)
            }
            if first == UInt8(ascii: "b") || first == UInt8(ascii: "B"), let quote = byte(1), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                throw CELError("Byte strings are not supported by the emulator", at: start)
            }
            while let next = byte(), Self.isIdentifierStart(next) || Self.isDigit(next) { index += 1 }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            if Self.reserved.contains(name) { throw CELError("\"\(name)\" is a reserved word", at: start) }
            return (.identifier(name), start)
        }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return (.string(try string(raw: false)), start)
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
            guard let value = Int64(text, radix: 16) else { throw CELError("Invalid hexadecimal number", at: start) }
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
        guard let value = Int64(text) else { throw CELError("The integer \(text) does not fit in 64 bits", at: start) }
        return .int(value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// A quoted string (single, double or triple quotes) starting at `index`.
    private mutating func string(raw: Bool) throws(CELError) -> String {
        let start = raw ? index - 1 : index
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
                try escape(into: &out)
                continue
            }
            out.append(current)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func escape(into out: inout [UInt8]) throws(CELError) {
        let start = index
        index += 1
        guard let kind = byte() else { throw CELError("Unterminated escape sequence", at: start) }
        index += 1
        let simple: [UInt8: UInt8] = [UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09, UInt8(ascii: "b"): 0x08,
                                      UInt8(ascii: "f"): 0x0C, UInt8(ascii: "v"): 0x0B, UInt8(ascii: "a"): 0x07, UInt8(ascii: "\\"): 0x5C,
                                      UInt8(ascii: "'"): 0x27, UInt8(ascii: "\""): 0x22, UInt8(ascii: "`"): 0x60, UInt8(ascii: "?"): 0x3F]
        if let plain = simple[kind] {
            out.append(plain)
            return
        }
        let count: Int
        switch kind {
        case UInt8(ascii: "x"), UInt8(ascii: "X"): count = 2
        case UInt8(ascii: "u"): count = 4
        case UInt8(ascii: "U"): count = 8
        default: throw CELError("Unknown escape sequence \"\\\(String(decoding: [kind], as: UTF8.self))\"", at: start)
        }
        var scalar: UInt32 = 0
        for _ in 0..<count {
            guard let next = byte(), let digit = Self.hexValue(next) else { throw CELError("Malformed escape sequence", at: start) }
            scalar = scalar * 16 + digit
            index += 1
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw CELError("Escape sequence is not a Unicode scalar", at: start) }
        out.append(contentsOf: Array(String(Character(unicode)).utf8))
    }
}
