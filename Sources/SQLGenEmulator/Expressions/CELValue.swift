// The values CEL expressions compute with: JSON data (variables, claims, query results) as is,
// plus timestamps (`request.time`), durations, bytes and the lists and maps that literals build around them.

import SQLGenJSON

/// A CEL runtime value.
indirect enum CELValue: Sendable {
    /// Plain data; JSON arrays and objects are CEL lists and maps.
    case json(JSONValue)
    /// Microseconds since the epoch.
    case timestamp(Int64)
    /// Microseconds (`duration('1h')`, the difference of two timestamps).
    case duration(Int64)
    /// Raw octets (`b'\xff'`, `bytes('text')`).
    case bytes([UInt8])
    case list([CELValue])
    case map([(key: String, value: CELValue)])

    static let null = CELValue.json(.null)

    var isNull: Bool {
        if case .json(.null) = self { return true }
        return false
    }

    var bool: Bool? {
        if case .json(.bool(let value)) = self { return value }
        return nil
    }

    var string: String? {
        if case .json(.string(let value)) = self { return value }
        return nil
    }

    /// The items when the value is a list.
    var items: [CELValue]? {
        switch self {
        case .list(let items): return items
        case .json(.array(let items)): return items.map(CELValue.json)
        default: return nil
        }
    }

    /// The keys when the value is a map.
    var keys: [String]? {
        switch self {
        case .map(let entries): return entries.map(\.key)
        case .json(.object(let members)): return members.map(\.key)
        default: return nil
        }
    }

    var isMap: Bool { keys != nil }

    /// The entry `key` of a map (the last one when repeated); nil when absent or not a map.
    func member(_ key: String) -> CELValue? {
        switch self {
        case .map(let entries): return entries.last { $0.key == key }?.value
        case .json(.object(let members)): return members.last { $0.key == key }.map { .json($0.value) }
        default: return nil
        }
    }

    /// The CEL type name, for error messages.
    var typeName: String {
        switch self {
        case .timestamp: return "google.protobuf.Timestamp"
        case .duration: return "google.protobuf.Duration"
        case .bytes: return "bytes"
        case .list, .json(.array): return "list"
        case .map, .json(.object): return "map"
        case .json(.null): return "null_type"
        case .json(.bool): return "bool"
        case .json(.int): return "int"
        case .json(.double): return "double"
        case .json(.string): return "string"
        }
    }

    /// The value as JSON: timestamps become RFC 3339 text in storage form, bytes base64 text
    /// (protobuf's JSON mapping).
    var json: JSONValue {
        switch self {
        case .json(let value): return value
        case .timestamp(let micros): return .string(ScalarFormats.storedTimestamp(micros: micros))
        case .duration(let micros): return .string(Self.durationText(micros))
        case .bytes(let octets): return .string(AEMBase64.encode(octets))
        case .list(let items): return .array(items.map(\.json))
        case .map(let entries): return .object(entries.map { JSONMember($0.key, $0.value.json) })
        }
    }

    /// A number as a Double (ints included), for comparisons across numeric types.
    var number: Double? {
        switch self {
        case .json(.int(let value)): return Double(value)
        case .json(.double(let value)): return value
        default: return nil
        }
    }

    /// Microseconds of a timestamp, or of RFC 3339 text (so stored timestamps compare with `request.time`).
    var micros: Int64? {
        switch self {
        case .timestamp(let micros): return micros
        case .json(.string(let text)): return ScalarFormats.parseTimestamp(text)
        default: return nil
        }
    }

    /// CEL equality: numbers compare by value across int and double, lists and maps element-wise,
    /// values of different types are unequal.
    func equals(_ other: CELValue) -> Bool {
        if case .duration(let left) = self {
            if case .duration(let right) = other { return left == right }
            return false
        }
        if case .bytes(let left) = self {
            if case .bytes(let right) = other { return left == right }
            return false
        }
        if case .bytes = other { return false }
        if case .timestamp(let micros) = self { return other.micros == micros }
        if case .timestamp(let micros) = other { return self.micros == micros }
        if let left = items {
            guard let right = other.items, left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.equals($1) }
        }
        if let leftKeys = keys {
            guard let rightKeys = other.keys, Set(leftKeys) == Set(rightKeys) else { return false }
            return leftKeys.allSatisfy { key in
                guard let left = member(key), let right = other.member(key) else { return false }
                return left.equals(right)
            }
        }
        switch (self, other) {
        case (.json(.int(let left)), .json(.int(let right))): return left == right
        case (.json(.int), .json(.double)), (.json(.double), .json(.int)), (.json(.double), .json(.double)):
            return number == other.number
        case (.json(let left), .json(let right)): return left == right
        default: return false
        }
    }

    /// CEL's text form of a duration: seconds with up to six fraction digits and an `s` (`90s`, `1.5s`).
    static func durationText(_ micros: Int64) -> String {
        let sign = micros < 0 ? "-" : ""
        let magnitude = micros.magnitude
        var text = sign + String(magnitude / 1_000_000)
        var fraction = magnitude % 1_000_000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") {
                digits.removeLast()
                fraction /= 10
            }
            text += "." + digits
        }
        return text + "s"
    }

    /// Parses `1h30m`, `-2.5s`, `100ms`, `10us` into microseconds; nil when malformed or too large.
    static func parseDuration(_ text: String) -> Int64? {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty else { return nil }
        if bytes.elementsEqual("0".utf8) { return 0 }
        var total = 0.0
        while !bytes.isEmpty {
            let numberEnd = bytes.firstIndex { !(($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".")) } ?? bytes.endIndex
            guard numberEnd > bytes.startIndex, let number = Double(String(decoding: bytes[..<numberEnd], as: UTF8.self)) else { return nil }
            bytes = bytes[numberEnd...]
            let unitEnd = bytes.firstIndex { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") } ?? bytes.endIndex
            let scale: Double
            switch String(decoding: bytes[..<unitEnd], as: UTF8.self) {
            case "h": scale = 3_600_000_000
            case "m": scale = 60_000_000
            case "s": scale = 1_000_000
            case "ms": scale = 1_000
            case "us", "µs": scale = 1
            case "ns": scale = 0.001
            default: return nil
            }
            bytes = bytes[unitEnd...]
            total += number * scale
        }
        // Durations are limited to about 10,000 years, as in protobuf.
        guard total.isFinite, total <= 315_576_000_000_000_000 else { return nil }
        return Int64((negative ? -total : total).rounded())
    }
}
