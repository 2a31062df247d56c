// Byte-level helpers for the lexer: UTF-8 decoding where the grammar needs a scalar (non-ASCII
// text in strings and comments, error messages), and skipping runs of plain ASCII 8 bytes at a time.

extension UnsafeBufferPointer<UInt8> {
    /// The byte at `offset`, or 0 past the end (0 is never a digit, name character or punctuator,
    /// so callers checking for those need no separate bounds check).
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < count ? self[offset] : 0
    }

    /// The Unicode scalar starting at `offset` and its length in bytes, or nil if the bytes there
    /// are not well-formed UTF-8 (overlong forms, surrogates, values above U+10FFFF, truncation).
    func scalar(at offset: Int) -> (value: UInt32, length: Int)? {
        guard offset < count else { return nil }
        let first = UInt32(self[offset])
        if first < 0x80 { return (first, 1) }
        let length: Int
        var value: UInt32
        switch first {
        case 0xC2...0xDF: length = 2; value = first & 0x1F
        case 0xE0...0xEF: length = 3; value = first & 0x0F
        case 0xF0...0xF4: length = 4; value = first & 0x07
        default: return nil
        }
        guard offset + length <= count else { return nil }
        for index in 1..<length {
            let next = UInt32(self[offset + index])
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | (next & 0x3F)
        }
        switch length {
        case 3 where value < 0x800 || (0xD800...0xDFFF).contains(value): return nil
        case 4 where value < 0x10000 || value > 0x10FFFF: return nil
        default: return (value, length)
        }
    }

    /// The byte offset just after `scalarCount` scalars starting at `offset` (or the end of the
    /// buffer); invalid bytes count as one scalar each. Used to quote source text in messages.
    func offset(after scalarCount: Int, from offset: Int) -> Int {
        var position = offset
        var remaining = scalarCount
        while remaining > 0 && position < count {
            position += scalar(at: position)?.length ?? 1
            remaining -= 1
        }
        return Swift.min(position, count)
    }

    /// The text of `range`, repairing invalid UTF-8.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }
}

/// Appends the UTF-8 encoding of a scalar (assumed valid) to `buffer`.
@inline(__always)
func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        buffer.append(UInt8(scalar))
    case 0x80..<0x800:
        buffer.append(UInt8(0xC0 | scalar >> 6))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
        buffer.append(UInt8(0xE0 | scalar >> 12))
        buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    default:
        buffer.append(UInt8(0xF0 | scalar >> 18))
        buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        buffer.append(UInt8(0x80 | scalar & 0x3F))
    }
}

/// The value of an ASCII hex digit, or -1.
@inline(__always)
func hexDigitValue(_ byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte) - 0x30
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte) - 0x37
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte) - 0x57
    default: return -1
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The first offset at or after `offset` whose byte is `a`, `b`, `c`, `d` or non-ASCII, skipping 8
    /// plain bytes at a time (or `count`). Long descriptions are most of a schema's bytes.
    @inline(__always)
    func skipPlainASCII(from offset: Int, stoppingAt a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Int {
        guard let base = baseAddress else { return offset }
        var position = offset
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let maskA = ones &* UInt64(a), maskB = ones &* UInt64(b), maskC = ones &* UInt64(c), maskD = ones &* UInt64(d)
        while position + 8 <= count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            // A byte of `x` is zero where `word` equals the needle ("has zero byte" trick).
            @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
            let found = zeroBytes(word ^ maskA) | zeroBytes(word ^ maskB) | zeroBytes(word ^ maskC) | zeroBytes(word ^ maskD) | (word & highs)
            if found != 0 {
                return position + found.trailingZeroBitCount / 8
            }
            position += 8
        }
        while position < count {
            let byte = self[position]
            if byte == a || byte == b || byte == c || byte == d || byte >= 0x80 { return position }
            position += 1
        }
        return position
    }
}
