/// A nullable variable that tells "not set" from `nil`.
///
/// Unset (the initial state), the key is omitted from the JSON; set to `nil`, it is sent as `null`.
/// Synthesized and hand-written `encode(to:)` both honour this through the container overload below.
///
/// The value lives in a shared immutable box, so a variable is one pointer whatever its type: an
/// input object may hold itself through nullable fields (`Movie_Filter._not`, or `A.b` and `B.a`)
/// and still be a struct of finite size. Assignment replaces the box, so copies stay independent.
@propertyWrapper
public struct OptionalVariable<Value: Encodable & Sendable>: Sendable {
    /// `nil` while unset; a box holding `nil` when set to `nil` (sent as `null`).
    private var box: ValueBox<Value?>?

    /// An unset variable.
    public init() {
        box = nil
    }

    /// A variable set to `wrappedValue` (which may be `nil`, meaning JSON `null`).
    public init(wrappedValue: Value?) {
        box = ValueBox(wrappedValue)
    }

    /// Whether the variable was assigned, even if to `nil`.
    public var isSet: Bool { box != nil }

    public var wrappedValue: Value? {
        get { box?.value ?? nil }
        set { box = ValueBox(newValue) }
    }

    /// `$name` gives the wrapper itself, to read `isSet` or call `unset()`.
    public var projectedValue: OptionalVariable<Value> {
        get { self }
        set { self = newValue }
    }

    /// Returns the variable to the unset state (omitted from the request).
    public mutating func unset() {
        box = nil
    }
}

/// Immutable heap storage for a value, shared between copies.
final class ValueBox<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

extension OptionalVariable: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.isSet == rhs.isSet && lhs.wrappedValue == rhs.wrappedValue
    }
}

extension OptionalVariable: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isSet)
        hasher.combine(wrappedValue)
    }
}

extension OptionalVariable: Encodable {
    /// Encodes the value or `null`; keyed containers skip unset variables entirely (see below).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue {
            try container.encode(value)
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
