/// The items of a JSON array, read in order.
struct TreeUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let path: CodingPathNode
    private(set) var currentIndex = 0

    init(items: [JSONValue], path: CodingPathNode) {
        self.items = items
        self.path = path
    }

    var codingPath: [any CodingKey] { path.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The decoder of the current item, advancing past it.
    private mutating func next(_ type: Any.Type) throws -> TreeDecoder {
        guard currentIndex < items.count else {
            throw DecodingError.valueNotFound(type, .init(
                codingPath: path.appending(.index(currentIndex)).codingPath,
                debugDescription: "The array has only \(items.count) items."))
        }
        let decoder = TreeDecoder(value: items[currentIndex], parent: path, component: .index(currentIndex))
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < items.count else {
            throw DecodingError.valueNotFound(Any?.self, .init(codingPath: codingPath, debugDescription: "The array has only \(items.count) items."))
        }
        if case .null = items[currentIndex] {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).unbox(as: type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).unboxBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).unboxString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).unboxFloat(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).unboxFloat(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).unboxInteger(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).unboxInteger(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).unboxInteger(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).unboxInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).unboxInt64() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).unboxInteger(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).unboxInteger(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).unboxInteger(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).unboxInteger(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).unboxInteger(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(Any.self)
    }
}
