// How string values are written back as GraphQL literals, following graphql-js's `printString`
// and `printBlockString` (graphql-core 3.3.2 `print_string`, `print_block_string`).
// Everything works on UTF-8 bytes; "length" always means Unicode scalars, which is what
// graphql-core's `len()` counts when the printer decides whether a line is too long.

enum StringLiteralPrinter {
    /// Appends `value` as a quoted string literal (`"..."`) with graphql-js's escapes:
    /// C0 controls, `"`, `\`, DEL and the C1 controls U+0080–U+009F.
    static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var utf8 = value.utf8.makeIterator()
        var pending: UInt8? = nil
        while let byte = pending ?? utf8.next() {
            pending = nil
            switch byte {
            case 0x08: appendASCII("\\b", to: &out)
            case 0x09: appendASCII("\\t", to: &out)
            case 0x0A: appendASCII("\\n", to: &out)
            case 0x0C: appendASCII("\\f", to: &out)
            case 0x0D: appendASCII("\\r", to: &out)
            case 0x22: appendASCII("\\\"", to: &out)
            case 0x5C: appendASCII("\\\\", to: &out)
            case 0x00...0x1F, 0x7F:
                appendUnicodeEscape(UInt32(byte), to: &out)
            case 0xC2:
                // U+0080–U+009F are encoded as C2 80 … C2 9F.
                guard let next = utf8.next() else {
                    out.append(byte)
                    break
                }
                if next >= 0x80 && next <= 0x9F {
                    appendUnicodeEscape(UInt32(next), to: &out)
                } else {
                    out.append(byte)
                    pending = next
                }
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The length in Unicode scalars of `appendQuoted(value)`'s output.
    static func quotedLength(_ value: String) -> Int {
        var length = 2
        var previousWasC2 = false
        for byte in value.utf8 {
            switch byte {
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x22, 0x5C: length += 2
            case 0x00...0x1F, 0x7F: length += 6
            case 0x80...0x9F where previousWasC2:
                // The C2 lead byte already counted one scalar; the escape is six.
                length += 5
            case 0x80...0xBF: break
            default: length += 1
            }
            previousWasC2 = byte == 0xC2
        }
        return length
    }

    /// The text of `value` printed as a block string (`"""..."""`), with graphql-js's rules for
    /// when to put the content on its own lines. `minimize` keeps it on one line where possible.
    /// Newlines in the result are plain LF; the caller indents the lines after them.
    static func blockBytes(_ value: String, minimize: Bool = false) -> [UInt8] {
        let raw = Array(value.utf8)
        var escaped: [UInt8] = []
        escaped.reserveCapacity(raw.count + 8)
        // `"""` becomes `\"""`, scanning left to right without overlaps like str.replace.
        var index = 0
        while index < raw.count {
            if raw[index] == quote, index + 2 < raw.count, raw[index + 1] == quote, raw[index + 2] == quote {
                escaped.append(backslash)
                escaped.append(contentsOf: [quote, quote, quote])
                index += 3
            } else {
                escaped.append(raw[index])
                index += 1
            }
        }

        // Lines are split on LF, CR and CRLF; every line after the first is checked for leading blanks.
        var isSingleLine = true
        var everyLaterLineIndented = true
        index = 0
        while index < escaped.count {
            let byte = escaped[index]
            if byte == lineFeed || byte == carriageReturn {
                isSingleLine = false
                if byte == carriageReturn, index + 1 < escaped.count, escaped[index + 1] == lineFeed { index += 1 }
                let next = index + 1
                if next < escaped.count {
                    let first = escaped[next]
                    if first != space && first != tab && first != lineFeed && first != carriageReturn {
                        everyLaterLineIndented = false
                    }
                }
            }
            index += 1
        }
        let forceLeadingNewLine = !isSingleLine && everyLaterLineIndented
        let hasTrailingTripleQuotes = escaped.count >= 4 && escaped[escaped.count - 4] == backslash
            && escaped[escaped.count - 3] == quote && escaped[escaped.count - 2] == quote && escaped[escaped.count - 1] == quote
        let hasTrailingQuote = raw.last == quote && !hasTrailingTripleQuotes
        let hasTrailingSlash = raw.last == backslash
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines = !minimize && (
            !isSingleLine || scalarCount(raw) > 70 || forceTrailingNewLine || forceLeadingNewLine || hasTrailingTripleQuotes
        )
        let skipLeadingNewLine = isSingleLine && (raw.first == space || raw.first == tab)

        var out: [UInt8] = []
        out.reserveCapacity(escaped.count + 8)
        out.append(contentsOf: [quote, quote, quote])
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { out.append(lineFeed) }
        out.append(contentsOf: escaped)
        if printAsMultipleLines || forceTrailingNewLine { out.append(lineFeed) }
        out.append(contentsOf: [quote, quote, quote])
        return out
    }

    /// The number of Unicode scalars in UTF-8 `bytes` (every byte that is not a continuation byte).
    static func scalarCount<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let space = UInt8(ascii: " ")
    private static let tab: UInt8 = 0x09
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func appendASCII(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// `\uXXXX` with upper-case hex digits, as graphql-js writes it.
    private static func appendUnicodeEscape(_ scalar: UInt32, to out: inout [UInt8]) {
        out.append(backslash)
        out.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)])
        }
    }
}
