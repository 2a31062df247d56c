#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names and addresses in `Host` and `Origin` fields, compared as a browser forms them.
enum HostName {
    /// The host of a `Host` field value (`localhost:9399`, `[::1]:9399`, `Example.COM.`):
    /// lowercased, without port, brackets or a final dot; nil when malformed.
    static func parse(_ value: String) -> String? {
        var text = Substring(value.lowercased())
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return nil }
            text = text[text.index(after: text.startIndex)..<close]
            return text.isEmpty ? nil : String(text)
        }
        if let colon = text.lastIndex(of: ":") {
            guard isPort(text[colon...]) else { return nil }
            text = text[..<colon]
        }
        if text.hasSuffix(".") { text = text.dropLast() }
        guard !text.isEmpty, text.utf8.allSatisfy(isNameByte) else { return nil }
        return String(text)
    }

    /// `127.0.0.1` or `localhost`, with or without a port: what nearly every request carries,
    /// recognized without parsing.
    static func isPlainLoopback(_ value: String) -> Bool {
        let bytes = value.utf8
        for name in ["127.0.0.1".utf8, "localhost".utf8] where bytes.starts(with: name) {
            let rest = bytes.dropFirst(name.count)
            return rest.isEmpty || (rest.first == UInt8(ascii: ":") && rest.count <= 6 && rest.count > 1
                && rest.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        }
        return false
    }

    /// `:` followed by up to five digits.
    private static func isPort(_ text: Substring) -> Bool {
        text.first == ":" && (1...6).contains(text.count) && text.dropFirst().allSatisfy(\.isNumber)
    }

    /// Letters, digits, `-`, `.`, `_`: what a DNS name or an IPv4 address is written with.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// Names every browser resolves to the loopback interface itself (RFC 6761), so no DNS
    /// answer can point them elsewhere.
    static func isLocalhostName(_ name: String) -> Bool {
        name == "localhost" || name.hasSuffix(".localhost")
    }
}

/// A numeric IPv4 or IPv6 address (16 bytes; IPv4 as IPv4-mapped IPv6).
struct IPAddress: Equatable {
    private var bytes: [UInt8]

    init?(_ text: String) {
        let numeric = text == "localhost" ? "127.0.0.1" : text
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, numeric, &v4) == 1 {
            bytes = Array(repeating: 0, count: 10) + [0xFF, 0xFF] + withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, numeric, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    private var isIPv4: Bool { bytes[0..<12].elementsEqual(Array(repeating: 0, count: 10) + [0xFF, 0xFF]) }

    /// `127.0.0.0/8` or `::1`.
    var isLoopback: Bool {
        isIPv4 ? bytes[12] == 127 : bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
    }

    /// `0.0.0.0` or `::`: every address of the machine.
    var isUnspecified: Bool {
        isIPv4 ? bytes[12...].allSatisfy { $0 == 0 } : bytes.allSatisfy { $0 == 0 }
    }
}
