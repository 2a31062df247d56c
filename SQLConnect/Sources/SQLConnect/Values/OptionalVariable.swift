/// A nullable variable that tells "not set" from `nil`.
///
/// Unset (the initial state), the key is omitted from the JSON; set to `nil`, it is sent as `null`.
/// Synthesized and hand-written `encode(to:)` both honour this through the container overload below.
@propertyWrapper
public struct OptionalVariable<Value: Encodable & Sendable>: Sendable {
    /// Whether the variable was assigned, even if to `nil`.
    public private(set) var isSet: Bool
    private var storage: Value?

    /// An unset variable.
    public init() {
        isSet = false
        storage = nil
    }

    /// A variable set to `wrappedValue` (which may be `nil`, meaning JSON `null`).
    public init(wrappedValue: Value?) {
        isSet = true
        storage = wrappedValue
    }

    public var wrappedValue: Value? {
        get { storage }
        set {
            storage = newValue
            isSet = true
        }
    }

    /// `$name` gives the wrapper itself, to read `isSet` or call `unset()`.
    public var projectedValue: OptionalVariable<Value> {
        get { self }
        set { self = newValue }
    }

    /// Returns the variable to the unset state (omitted from the request).
    public mutating func unset() {
        storage = nil
        isSet = false
    }
}

extension OptionalVariable: Equatable where Value: Equatable {}
extension OptionalVariable: Hashable where Value: Hashable {}

extension OptionalVariable: Encodable {
    /// Encodes the value or `null`; keyed containers skip unset variables entirely (see below).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let storage {
            try container.encode(storage)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedEncodingContainer {
    /// Omits an unset variable, writes `null` for one set to `nil`, and the value otherwise.
    public mutating func encode<Value>(_ variable: OptionalVariable<Value>, forKey key: Key) throws {
        guard variable.isSet else { return }
        if let value = variable.wrappedValue {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }
}
