import SQLGenLanguage

/// Reads the `defaultValue` strings of an introspection result (GraphQL constant literals such as
/// `AND`, `10`, `"x"`, `[1, 2]`, `{a: true}`) into AST values, so defaults from JSON and from SDL
/// look the same in the model. Works on UTF-8 bytes; nil for anything that is not a constant.
struct DefaultValueReader {
    private let bytes: [UInt8]
    private var index = 0

    static func read(_ text: String) -> Value? {
        var reader = DefaultValueReader(bytes: Array(text.utf8))
        guard let value = reader.value() else { return nil }
        reader.skipIgnored()
        return reader.index == reader.bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipIgnored() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x2C {
            index += 1
        }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func value() -> Value? {
        skipIgnored()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "["):
            index += 1
            var values: [Value] = []
            while true {
                skipIgnored()
                if current == UInt8(ascii: "]") { index += 1; return .list(values, .none) }
                guard let item = value() else { return nil }
                values.append(item)
            }
        case UInt8(ascii: "{"):
            index += 1
            var fields: [ObjectField] = []
            while true {
                skipIgnored()
                if current == UInt8(ascii: "}") { index += 1; return .object(fields, .none) }
                guard let name = name() else { return nil }
                skipIgnored()
                guard current == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let fieldValue = value() else { return nil }
                fields.append(ObjectField(name: Name(name), value: fieldValue))
            }
        case UInt8(ascii: "\""):
            return string().map { .string(StringValue($0)) }
        case UInt8(ascii: "-"), 0x30...0x39:
            return number()
        default:
            guard Self.isNameStart(byte), let name = name() else { return nil }
            switch name {
            case "true": return .boolean(true, .none)
            case "false": return .boolean(false, .none)
            case "null": return .null(.none)
            default: return .enumValue(name, .none)
            }
        }
    }

    private mutating func name() -> String? {
        guard let first = current, Self.isNameStart(first) else { return nil }
        let start = index
        while let byte = current, Self.isNameStart(byte) || Self.isDigit(byte) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func number() -> Value? {
        let start = index
        var isFloat = false
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { return nil }
        while let byte = current, Self.isDigit(byte) { index += 1 }
        if current == UInt8(ascii: ".") {
            isFloat = true
            index += 1
            guard let byte = current, Self.isDigit(byte) else { return nil }
            while let byte = current, Self.isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isFloat = true
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, Self.isDigit(byte) else { return nil }
            while let byte = current, Self.isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return isFloat ? .float(text, .none) : .int(text, .none)
    }

    /// A quoted string with the spec's escapes (block strings do not occur in introspection defaults).
    private mutating func string() -> String? {
        index += 1
        var out: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: out.append(escaped)
                }
            case 0x0A, 0x0D:
                return nil
            default:
                out.append(byte)
            }
        }
        return nil
    }

    private mutating func hexDigits(_ count: Int?) -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while let byte = current, count.map({ digits < $0 }) ?? true {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default:
                if count == nil { return digits > 0 ? value : nil }
                return nil
            }
            value = value &* 16 &+ digit
            digits += 1
            index += 1
            if value > 0x10FFFF { return nil }
        }
        return count.map { digits == $0 ? value : nil } ?? value
    }

    private mutating func unicodeEscape() -> Unicode.Scalar? {
        if current == UInt8(ascii: "{") {
            index += 1
            guard let value = hexDigits(nil), current == UInt8(ascii: "}") else { return nil }
            index += 1
            return Unicode.Scalar(value)
        }
        guard let high = hexDigits(4) else { return nil }
        if (0xD800...0xDBFF).contains(high) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return nil }
            index += 2
            guard let low = hexDigits(4), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }
}
