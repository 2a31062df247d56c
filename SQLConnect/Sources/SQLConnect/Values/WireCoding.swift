import Foundation

/// Explicit helpers for scalars whose wire form differs from their Swift type (`UUID` as 32 hex digits,
/// `Int64` as a string), kept for hand-written `init(from:)` / `encode(to:)`. The runtime's own decoder
/// and variables encoder already give plain `UUID` and `Int64` these forms at every position, so
/// generated code does not need them.
extension KeyedDecodingContainer {
    /// A `UUID` in the 32-hex or dashed form.
    public func decodeUUID(forKey key: Key) throws -> UUID {
        try decode(UUIDHex.self, forKey: key).value
    }

    /// An optional `UUID` in the 32-hex or dashed form.
    public func decodeUUIDIfPresent(forKey key: Key) throws -> UUID? {
        try decodeIfPresent(UUIDHex.self, forKey: key)?.value
    }

    /// An `Int64` sent as a JSON string (or number).
    public func decodeInt64(forKey key: Key) throws -> Int64 {
        try decode(Int64String.self, forKey: key).value
    }

    /// An optional `Int64` sent as a JSON string (or number).
    public func decodeInt64IfPresent(forKey key: Key) throws -> Int64? {
        try decodeIfPresent(Int64String.self, forKey: key)?.value
    }
}

extension KeyedEncodingContainer {
    /// A `UUID` as 32 lowercase hex digits.
    public mutating func encodeUUID(_ value: UUID, forKey key: Key) throws {
        try encode(UUIDHex(value), forKey: key)
    }

    /// An `Int64` as a JSON string.
    public mutating func encodeInt64(_ value: Int64, forKey key: Key) throws {
        try encode(Int64String(value), forKey: key)
    }
}

extension KeyedEncodingContainer {
    /// An optional `UUID` variable: omitted when unset, `null` when set to `nil`, else 32 hex digits.
    public mutating func encodeUUID(_ variable: OptionalVariable<UUID>, forKey key: Key) throws {
        guard variable.isSet else { return }
        try encodeIfPresentOrNull(variable.wrappedValue.map { UUIDHex($0) }, forKey: key)
    }

    /// An optional `Int64` variable: omitted when unset, `null` when set to `nil`, else a JSON string.
    public mutating func encodeInt64(_ variable: OptionalVariable<Int64>, forKey key: Key) throws {
        guard variable.isSet else { return }
        try encodeIfPresentOrNull(variable.wrappedValue.map { Int64String($0) }, forKey: key)
    }

    private mutating func encodeIfPresentOrNull<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}
