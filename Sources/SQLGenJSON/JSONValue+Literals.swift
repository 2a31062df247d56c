// JSON written in Swift as literals (protocol messages: `["jsonrpc": "2.0", "id": 1]`), and the
// accessors that read members by type.

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements.map { JSONMember($0.0, $0.1) }) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// An integer, or a double with an integral value (some clients write `3.0`).
    public var intValue: Int? {
        switch self {
        case .int(let value): Int(exactly: value)
        case .double(let value) where value.rounded() == value && abs(value) < 9.0e15: Int(value)
        default: nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var objectValue: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// `value` as a JSON string, or null when nil.
    public static func optional(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }
}
