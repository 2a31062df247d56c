// Reads AEM-style persisted-query URLs: `/graphql/execute.json/<connector>/<operation>;k=v;...`,
// with the variable section raw, fully percent-encoded (`%3Bk%3Dv`) and/or ending in `;`.

enum PersistedQueryPath {
    /// Percent-decodes a URL component; nil for malformed escapes or invalid UTF-8.
    static func percentDecode(_ text: Substring) -> String? {
        guard let bytes = percentDecodedBytes(text) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The bytes a URL component stands for; nil for a malformed escape. Not yet checked as UTF-8.
    static func percentDecodedBytes(_ text: Substring) -> [UInt8]? {
        var bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(of: UInt8(ascii: "%")) else { return bytes }
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        // Decodes in place: the output never runs ahead of the input.
        var index = first
        var end = first
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else { return nil }
                bytes[end] = high << 4 | low
                index += 3
            } else {
                bytes[end] = bytes[index]
                index += 1
            }
            end += 1
        }
        bytes.removeSubrange(end...)
        return bytes
    }

    /// `(connector, operation, [(name, raw value)])` from the part after `/graphql/execute.json/`.
    /// Works on the decoded bytes: the delimiters (`;`, `/`, `=`) are ASCII, so every slice
    /// between them of valid UTF-8 is valid UTF-8 too.
    static func parse(_ rest: Substring) -> (String, String, [(String, String)])? {
        guard let bytes = percentDecodedBytes(rest), String(validating: bytes, as: UTF8.self) != nil else { return nil }
        let parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true)
        guard let head = parts.first else { return nil }
        let segments = head.split(separator: UInt8(ascii: "/"), maxSplits: 2, omittingEmptySubsequences: false)
        guard segments.count == 2, !segments[0].isEmpty, !segments[1].isEmpty else { return nil }
        var variables: [(String, String)] = []
        variables.reserveCapacity(parts.count - 1)
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")), let value = value(part[(equals + 1)...]) else { return nil }
            variables.append((text(part[..<equals]), value))
        }
        return (text(segments[0]), text(segments[1]), variables)
    }

    /// `(connector, name)` of a decoded `persist.json` path (`<connector>/<name>`); nil unless it has both.
    static func persistTarget(_ decoded: String) -> (String, String)? {
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, !segments[0].isEmpty, !segments[1].isEmpty else { return nil }
        return (String(segments[0]), String(segments[1]))
    }

    /// A value; one holding `%3B` or `%25` had its `;` and `%` escaped by SQLConnect so that the
    /// split above cannot cut it, and is decoded once more.
    private static func value(_ bytes: ArraySlice<UInt8>) -> String? {
        let raw = text(bytes)
        guard holdsEscapedDelimiter(bytes) else { return raw }
        return percentDecode(Substring(raw))
    }

    /// Whether `bytes` hold `%3B` or `%25`, in either case (a scan of the bytes: Foundation's
    /// case-insensitive search cost a tenth of a lookup's time).
    static func holdsEscapedDelimiter(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let percent = bytes[index...].firstIndex(of: UInt8(ascii: "%")), percent + 2 < bytes.endIndex {
            let high = bytes[percent + 1], low = bytes[percent + 2] | 0x20
            if (high == UInt8(ascii: "3") && low == UInt8(ascii: "b")) || (high == UInt8(ascii: "2") && low == UInt8(ascii: "5")) { return true }
            index = percent + 1
        }
        return false
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
