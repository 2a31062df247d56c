/// A JSON value as JSON-RPC messages carry it. Objects keep their members in order, so what the
/// server writes reads the way it was built.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// The member `key` of an object; `.null` for anything else or a missing key.
    public subscript(key: String) -> JSON {
        if case .object(let object) = self { return object[key] ?? .null }
        return .null
    }

    /// The element `index` of an array; `.null` when out of range or not an array.
    public subscript(index: Int) -> JSON {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return .null
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// An integer, or a double with an integral value (some clients write `3.0`).
    public var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 9.0e15: return Int(value)
        default: return nil
        }
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var isNull: Bool { self == .null }
}

/// A JSON object's members in order; lookups are linear (protocol objects have a few members).
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSON
    }

    public private(set) var members: [Member] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, JSON)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    public subscript(key: String) -> JSON? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
    public init(nilLiteral: ()) { self = .null }
}

extension JSON {
    /// `value` as a JSON string, or `.null` when nil.
    public static func optional(_ value: String?) -> JSON {
        value.map { .string($0) } ?? .null
    }
}
