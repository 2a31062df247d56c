// Serialises `JSONValue` straight into UTF-8 bytes (responses are written once, never re-read).

extension JSONValue {
    /// The compact JSON text of this value.
    public func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out)
        return out
    }

    /// The compact JSON text as a String.
    public var jsonText: String { String(decoding: serialized(), as: UTF8.self) }

    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Self.nullBytes
        case .bool(let flag): out += flag ? Self.trueBytes : Self.falseBytes
        case .int(let number): Self.writeInteger(number, to: &out)
        case .double(let number): Self.writeDouble(number, to: &out)
        case .string(let text): Self.writeString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let nullBytes = Array("null".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Decimal digits written in place (no intermediate String).
    static func writeInteger(_ number: Int64, to out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64's 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// JSON has no NaN or infinity: they are written as null.
    static func writeDouble(_ number: Double, to out: inout [UInt8]) {
        guard number.isFinite else {
            out += nullBytes
            return
        }
        // Swift's shortest round-trip form (`7.9`, `8.0`, `1e+20`) is valid JSON; short enough to
        // live inside the String itself, so it costs no allocation.
        var text = String(number)
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    static func writeString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { writeString(bytes: $0, to: &out) }
    }

    /// A JSON string from bytes that may not be valid UTF-8 (SQLite's copy of a text value, read
    /// without making a `String`): non-ASCII text goes through `String`, which repairs invalid
    /// UTF-8 as reading the value as a `String` would.
    static func writeString(unvalidatedUTF8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let (high, special) = scan(bytes)
        if high >= 0x80 {
            writeString(String(decoding: bytes, as: UTF8.self), to: &out)
        } else {
            write(bytes, escaping: special, to: &out)
        }
    }

    /// A JSON string from valid UTF-8 bytes.
    static func writeString(bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        write(bytes, escaping: scan(bytes).special, to: &out)
    }

    /// The OR of all bytes (>= 0x80: not ASCII) and whether any needs escaping, in one pass
    /// without early exits, so it vectorizes.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt8, special: Bool) {
        var high: UInt8 = 0
        var special: UInt8 = 0
        for byte in bytes {
            high |= byte
            special |= (byte < 0x20 ? 1 : 0) | (byte == UInt8(ascii: "\"") ? 1 : 0) | (byte == UInt8(ascii: "\\") ? 1 : 0)
        }
        return (high, special != 0)
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, escaping: Bool, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        guard escaping else {
            // Most strings need no escaping: copied in one go.
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
