import Foundation

/// Helpers generated `init(from:)` / `encode(to:)` call for scalars whose wire form differs from their
/// Swift type (`UUID` as 32 hex digits, `Int64` as a string). Lists and nested optionals go through the
/// wrapper types directly, e.g. `try c.decode([UUIDHex].self, forKey: .ids).map(\.value)`.
extension KeyedDecodingContainer {
    public func decodeUUID(forKey key: Key) throws -> UUID {
        try decode(UUIDHex.self, forKey: key).value
    }

    public func decodeUUIDIfPresent(forKey key: Key) throws -> UUID? {
        try decodeIfPresent(UUIDHex.self, forKey: key)?.value
    }

    public func decodeInt64(forKey key: Key) throws -> Int64 {
        try decode(Int64String.self, forKey: key).value
    }

    public func decodeInt64IfPresent(forKey key: Key) throws -> Int64? {
        try decodeIfPresent(Int64String.self, forKey: key)?.value
    }
}

extension KeyedEncodingContainer {
    public mutating func encodeUUID(_ value: UUID, forKey key: Key) throws {
        try encode(UUIDHex(value), forKey: key)
    }

    public mutating func encodeInt64(_ value: Int64, forKey key: Key) throws {
        try encode(Int64String(value), forKey: key)
    }
}
