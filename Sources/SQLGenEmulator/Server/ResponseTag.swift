// The entity tag of a persisted query's answer: a hash of the body, so an unchanged answer
// revalidates with 304.

enum ResponseTag {
    /// A 64-bit hash of the body, in hex. Eight bytes at a time in four independent lanes (a
    /// multiply-xorshift mix each), so hashing a list's tens of kilobytes costs a few microseconds
    /// rather than a byte-serial multiply chain; the tail and the length are mixed in at the end.
    static func etag(_ bytes: [UInt8]) -> String {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        func mix(_ value: UInt64) -> UInt64 {
            var value = value
            value ^= value >> 32
            value = value &* 0xD6E8_FEB8_6659_FD93
            value ^= value >> 32
            return value
        }
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89)
        let hash = bytes.withUnsafeBytes { buffer -> UInt64 in
            var offset = 0
            while offset + 32 <= buffer.count {
                lanes.0 = (lanes.0 ^ buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
                lanes.1 = (lanes.1 ^ buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* multiplier
                lanes.2 = (lanes.2 ^ buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* multiplier
                lanes.3 = (lanes.3 ^ buffer.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* multiplier
                lanes.0 ^= lanes.0 >> 29
                lanes.1 ^= lanes.1 >> 29
                lanes.2 ^= lanes.2 >> 29
                lanes.3 ^= lanes.3 >> 29
                offset += 32
            }
            var tail = mix(lanes.0) ^ (mix(lanes.1) &* 3) ^ (mix(lanes.2) &* 5) ^ (mix(lanes.3) &* 7)
            while offset < buffer.count {
                tail = (tail ^ UInt64(buffer[offset])) &* 0x0000_0100_0000_01B3
                offset += 1
            }
            return mix(tail ^ UInt64(buffer.count))
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
