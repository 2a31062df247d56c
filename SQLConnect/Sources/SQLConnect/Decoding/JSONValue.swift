/// A parsed JSON document, the input of `WireDecoder`.
///
/// Numbers keep their text so integers decode exactly at any width (an `Int64` past 2^53, a `UInt64`)
/// and floating-point types parse with their own precision; short texts are stored inline in `String`.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name for error messages ("a string", "null", ...).
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number(let text): return "the number \(text)"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The same value as the ordered tree variables and raw data are written from.
    var node: JSONNode {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let text): return Self.numberNode(text)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.node))
        case .object(let object):
            return .object(zip(object.keys, object.values).map { JSONNode.Member(key: $0, value: $1.node) })
        }
    }

    /// An integer when the text is one that fits `Int64`, else a `Double`.
    static func numberNode(_ text: String) -> JSONNode {
        if let integer = Int64(text) { return .int(integer) }
        return .double(Double(text) ?? .nan)
    }

    init(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .number(String(value))
        case .double(let value): self = value.isFinite ? .number(JSONWriter.formatNumber(value)) : .null
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members):
            self = .object(JSONObject(keys: members.map(\.key), values: members.map { JSONValue($0.value) }))
        }
    }
}

/// Object members in document order, with a hash index once there are enough members for a linear
/// search to cost more than hashing (so decoding stays linear in the member count).
struct JSONObject: Sendable {
    let keys: [String]
    let values: [JSONValue]
    private let index: [String: Int]?

    private static let linearSearchLimit = 12

    init(keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
        if keys.count > Self.linearSearchLimit {
            var index: [String: Int] = [:]
            index.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() { index[key] = position }
            self.index = index
        } else {
            index = nil
        }
    }

    /// The value of `key`; with duplicate keys the last one wins, as in `JSON.parse`.
    subscript(key: String) -> JSONValue? {
        if let index {
            return index[key].map { values[$0] }
        }
        var position = keys.count - 1
        while position >= 0 {
            if keys[position] == key { return values[position] }
            position -= 1
        }
        return nil
    }
}
