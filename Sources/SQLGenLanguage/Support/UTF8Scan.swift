#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Generated code is mostly descriptions, names and literals that need no escaping and hold one
// line: checking that is on the path of every line written, so it scans the string's bytes in
// place (`memchr` for one byte) rather than through `String.UTF8View`'s index one byte at a time.
extension String {
    /// Whether the UTF-8 form holds `byte`.
    package func containsUTF8(_ byte: UInt8) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
        return found ?? utf8.contains(byte)
    }

    /// Whether some byte of the UTF-8 form satisfies `predicate`.
    package func containsUTF8(where predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? utf8.contains(where: predicate)
    }
}
