/// A single JSON value (what `RawRepresentable` enums, `Optional`, `LocalDate` and friends decode from).
struct TreeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoder.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(as: type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.unboxBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.unboxString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.unboxFloat(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.unboxFloat(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.unboxInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unboxInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unboxInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unboxInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unboxInt64() }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unboxInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unboxInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unboxInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unboxInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unboxInteger(type) }
}
