import Foundation

/// Encodes an `Encodable` value into a `JSONNode`, keeping members in encoding order.
///
/// Generated `Variables` encode their members in declaration order; AEM's persisted-query URL lists them
/// in that order, like `JSON.stringify` in aem-headless-client-js.
///
/// Scalars take Data Connect's wire forms wherever they appear (members, list items, `OptionalVariable`,
/// nested input and key structs), so plain `encode(_:forKey:)` calls are enough: `UUID` becomes 32 lowercase hex
/// digits and `Int64` a JSON string.
enum VariablesEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> JSONNode {
        let box = EncodingBox()
        try box.encode(value, codingPath: [])
        return box.resolve()
    }
}

/// Mutable storage shared by the containers of one encoding position.
private final class EncodingBox {
    enum Content {
        case empty
        case value(JSONNode)
        case array([EncodingBox])
        case object(keys: [String], values: [String: EncodingBox])
    }

    var content: Content = .empty

    func resolve() -> JSONNode {
        switch content {
        case .empty: return .object([])
        case .value(let node): return node
        case .array(let boxes): return .array(boxes.map { $0.resolve() })
        case .object(let keys, let values):
            return .object(keys.compactMap { key in values[key].map { JSONNode.Member(key: key, value: $0.resolve()) } })
        }
    }

    func child(forKey key: String) -> EncodingBox {
        let box = EncodingBox()
        if case .object(var keys, var values) = content {
            if values[key] == nil { keys.append(key) }
            values[key] = box
            content = .object(keys: keys, values: values)
        } else {
            content = .object(keys: [key], values: [key: box])
        }
        return box
    }

    func appendChild() -> EncodingBox {
        let box = EncodingBox()
        if case .array(var boxes) = content {
            boxes.append(box)
            content = .array(boxes)
        } else {
            content = .array([box])
        }
        return box
    }

    func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        switch value {
        case let uuid as UUID: content = .value(.string(UUIDHex.hex(uuid)))
        case let integer as Int64: content = .value(.string(String(integer)))
        case let any as AnyValue: content = .value(any.node)
        case let url as URL: content = .value(.string(url.absoluteString))
        case let data as Data: content = .value(.string(data.base64EncodedString()))
        case let date as Date: content = .value(.string(Timestamp(date: date).description))
        case let decimal as Decimal: content = .value(.double(NSDecimalNumber(decimal: decimal).doubleValue))
        default: try value.encode(to: NodeEncoder(box: self, codingPath: codingPath))
        }
    }
}

private struct NodeEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.content {} else { box.content = .object(keys: [], values: [:]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return UnkeyedNodeContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(box: box, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        box.child(forKey: key.stringValue).content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try box.child(forKey: key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = box.child(forKey: key.stringValue)
        return NodeEncoder(box: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = box.child(forKey: key.stringValue)
        return NodeEncoder(box: child, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(box: box.child(forKey: "super"), codingPath: codingPath + [AnyCodingKey("super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let boxes) = box.content { return boxes.count }
        return 0
    }

    private var nextKey: any CodingKey {
        AnyCodingKey(intValue: count) ?? AnyCodingKey(String(count))
    }

    mutating func encodeNil() throws {
        box.appendChild().content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = nextKey
        try box.appendChild().encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        return NodeEncoder(box: box.appendChild(), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        return NodeEncoder(box: box.appendChild(), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return NodeEncoder(box: box.appendChild(), codingPath: codingPath + [key])
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { box.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { box.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { box.content = .value(.double(value)) }
    mutating func encode(_ value: Float) throws { box.content = .value(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { box.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { box.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { box.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { box.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { box.content = .value(.string(String(value))) }
    mutating func encode(_ value: UInt) throws { box.content = .value(Self.unsigned(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { box.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { box.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { box.content = .value(.int(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { box.content = .value(Self.unsigned(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try box.encode(value, codingPath: codingPath)
    }

    private static func unsigned(_ value: UInt64) -> JSONNode {
        value <= UInt64(Int64.max) ? .int(Int64(value)) : .double(Double(value))
    }
}
