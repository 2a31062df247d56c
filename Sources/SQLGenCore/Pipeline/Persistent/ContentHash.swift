/// A 128-bit hash of bytes that is the same in every process (Swift's `Hasher` is seeded per
/// process): what a generation record remembers of a file's contents. Not cryptographic: it
/// tells the files a user edits apart, not files made to collide.
struct ContentHash: Hashable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ bytes: [UInt8]) {
        var hasher = ContentHasher()
        hasher.combine(bytes)
        self = hasher.finalize()
    }

    init(_ text: String) {
        var hasher = ContentHasher()
        hasher.combine(text)
        self = hasher.finalize()
    }

    var description: String {
        String(high, radix: 16) + ":" + String(low, radix: 16)
    }
}

/// Two 64-bit FNV-style lanes over the bytes, each value ended by its length so that
/// ("ab", "c") and ("a", "bc") differ.
struct ContentHasher {
    private var high: UInt64 = 0xcbf2_9ce4_8422_2325
    private var low: UInt64 = 0x8422_2325_cbf2_9ce4
    private static let highPrime: UInt64 = 0x0000_0100_0000_01b3
    private static let lowPrime: UInt64 = 0x0000_0001_0000_01c7

    mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// Eight bytes at a time: the generated files of a large connector are tens of megabytes.
    mutating func combine(_ buffer: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= buffer.count {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            high = (high ^ word) &* Self.highPrime
            high ^= high >> 32
            low = (low ^ (word >> 32 | word << 32)) &* Self.lowPrime
            low ^= low >> 29
            offset += 8
        }
        while offset < buffer.count {
            let byte = UInt64(buffer[offset])
            high = (high ^ byte) &* Self.highPrime
            low = (low ^ byte) &* Self.lowPrime
            offset += 1
        }
        combine(length: UInt64(buffer.count))
    }

    mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    mutating func combine(_ hash: ContentHash) {
        combine(word: hash.high)
        combine(word: hash.low)
    }

    private mutating func combine(length: UInt64) {
        combine(word: length)
        high = high &* Self.highPrime ^ (high >> 29)
        low = low &* Self.lowPrime ^ (low >> 31)
    }

    private mutating func combine(word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            let byte = (word >> UInt64(shift)) & 0xff
            high = (high ^ byte) &* Self.highPrime
            low = (low ^ byte) &* Self.lowPrime
        }
    }

    func finalize() -> ContentHash {
        ContentHash(high: high, low: low)
    }
}
