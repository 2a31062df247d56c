// A strict JSON parser over UTF-8 bytes (RFC 8259): request bodies come from outside, so every
// malformed input is a `JSONParseError` with its byte offset, never a crash; nesting is bounded.

/// Why a JSON text was rejected.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The byte offset where the problem was found.
    public var offset: Int

    public var description: String { "\(message) at byte \(offset)" }
}

/// Parses JSON texts.
public enum JSONParser {
    /// Parses one JSON value (with surrounding whitespace) from `bytes`.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 128) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("Unexpected data after the JSON value") }
        return value
    }

    public static func parse(_ text: String, maxDepth: Int = 128) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

private struct JSONReader {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func error(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: index) }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < maxDepth else { throw error("JSON nested too deeply") }
        guard index < bytes.count else { throw error("Unexpected end of JSON") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("Unexpected character in JSON")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("Unexpected end of JSON") }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw error("Invalid literal in JSON")
        }
        index += count
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        var members: [JSONMember] = []
        try elements(closedBy: UInt8(ascii: "}"), orElse: "Expected \",\" or \"}\" in JSON object") { (reader: inout JSONReader) throws(JSONParseError) in
            members.append(try reader.member(depth: depth))
        }
        return .object(members)
    }

    /// `"name": value`, in an object.
    mutating func member(depth: Int) throws(JSONParseError) -> JSONMember {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("Expected a member name in JSON object") }
        let key = try string()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("Expected \":\" in JSON object") }
        index += 1
        skipWhitespace()
        return JSONMember(key, try value(depth: depth + 1))
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        var items: [JSONValue] = []
        try elements(closedBy: UInt8(ascii: "]"), orElse: "Expected \",\" or \"]\" in JSON array") { (reader: inout JSONReader) throws(JSONParseError) in
            items.append(try reader.value(depth: depth + 1))
        }
        return .array(items)
    }

    /// The elements of an object or array, from its opening byte to `close`: `element` reads each
    /// one; `unexpected` is the message for what follows an element that is neither `,` nor `close`.
    @inline(__always)
    mutating func elements(closedBy close: UInt8, orElse unexpected: String,
                           _ element: (inout JSONReader) throws(JSONParseError) -> Void) throws(JSONParseError) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            guard index < bytes.count else { throw error("Unexpected end of JSON") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == close {
                index += 1
                return
            } else {
                throw error(unexpected)
            }
        }
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("Invalid number in JSON") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("Invalid number in JSON") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("Invalid number in JSON") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .int(integer) }
        guard let double = Double(text) else { throw JSONParseError(message: "Invalid number in JSON", offset: start) }
        // JSON has no infinity: `1e999` would come back out as `null`.
        guard double.isFinite else { throw JSONParseError(message: "Number out of range in JSON", offset: start) }
        return .double(double)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func string() throws(JSONParseError) -> String {
        index += 1
        // Most strings hold no escape: read as a slice of the input, validated once. The first
        // backslash (or a byte the loop below refuses) hands the rest to the loop, the prefix copied.
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let text = String(validating: bytes[start..<index], as: UTF8.self)
            index += 1
            guard let text else { throw error("Invalid UTF-8 in JSON string") }
            return text
        }
        var out = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("Unterminated string in JSON") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if byte < 0x20 { throw error("Control character in JSON string") }
            if byte == UInt8(ascii: "\\") {
                index += 1
                try appendEscape(to: &out)
                continue
            }
            out.append(byte)
            index += 1
        }
        guard let text = String(validating: out, as: UTF8.self) else { throw error("Invalid UTF-8 in JSON string") }
        return text
    }

    /// Decodes the escape after a backslash (at `index`) onto `out`.
    mutating func appendEscape(to out: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw error("Unterminated string in JSON") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): out.append(escape)
        case UInt8(ascii: "\\"): out.append(escape)
        case UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("Unpaired surrogate in JSON string")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("Unpaired surrogate in JSON string") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("Unpaired surrogate in JSON string")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("Invalid escape in JSON string") }
            out += Array(String(Character(unicode)).utf8)
        default:
            throw error("Invalid escape in JSON string")
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("Invalid \\u escape in JSON string") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("Invalid \\u escape in JSON string")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
