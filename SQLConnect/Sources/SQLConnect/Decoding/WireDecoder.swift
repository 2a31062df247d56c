import Foundation

/// Decodes `Decodable` values from JSON the way Data Connect sends them, so generated result types
/// need only synthesized conformances: `UUID` accepts the 32-hex and the dashed form, `Int64` a JSON
/// string or number; other integers are range-checked; everything else decodes as usual.
enum WireDecoder {
    /// Parses `data` and decodes `type` from it. Malformed JSON throws `DecodingError.dataCorrupted`
    /// with an empty coding path.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decode(type, from: parse(data))
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue, path: CodingPathNode = .root) throws -> Value {
        try TreeDecoder(value: value, parent: path, component: nil).unbox(as: type)
    }

    /// Parses `data`, reporting malformed JSON as `DecodingError.dataCorrupted`.
    static func parse(_ data: Data) throws -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch let error as JSONParseError {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The JSON is not valid: \(error).", underlyingError: error))
        }
    }
}

/// The `Decoder` for one value of the tree.
///
/// Its own path step stays inline (`component`): reading a scalar member allocates nothing, and the
/// path node is built only for nested containers and error messages.
struct TreeDecoder: Decoder {
    let value: JSONValue
    let parent: CodingPathNode
    let component: CodingPathNode.Component?

    var path: CodingPathNode { component.map { parent.appending($0) } ?? parent }
    var codingPath: [any CodingKey] { path.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try objectContainer())
    }

    /// The members of this object, unboxed.
    func objectContainer<Key: CodingKey>() throws -> TreeKeyedContainer<Key> {
        guard case .object(let object) = value else { throw mismatch([String: Any].self) }
        return TreeKeyedContainer<Key>(object: object, path: path)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([Any].self) }
        return TreeUnkeyedContainer(items: items, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TreeSingleValueContainer(decoder: self)
    }

    /// `valueNotFound` for `null`, `typeMismatch` otherwise.
    func mismatch(_ type: Any.Type, expected: String? = nil) -> DecodingError {
        let context = { (description: String) in DecodingError.Context(codingPath: codingPath, debugDescription: description) }
        if case .null = value {
            return .valueNotFound(type, context("Expected \(expected ?? "\(type)") but found null."))
        }
        return .typeMismatch(type, context("Expected \(expected ?? "\(type)") but found \(value.kindDescription)."))
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    /// Decodes `type` from this value: scalars with wire forms directly, anything else through its
    /// own `init(from:)`.
    func unbox<Value: Decodable>(as type: Value.Type) throws -> Value {
        if type == String.self { return try cast(unboxString()) }
        if type == UUID.self { return try cast(unboxUUID()) }
        if type == Int64.self { return try cast(unboxInt64()) }
        if type == Int.self { return try cast(unboxInteger(Int.self)) }
        if type == Bool.self { return try cast(unboxBool()) }
        if type == Double.self { return try cast(unboxFloat(Double.self)) }
        if type == AnyValue.self { return try cast(value.node.publicValue) }
        if type == Decimal.self { return try cast(unboxDecimal()) }
        if type == URL.self { return try cast(unboxURL()) }
        // Generated result types read the object in place, without a `Decoder` existential.
        if let recordType = type as? any ResponseRecordDecodable.Type {
            return try cast(Self.record(recordType, ResponseObject(tree: objectContainer())))
        }
        if let resultType = type as? any ResponseDecodable.Type {
            return try cast(resultType.init(response: ResponseObject(tree: objectContainer())))
        }
        return try Value(from: self)
    }

    private static func record<Record: ResponseRecordDecodable>(_ type: Record.Type, _ response: ResponseObject) throws -> Record {
        try Record(response: response)
    }

    /// Returns `value` as `Value`, which `unbox` has already checked is its type.
    private func cast<Scalar, Value>(_ value: Scalar) throws -> Value {
        guard let typed = value as? Value else { throw mismatch(Value.self) }
        return typed
    }

    func unboxString() throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self) }
        return text
    }

    func unboxBool() throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self) }
        return flag
    }

    /// Data Connect's 32 hex digits, or the dashed form.
    func unboxUUID() throws -> UUID {
        guard case .string(let text) = value else { throw mismatch(UUID.self, expected: "a UUID string") }
        guard let uuid = UUIDHex.parse(text) else {
            throw corrupted("Expected a UUID (32 hex digits or the dashed form), found \"\(text)\".")
        }
        return uuid
    }

    /// Data Connect sends `Int64` as a string (JSON numbers lose precision past 2^53); numbers are accepted too.
    func unboxInt64() throws -> Int64 {
        if case .string(let text) = value {
            guard let integer = Int64(text) else { throw corrupted("Expected an Int64 string, found \"\(text)\".") }
            return integer
        }
        return try unboxInteger(Int64.self)
    }

    /// An integer from a JSON number, exact or an error: fractions and out-of-range values are rejected.
    func unboxInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        guard case .number(let text) = value else { throw mismatch(type) }
        if let integer = Integer(text) { return integer }
        // `1e3`, `2.0`, or a value out of range: accept only an exact integer that fits.
        if let double = Double(text), double.isFinite, double.rounded(.towardZero) == double, let integer = Integer(exactly: double) {
            return integer
        }
        throw corrupted("The number \(text) does not fit in \(type).")
    }

    /// From the number's text, so no precision is lost through `Double` (Foundation's own `Decimal`
    /// decoding expects its keyed representation).
    func unboxDecimal() throws -> Decimal {
        guard case .number(let text) = value else { throw mismatch(Decimal.self) }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw corrupted("The number \(text) does not fit in Decimal.")
        }
        return decimal
    }

    /// An absolute or relative URL string, the form the variables encoder writes.
    func unboxURL() throws -> URL {
        guard case .string(let text) = value else { throw mismatch(URL.self) }
        guard let url = URL(string: text) else { throw corrupted("Expected a URL, found \"\(text)\".") }
        return url
    }

    func unboxFloat<Float: BinaryFloatingPoint & LosslessStringConvertible>(_ type: Float.Type) throws -> Float {
        guard case .number(let text) = value else { throw mismatch(type) }
        guard let number = Float(text), number.isFinite else { throw corrupted("The number \(text) does not fit in \(type).") }
        return number
    }
}
