import Foundation

/// A `UUID` on the wire: encoded as Data Connect's 32 lowercase hex digits, decoded from that form or
/// the dashed form (either case).
///
/// The runtime's decoder and variables encoder already treat plain `UUID` this way; this wrapper is for
/// code that uses other coders.
public struct UUIDHex: Codable, Hashable, Sendable, CustomStringConvertible {
    public var value: UUID

    public init(_ value: UUID) {
        self.value = value
    }

    /// Parses the 32-hex or the dashed form; `nil` for anything else.
    public init?(string: String) {
        guard let uuid = Self.parse(string) else { return nil }
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
        Self.hex(value)
    }

    /// 32 lowercase hex digits, written straight from the UUID's bytes.
    static func hex(_ uuid: UUID) -> String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 32) { out in
                digits.withUTF8Buffer { table in
                    for (index, byte) in bytes.enumerated() {
                        out[index * 2] = table[Int(byte >> 4)]
                        out[index * 2 + 1] = table[Int(byte & 0x0F)]
                    }
                }
                return 32
            }
        }
    }

    /// Parses 32 hex digits, or 36 characters with dashes at offsets 8, 13, 18 and 23; either case.
    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { bytes -> UUID? in
            let dashed: Bool
            switch bytes.count {
            case 32: dashed = false
            case 36: dashed = true
            default: return nil
            }
            var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let parsed = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
                var position = 0
                for index in 0..<16 {
                    if dashed, index == 4 || index == 6 || index == 8 || index == 10 {
                        guard bytes[position] == UInt8(ascii: "-") else { return false }
                        position += 1
                    }
                    guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else { return false }
                    out[index] = high << 4 | low
                    position += 2
                }
                return true
            }
            return parsed ? UUID(uuid: uuid) : nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
