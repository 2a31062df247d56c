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

    @inlinable
    public func write<Out: ByteSink & ~Copyable>(to out: inout Out) {
        switch self {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
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

    @usableFromInline
    static let hexDigits = Array("0123456789abcdef".utf8)

    /// Decimal digits written in place (no intermediate String).
    @inlinable
    public static func writeInteger<Out: ByteSink & ~Copyable>(_ number: Int64, to out: inout Out) {
        if number >= 0, number < 10 {
            // Ratings, counts, flags: one digit, one byte.
            out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number))
            return
        }
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
            out.append(bytes: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// JSON has no NaN or infinity: they are written as null.
    @inlinable
    public static func writeDouble<Out: ByteSink & ~Copyable>(_ number: Double, to out: inout Out) {
        guard number.isFinite else {
            out.append("null")
            return
        }
        if writeShortDecimal(number, to: &out) { return }
        // Swift's shortest round-trip form (`7.9`, `8.0`, `1e+20`) is valid JSON; short enough to
        // live inside the String itself, so it costs no allocation.
        var text = String(number)
        text.withUTF8 { out.append(bytes: $0) }
    }

    /// Writes what `String(number)` gives when that is a plain decimal of at most three
    /// fractional digits between 0.001 and 10^9 (ratings, prices: `7.9`, `8.0`, `12.25`), without
    /// Swift's general shortest-digits search; false (nothing written) for any other value.
    ///
    /// Why it is the same text: for the least `k` in 0...3 with `n / 10^k == |number|` (`n` the
    /// nearest integer to `|number| * 10^k`; both operands exact, so the division rounds as
    /// parsing the decimal does), the digits of `n` round-trip and no shorter digit string does
    /// (a shorter one would have succeeded at a smaller `k`: below 10^9 a double's spacing is
    /// under 2^-23, so the nearest integer is the only candidate at each `k`, and no other `n`
    /// of the same length rounds to the same double). In this range Swift writes fixed notation
    /// with at least one fractional digit.
    @inlinable
    static func writeShortDecimal<Out: ByteSink & ~Copyable>(_ number: Double, to out: inout Out) -> Bool {
        let magnitude = number.magnitude
        guard magnitude >= 0.001, magnitude < 1e9 else { return false }
        var scale = 1.0
        for decimals in 0...3 {
            let scaled = (magnitude * scale).rounded()
            if scaled / scale == magnitude {
                let digits = Int64(scaled)
                let divisor = Int64(scale)
                if number < 0 { out.append(UInt8(ascii: "-")) }
                writeInteger(digits / divisor, to: &out)
                out.append(UInt8(ascii: "."))
                if decimals == 0 {
                    out.append(UInt8(ascii: "0"))
                } else {
                    var fraction = digits % divisor
                    var place = divisor / 10
                    while place > 0 {
                        out.append(UInt8(ascii: "0") + UInt8(fraction / place))
                        fraction %= place
                        place /= 10
                    }
                }
                return true
            }
            scale *= 10
        }
        return false
    }

    @inlinable
    public static func writeString<Out: ByteSink & ~Copyable>(_ text: String, to out: inout Out) {
        var text = text
        text.withUTF8 { writeString(bytes: $0, to: &out) }
    }

    /// A JSON string from bytes that may not be valid UTF-8 (SQLite's copy of a text value, read
    /// without making a `String`): non-ASCII text goes through `String`, which repairs invalid
    /// UTF-8 as reading the value as a `String` would.
    @inlinable
    public static func writeString<Out: ByteSink & ~Copyable>(unvalidatedUTF8 bytes: UnsafeBufferPointer<UInt8>, to out: inout Out) {
        let (high, special) = scan(bytes)
        if high >= 0x80 {
            writeString(String(decoding: bytes, as: UTF8.self), to: &out)
        } else {
            write(bytes, escaping: special, to: &out)
        }
    }

    /// A JSON string from valid UTF-8 bytes.
    @inlinable
    public static func writeString<Out: ByteSink & ~Copyable>(bytes: UnsafeBufferPointer<UInt8>, to out: inout Out) {
        write(bytes, escaping: scan(bytes).special, to: &out)
    }

    /// The OR of all bytes (>= 0x80: not ASCII) and whether any needs escaping, in one pass
    /// without early exits, so it vectorizes.
    @inlinable
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt8, special: Bool) {
        var high: UInt8 = 0
        var special: UInt8 = 0
        for byte in bytes {
            high |= byte
            special |= (byte < 0x20 ? 1 : 0) | (byte == UInt8(ascii: "\"") ? 1 : 0) | (byte == UInt8(ascii: "\\") ? 1 : 0)
        }
        return (high, special != 0)
    }

    @inlinable
    static func write<Out: ByteSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, escaping: Bool, to out: inout Out) {
        out.append(UInt8(ascii: "\""))
        guard escaping else {
            // Most strings need no escaping: copied in one go.
            out.append(bytes: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out.append("\\\"")
            case UInt8(ascii: "\\"): out.append("\\\\")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0..<0x20:
                out.append("\\u00")
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
