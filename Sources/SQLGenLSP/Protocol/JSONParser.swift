/// Reads JSON text (RFC 8259) into a `JSON` value. Nesting is limited, so a hostile message
/// cannot exhaust the stack.
public struct JSONParser {
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
        public var offset: Int
    }

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    private static let maximumDepth = 256

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value of `bytes`, which must hold one value and nothing after it but whitespace.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSON {
        var parser = JSONParser(bytes)
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, offset: position)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func value() throws(Failure) -> JSON {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try nested { (parser: inout JSONParser) throws(Failure) in try parser.object() }
        case UInt8(ascii: "["): return try nested { (parser: inout JSONParser) throws(Failure) in try parser.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws(Failure) -> JSON) throws(Failure) -> JSON {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func literal(_ word: StaticString, _ result: JSON) throws(Failure) -> JSON {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw failure("unexpected end of text") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] { throw failure("unexpected character") }
        position += count
        return result
    }

    private mutating func object() throws(Failure) -> JSON {
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            position += 1
            object[key] = try value()
            if try endOfList(closing: UInt8(ascii: "}")) { return .object(object) }
        }
    }

    private mutating func array() throws(Failure) -> JSON {
        position += 1
        var elements: [JSON] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            if try endOfList(closing: UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    /// After an element: true at the closing bracket, false after a comma.
    private mutating func endOfList(closing: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw failure("unexpected end of text") }
        let byte = bytes[position]
        position += 1
        if byte == closing { return true }
        if byte == UInt8(ascii: ",") { return false }
        position -= 1
        throw failure("expected ',' or a closing bracket")
    }

    private mutating func number() throws(Failure) -> JSON {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard digits() > 0 else { throw failure("expected a digit") }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw failure("expected a digit") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            isInteger = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("expected a digit") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text) else { throw failure("number out of range") }
        return .double(value)
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    private mutating func string() throws(Failure) -> String {
        position += 1
        var scalars: [UInt8] = []
        var start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                scalars += bytes[start..<position]
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                scalars += bytes[start..<position]
                try escape(into: &scalars)
                start = position
                continue
            }
            position += 1
        }
        throw failure("unterminated string")
    }

    private mutating func escape(into output: inout [UInt8]) throws(Failure) {
        guard position + 1 < bytes.count else { throw failure("unterminated string") }
        let code = bytes[position + 1]
        position += 2
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(code)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"): output += Array(String(Character(try unicodeScalar())).utf8)
        default: throw failure("bad escape")
        }
    }

    /// The scalar of `\uXXXX` (a surrogate pair taking two); a lone surrogate becomes U+FFFD.
    private mutating func unicodeScalar() throws(Failure) -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first), position + 1 < bytes.count,
           bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
            let saved = position
            position += 2
            let second = try hexQuad()
            if (0xDC00..<0xE000).contains(second) {
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
            }
            position = saved
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("bad unicode escape") }
        let digits = bytes[position..<position + 4]
        guard digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else { throw failure("bad unicode escape") }
        position += 4
        return value
    }
}
