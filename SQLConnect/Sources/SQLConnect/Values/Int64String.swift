/// An `Int64` carried as a JSON string (Data Connect's `Int64` scalar; JSON numbers lose precision past 2^53).
///
/// Decoding also accepts a JSON number, which some servers send for small values.
public struct Int64String: Codable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var value: Int64

    public init(_ value: Int64) {
        self.value = value
    }

    public init(integerLiteral value: Int64) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let parsed = Int64(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an Int64 string, found \"\(text)\".")
            }
            value = parsed
        } else {
            value = try container.decode(Int64.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }

    public var description: String { String(value) }
}
