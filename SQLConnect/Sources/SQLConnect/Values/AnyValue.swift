import Foundation

/// Any JSON value: the `Any` scalar of Data Connect, and the raw form of partial data in errors.
public enum AnyValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([AnyValue])
    case object([String: AnyValue])

    /// Encodes any `Encodable` value into its JSON form.
    public init<Value: Encodable>(codableValue: Value) throws {
        self = try VariablesEncoder.encode(codableValue).publicValue
    }

    /// Parses JSON bytes.
    public init(jsonData: Data) throws {
        self = try WireDecoder.parse(jsonData).node.publicValue
    }

    /// Decodes this value as `Value` (for example a struct the app defines for a jsonb column), with the
    /// same wire forms as results (`UUID` as hex, `Int64` as a string or number).
    public func decodeValue<Value: Decodable>(_ type: Value.Type = Value.self) throws -> Value {
        try WireDecoder.decode(Value.self, from: JSONValue(node))
    }

    /// Compact JSON bytes with sorted keys.
    public var jsonData: Data {
        Data(node.serialized(sortedKeys: true).utf8)
    }

    var node: JSONNode {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.node))
        case .object(let dictionary):
            return .object(dictionary.keys.sorted().map { JSONNode.Member(key: $0, value: dictionary[$0]?.node ?? .null) })
        }
    }

    public init(from decoder: any Decoder) throws {
        // Our decoder has the JSON at hand; trying types in turn would read `"12"` as an `Int64` there.
        if let tree = decoder as? TreeDecoder {
            self = tree.value.node.publicValue
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let dictionary):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for key in dictionary.keys.sorted() {
                try container.encode(dictionary[key] ?? .null, forKey: AnyCodingKey(key))
            }
        }
    }

    /// The member `key` of an object, `nil` otherwise.
    public subscript(key: String) -> AnyValue? {
        if case .object(let dictionary) = self { return dictionary[key] }
        return nil
    }
}

/// A coding key made from any string or index.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
