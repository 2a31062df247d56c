import Foundation

/// A JSON value that keeps object members in the order they were encoded.
///
/// Variables are encoded into this tree: AEM's URL encoding must list variables (and nested object
/// members) in declaration order the way `JSON.stringify` does, while cache keys use the sorted form.
enum JSONNode: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONNode])
    case object([Member])

    struct Member: Sendable, Hashable {
        var key: String
        var value: JSONNode
    }

    /// Compact JSON text, as `JSON.stringify` writes it; `sortedKeys` gives the canonical form.
    func serialized(sortedKeys: Bool = false) -> String {
        var out = ""
        JSONWriter.write(self, sortedKeys: sortedKeys, into: &out)
        return out
    }

    var publicValue: AnyValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.publicValue))
        case .object(let members):
            var dictionary: [String: AnyValue] = [:]
            for member in members { dictionary[member.key] = member.value.publicValue }
            return .object(dictionary)
        }
    }
}

/// Writes JSON text the way JavaScript's `JSON.stringify` does (no spaces, non-ASCII kept, `/` not escaped).
enum JSONWriter {
    static func write(_ node: JSONNode, sortedKeys: Bool, into out: inout String) {
        switch node {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += formatNumber(value)
        case .string(let value): writeString(value, into: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, sortedKeys: sortedKeys, into: &out)
            }
            out += "]"
        case .object(let members):
            let ordered = sortedKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            out += "{"
            for (index, member) in ordered.enumerated() {
                if index > 0 { out += "," }
                writeString(member.key, into: &out)
                out += ":"
                write(member.value, sortedKeys: sortedKeys, into: &out)
            }
            out += "}"
        }
    }

    /// JavaScript's `Number.prototype.toString`: the shortest round-trip digits (which Swift's
    /// `description` also produces), laid out by ECMAScript's rules: fixed notation for 1e-7 <= |x| < 1e21,
    /// otherwise `1.5e+21` / `1e-7`; non-finite values become `null` as in `JSON.stringify`.
    static func formatNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        let (digits, pointPosition) = decimalDigits(abs(value))
        let sign = value < 0 ? "-" : ""
        let k = digits.count
        let n = pointPosition
        if k <= n, n <= 21 {
            return sign + digits + String(repeating: "0", count: n - k)
        }
        if 0 < n, n <= 21 {
            return sign + digits.prefix(n) + "." + digits.dropFirst(n)
        }
        if -6 < n, n <= 0 {
            return sign + "0." + String(repeating: "0", count: -n) + digits
        }
        let exponent = n - 1
        let exponentText = (exponent < 0 ? "-" : "+") + String(abs(exponent))
        let mantissa = k == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst(1)
        return sign + mantissa + "e" + exponentText
    }

    /// The significant digits of a positive finite `value` and `n` such that value = 0.digits × 10^n.
    private static func decimalDigits(_ value: Double) -> (digits: String, pointPosition: Int) {
        let text = "\(value)"
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...].replacingOccurrences(of: "+", with: "")) ?? 0
        }
        let integerPart = mantissa.prefix { $0 != "." }
        let fractionPart = mantissa.drop { $0 != "." }.dropFirst()
        var digits = String(integerPart) + fractionPart
        var pointPosition = integerPart.count + exponent
        while digits.hasPrefix("0"), digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        return (digits, pointPosition)
    }

    static func writeString(_ value: String, into out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
