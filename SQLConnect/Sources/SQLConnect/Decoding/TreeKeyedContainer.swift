/// Members of a JSON object. Scalars are read in place; only nested values get their own decoder.
struct TreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.codingPath }

    var allKeys: [Key] {
        var seen = Set<String>()
        return object.keys.compactMap { name in seen.insert(name).inserted ? Key(stringValue: name) : nil }
    }

    func contains(_ key: Key) -> Bool {
        object[key.stringValue] != nil
    }

    func decoder(for key: Key) throws -> TreeDecoder {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
        }
        return TreeDecoder(value: value, parent: path, component: .key(key.stringValue))
    }

    /// The member's decoder, or `nil` when it is missing or `null`.
    func decoderIfPresent(for key: Key) -> TreeDecoder? {
        switch object[key.stringValue] {
        case nil, .null?: return nil
        case let value?: return TreeDecoder(value: value, parent: path, component: .key(key.stringValue))
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
        }
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder(for: key).unbox(as: type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decoderIfPresent(for: key)?.unbox(as: type)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(for: key).unboxBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(for: key).unboxString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(for: key).unboxFloat(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(for: key).unboxFloat(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(for: key).unboxInt64() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(for: key).unboxInteger(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(for: key).unboxInteger(type) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decoderIfPresent(for: key)?.unboxBool() }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decoderIfPresent(for: key)?.unboxString() }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decoderIfPresent(for: key)?.unboxFloat(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decoderIfPresent(for: key)?.unboxFloat(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decoderIfPresent(for: key)?.unboxInt64() }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decoderIfPresent(for: key)?.unboxInteger(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decoderIfPresent(for: key)?.unboxInteger(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: object["super"] ?? .null, parent: path, component: .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: object[key.stringValue] ?? .null, parent: path, component: .key(key.stringValue))
    }
}
