// Reads AEM-style persisted-query URLs: `/graphql/execute.json/<connector>/<operation>;k=v;...`,
// with the variable section raw, fully percent-encoded (`%3Bk%3Dv`) and/or ending in `;`.

enum PersistedQueryPath {
    /// Percent-decodes a URL component; nil for malformed escapes or invalid UTF-8.
    static func percentDecode(_ text: Substring) -> String? {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else { return nil }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// `(connector, operation, [(name, raw value)])` from the part after `/graphql/execute.json/`.
    static func parse(_ rest: Substring) -> (String, String, [(String, String)])? {
        guard let decoded = percentDecode(rest) else { return nil }
        var parts = decoded.split(separator: ";", omittingEmptySubsequences: true)
        guard let head = parts.first else { return nil }
        parts.removeFirst()
        let segments = head.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, !segments[0].isEmpty, !segments[1].isEmpty else { return nil }
        var variables: [(String, String)] = []
        for part in parts {
            guard let equals = part.firstIndex(of: "=") else { return nil }
            variables.append((String(part[..<equals]), String(part[part.index(after: equals)...])))
        }
        return (String(segments[0]), String(segments[1]), variables)
    }
}
