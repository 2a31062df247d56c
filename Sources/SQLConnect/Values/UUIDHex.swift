import Foundation

/// A `UUID` on the wire: encoded as Data Connect's 32 lowercase hex digits, decoded from that form or
/// the dashed form (either case).
public struct UUIDHex: Codable, Hashable, Sendable, CustomStringConvertible {
    public var value: UUID

    public init(_ value: UUID) {
        self.value = value
    }

    /// Parses the 32-hex or the dashed form; `nil` for anything else.
    public init?(string: String) {
        let text: String
        switch string.utf8.count {
        case 32:
            guard string.utf8.allSatisfy(Self.isHexDigit) else { return nil }
            let bytes = Array(string.utf8)
            var dashed: [UInt8] = []
            for (index, byte) in bytes.enumerated() {
                if index == 8 || index == 12 || index == 16 || index == 20 { dashed.append(UInt8(ascii: "-")) }
                dashed.append(byte)
            }
            text = String(decoding: dashed, as: UTF8.self)
        case 36:
            text = string
        default:
            return nil
        }
        guard let uuid = UUID(uuidString: text) else { return nil }
        value = uuid
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = UUIDHex(string: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a UUID (32 hex digits or the dashed form), found \"\(text)\".")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The 32 lowercase hex digits.
    public var description: String {
        String(value.uuidString.lowercased().unicodeScalars.filter { $0 != "-" })
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
