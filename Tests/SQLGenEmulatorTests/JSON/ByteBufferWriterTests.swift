@testable import SQLGenEmulator
import SQLGenJSON
import Testing

/// Planned queries write JSON into a `ByteBuffer` with the same writers the generic executor
/// uses on `[UInt8]`: both must give the same bytes, and doubles must read as `String(number)`.
@Suite("JSON writer: byte buffer and doubles")
struct ByteBufferWriterTests {
    /// Texts as bytes, including invalid UTF-8 (repaired as `String(decoding:)` repairs it).
    static let texts: [[UInt8]] = [
        [], Array("plain".utf8), Array("a \"quoted\" word".utf8), Array("back\\slash".utf8),
        Array("line\nbreak\r\ttab".utf8), [0x00, 0x01, 0x1F, 0x20, 0x7F], Array("é ✓ 𝄞 naïve".utf8),
        [0x41, 0xFF, 0x42], [0xC3], [0xE2, 0x9C], [0xED, 0xA0, 0x80], [0xF0, 0x9D, 0x84], [0x22, 0xC3, 0xA9, 0x5C, 0x0A],
        Array(repeating: UInt8(ascii: "x"), count: 5000),
    ]

    @Test func stringsMatchTheArrayWriter() {
        for text in Self.texts {
            var array: [UInt8] = []
            var buffer = ByteBuffer(capacity: 0)
            text.withUnsafeBufferPointer { bytes in
                JSONValue.writeString(unvalidatedUTF8: bytes, to: &array)
                JSONValue.writeString(unvalidatedUTF8: bytes, to: &buffer)
            }
            #expect(buffer.array == array, "\(text)")
            #expect(buffer.count == array.count)
        }
        var escaped = ByteBuffer(capacity: 1)
        Array("a\"b\\c\nd\u{01}é".utf8).withUnsafeBufferPointer { JSONValue.writeString(unvalidatedUTF8: $0, to: &escaped) }
        #expect(String(decoding: escaped.array, as: UTF8.self) == "\"a\\\"b\\\\c\\nd\\u0001é\"")
        var invalid = ByteBuffer()
        [UInt8]([0x61, 0xFF]).withUnsafeBufferPointer { JSONValue.writeString(unvalidatedUTF8: $0, to: &invalid) }
        #expect(String(decoding: invalid.array, as: UTF8.self) == "\"a\u{FFFD}\"")
    }

    @Test func valuesMatchTheArrayWriter() {
        let value = JSONValue.object([
            JSONMember("n", .int(-42)), JSONMember("x", .double(7.9)), JSONMember("t", .bool(true)), JSONMember("f", .bool(false)),
            JSONMember("z", .null), JSONMember("list", .array([.string("q\""), .double(.infinity), .int(.min)])),
        ])
        var buffer = ByteBuffer(capacity: 1)
        value.write(to: &buffer)
        #expect(buffer.array == value.serialized())
        #expect(String(decoding: buffer.array, as: UTF8.self) == "{\"n\":-42,\"x\":7.9,\"t\":true,\"f\":false,\"z\":null,\"list\":[\"q\\\"\",null,-9223372036854775808]}")
    }

    @Test func bufferGrowsAndKeepsItsBytes() {
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<3000 {
            let byte = UInt8(truncatingIfNeeded: index)
            buffer.append(byte)
            expected.append(byte)
            if index % 7 == 0 {
                buffer.append(word: UInt64(index))
                expected.append(word: UInt64(index))
                buffer.append(word: UInt32(index))
                expected.append(word: UInt32(index))
            }
        }
        #expect(buffer.array == expected)
        buffer.truncate(to: 10)
        #expect(buffer.array == Array(expected[0..<10]))
        var copy = ByteBuffer(capacity: 2)
        copy.append(buffer, range: 2..<8)
        #expect(copy.array == Array(expected[2..<8]))
    }

    /// Runs of every length from 0 to 40 (8 to 16 bytes are copied as two overlapping words).
    @Test func runsOfEveryLengthAreCopiedWhole() {
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for length in 0...40 {
            for start in [0, 3, 64 - length] where start + length <= 64 {
                source.withUnsafeBytes { buffer.append(bytes: UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
                expected += source[start..<(start + length)]
                buffer.append(UInt8(ascii: "|"))
                expected.append(UInt8(ascii: "|"))
            }
        }
        #expect(buffer.array == expected)
    }

    /// Doubles with a short decimal form take a fast path: it must give `String(number)`.
    @Test func doublesReadAsSwiftDescribesThem() {
        var numbers: [Double] = [0, -0.0, 0.001, -0.001, 0.0011, 0.0009999, 0.1, 0.2, 0.3, 0.1 + 0.2, 1, -1, 7.9, 8, 9.95, 10.25, 123.456,
                                 0.125, 1e8, 999_999_999, 999_999_999.999, 1e9, 1e9 + 0.5, 1234.5678, 0.0001, 1e-5, 1e15, 1e16, 1e20,
                                 .pi, -.pi, .ulpOfOne, 1 + .ulpOfOne, 4.35, 2.675, 1.005, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.3.nextUp, 0.3.nextDown,
                                 1e9.nextDown, 0.001.nextDown, 0.001.nextUp]
        var generator = SplitMix(seed: 6)
        for _ in 0..<20_000 {
            let decimals = Int(generator.next() % 5)
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let integer = Double(generator.next() % 2_000_000_000_000) / 1000
            numbers.append((integer * scale).rounded() / scale * (generator.next() % 2 == 0 ? 1 : -1))
            numbers.append(Double(generator.next() % 100_000) / [1, 10, 100, 1000, 10_000][decimals])
            numbers.append(Double(bitPattern: 0x3F50_0000_0000_0000 + generator.next() % 0x0120_0000_0000_0000))
        }
        for number in numbers {
            var out: [UInt8] = []
            JSONValue.writeDouble(number, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(number), "\(number.bitPattern)")
        }
        var special: [UInt8] = []
        JSONValue.writeDouble(.nan, to: &special)
        JSONValue.writeDouble(-.infinity, to: &special)
        #expect(special == Array("nullnull".utf8))
    }
}

/// A small seeded generator, so a failure names values that can be found again.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
