/// Swift literal spelling.
enum SwiftLiteral {
    /// A double-quoted Swift string literal with escapes.
    static func string(_ value: String) -> String {
        "\"" + escaped(value) + "\""
    }

    /// Whether `value` goes into a string literal as it is (most values: one pass over the bytes).
    static func isPlain(_ value: String) -> Bool {
        !value.containsUTF8(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") })
    }

    /// The inside of a string literal holding `value`.
    static func escaped(_ value: String) -> String {
        if isPlain(value) { return value }
        return BackslashEscapes.escaped(value) { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? "\\u{" + String(scalar.value, radix: 16) + "}" : nil
        }
    }

    /// A raw multi-line string literal (`#"""` ... `"""#`) holding `value` exactly.
    static func multiline(_ value: String) -> String {
        let hashes = rawDelimiter(for: value)
        return hashes + "\"\"\"\n" + value + "\n\"\"\"" + hashes
    }

    /// The `#`s around a raw multi-line literal holding `value`.
    static func rawDelimiter(for value: String) -> String {
        // The delimiter needs one `#` more than the longest run of `#` right after a `"` or a `\`
        // in the value. One pass over the UTF-8 bytes (searching for each candidate delimiter
        // with `String.contains` went through Foundation's string search).
        // Most values (operation documents) hold no `#` at all.
        guard value.containsUTF8(UInt8(ascii: "#")) else { return "#" }
        var longest = 0
        var run: Int?
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                run = 0
            case UInt8(ascii: "#"):
                if let count = run {
                    run = count + 1
                    longest = max(longest, count + 1)
                }
            default:
                run = nil
            }
        }
        return String(repeating: "#", count: longest + 1)
    }
}
