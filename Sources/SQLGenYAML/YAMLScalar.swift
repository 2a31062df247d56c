/// A scalar as written: its text (escapes resolved, lines folded) and its style.
///
/// The text is always kept; the typed views (`bool`, `int`, `double`) follow the YAML 1.2 core
/// schema and apply only to plain scalars, so `"true"` in quotes stays a string.
public struct YAMLScalar: Sendable, Hashable {
    public enum Style: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        /// `|` block scalar.
        case literal
        /// `>` block scalar.
        case folded
    }

    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// `true`/`True`/`TRUE`/`false`/`False`/`FALSE` when plain.
    public var bool: Bool? {
        guard style == .plain else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// A core-schema integer when plain: decimal `[-+]?[0-9]+`, octal `0o[0-7]+`, hex `0x[0-9a-fA-F]+`.
    /// Nil when out of range for `Int`.
    public var int: Int? {
        guard style == .plain else { return nil }
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let digits = String(decoding: bytes[2...], as: UTF8.self)
            if bytes[1] == UInt8(ascii: "o"), bytes[2...].allSatisfy({ $0 >= 0x30 && $0 <= 0x37 }) {
                return Int(digits, radix: 8)
            }
            if bytes[1] == UInt8(ascii: "x"), bytes[2...].allSatisfy(YAMLScalar.isHexDigit) {
                return Int(digits, radix: 16)
            }
        }
        var index = 0
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { index = 1 }
        guard index < bytes.count, bytes[index...].allSatisfy(YAMLScalar.isDigit) else { return nil }
        return Int(text)
    }

    /// A core-schema float when plain (integers count too): `1.5`, `-2e3`, `.5`, `.inf`, `-.Inf`, `.nan`.
    public var double: Double? {
        guard style == .plain else { return nil }
        if let int { return Double(int) }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard YAMLScalar.isCoreFloat(Array(text.utf8)) else { return nil }
        return Double(text)
    }

    /// True when a plain scalar would be read as a boolean, integer or float rather than a string.
    public var isTypedPlain: Bool { bool != nil || double != nil }

    /// `[-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    static func isCoreFloat(_ bytes: [UInt8]) -> Bool {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var mantissaDigits = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1; mantissaDigits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var exponentDigits = 0
            while index < bytes.count, isDigit(bytes[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return index == bytes.count
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
