import Foundation

/// A result type of a generated SDK: it decodes its members from a `ResponseObject`, and is
/// `Decodable` through that, with any decoder (`JSONDecoder` reading cached JSON included).
///
/// Generated structs conform through `ResponseRecordDecodable` (decoded from their shape, with no
/// decoder of their own); generated interfaces and unions implement `init(response:)` to pick
/// their case. With SQLConnect's decoder both read the parsed response in place.
public protocol ResponseDecodable: Decodable {
    /// Reads the value's members from the object that holds them.
    init(response: ResponseObject) throws
}

extension ResponseDecodable {
    public init(from decoder: any Decoder) throws {
        try self.init(response: ResponseObject(decoder: decoder))
    }
}

/// The members of one JSON object of a response, read by response key. Errors are the
/// `DecodingError`s of a keyed container, with the coding path of the member.
///
/// Scalars with a wire form of their own (`UUID` as 32 hex digits, `Int64` as a string) have
/// methods of their own; any other type decodes with `decode(_:forKey:)`.
public struct ResponseObject {
    private enum Storage {
        /// SQLConnect's own decoder: the parsed JSON object, read in place.
        case tree(TreeKeyedContainer<AnyCodingKey>)
        /// Any other decoder (`JSONDecoder`...).
        case keyed(KeyedDecodingContainer<AnyCodingKey>)
    }

    private let storage: Storage

    /// The member's decoder when the object is SQLConnect's parsed tree (nil with other decoders):
    /// `nil` inside for a missing or null member when `optional`.
    func treeMember(_ key: String, optional: Bool) throws -> TreeDecoder?? {
        guard case .tree(let container) = storage else { return nil }
        let codingKey = AnyCodingKey(key)
        return .some(optional ? container.decoderIfPresent(for: codingKey) : try container.decoder(for: codingKey))
    }

    /// The object `decoder` holds.
    public init(decoder: any Decoder) throws {
        if let tree = decoder as? TreeDecoder {
            storage = .tree(try tree.objectContainer())
        } else {
            storage = .keyed(try decoder.container(keyedBy: AnyCodingKey.self))
        }
    }

    init(tree: TreeKeyedContainer<AnyCodingKey>) {
        storage = .tree(tree)
    }

    /// Whether the object has a member `key` (null or not).
    public func contains(_ key: String) -> Bool {
        switch storage {
        case .tree(let container): return container.contains(AnyCodingKey(key))
        case .keyed(let container): return container.contains(AnyCodingKey(key))
        }
    }

    /// The member `key` as `type`; a missing member or `null` is an error.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value {
        switch storage {
        case .tree(let container): return try container.decode(type, forKey: AnyCodingKey(key))
        case .keyed(let container): return try container.decode(type, forKey: AnyCodingKey(key))
        }
    }

    /// The member `key` as `type`, or nil when it is missing or `null`.
    public func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        switch storage {
        case .tree(let container): return try container.decodeIfPresent(type, forKey: AnyCodingKey(key))
        case .keyed(let container): return try container.decodeIfPresent(type, forKey: AnyCodingKey(key))
        }
    }

    public func string(forKey key: String) throws -> String { try decode(String.self, forKey: key) }
    public func stringIfPresent(forKey key: String) throws -> String? { try decodeIfPresent(String.self, forKey: key) }
    public func int(forKey key: String) throws -> Int { try decode(Int.self, forKey: key) }
    public func intIfPresent(forKey key: String) throws -> Int? { try decodeIfPresent(Int.self, forKey: key) }
    public func double(forKey key: String) throws -> Double { try decode(Double.self, forKey: key) }
    public func doubleIfPresent(forKey key: String) throws -> Double? { try decodeIfPresent(Double.self, forKey: key) }
    public func bool(forKey key: String) throws -> Bool { try decode(Bool.self, forKey: key) }
    public func boolIfPresent(forKey key: String) throws -> Bool? { try decodeIfPresent(Bool.self, forKey: key) }
    public func uuid(forKey key: String) throws -> UUID { try decode(UUID.self, forKey: key) }
    public func uuidIfPresent(forKey key: String) throws -> UUID? { try decodeIfPresent(UUID.self, forKey: key) }
    public func int64(forKey key: String) throws -> Int64 { try decode(Int64.self, forKey: key) }
    public func int64IfPresent(forKey key: String) throws -> Int64? { try decodeIfPresent(Int64.self, forKey: key) }
}

/// A transient view inside `init(response:)`; decoders are not `Sendable`.
@available(*, unavailable)
extension ResponseObject: Sendable {}
