/// The coding key of generated `encode(to:)` methods: a JSON object member by name.
///
/// One shared key type spares every generated `Variables` and input struct a `CodingKeys` enum of
/// its own (with its `CodingKey`, `Hashable` and string conversions), which the compiler would
/// otherwise synthesize and emit for each of them.
public struct MemberKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(stringLiteral name: String) {
        stringValue = name
    }

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Generated code names members only; an index is not a member name.
    public init?(intValue: Int) {
        nil
    }
}
