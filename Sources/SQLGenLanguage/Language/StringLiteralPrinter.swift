// How string values are written back as GraphQL literals, following graphql-js's `printString`
// and `printBlockString` (graphql-core 3.3.2 `print_string`, `print_block_string`).
// Everything works on UTF-8 bytes; "length" always means Unicode scalars, which is what
// graphql-core's `len()` counts when the printer decides whether a line is too long.

enum StringLiteralPrinter {
    /// Appends `value` as a quoted string literal (`"..."`) with graphql-js's escapes:
    /// C0 controls, `"`, `\`, DEL and the C1 controls U+0080–U+009F.
    static func appendQuoted(_ value: String, to out: inout [UInt8]) {
        out.append(quote)
        withUTF8(value) { bytes in
            // Plain runs are copied whole; only the bytes that need an escape are looked at.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let isC1 = byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] >= 0x80 && bytes[index + 1] <= 0x9F
                guard byte < 0x20 || byte == quote || byte == backslash || byte == 0x7F || isC1 else {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case 0x08: appendASCII("\\b", to: &out)
                case 0x09: appendASCII("\\t", to: &out)
                case 0x0A: appendASCII("\\n", to: &out)
                case 0x0C: appendASCII("\\f", to: &out)
                case 0x0D: appendASCII("\\r", to: &out)
                case quote: appendASCII("\\\"", to: &out)
                case backslash: appendASCII("\\\\", to: &out)
                case 0xC2:
                    // U+0080–U+009F are encoded as C2 80 … C2 9F.
                    index += 1
                    appendUnicodeEscape(UInt32(bytes[index]), to: &out)
                default:
                    appendUnicodeEscape(UInt32(byte), to: &out)
                }
                index += 1
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(quote)
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

    /// Appends `value` as a block string (`"""..."""`) with graphql-js's rules for when the content
    /// goes on its own lines; `minimize` keeps it on one line where possible. Every line feed is
    /// followed by `indentation` levels of two spaces, as in an indented block.
    static func appendBlock(_ value: String, minimize: Bool = false, indentation: Int = 0, to out: inout [UInt8]) {
        let layout = BlockStringLayout(value, minimize: minimize)
        appendTripleQuote(to: &out)
        if layout.leadingNewline { appendNewline(indentation, to: &out) }
        withUTF8(value) { bytes in
            // Plain runs are copied whole. `"""` becomes `\"""`, replacing left to right without
            // overlaps like `str.replace`; a line feed is followed by the indentation.
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == lineFeed {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    appendNewline(indentation, to: &out)
                    index += 1
                    runStart = index
                } else if byte == quote, index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    out.append(backslash)
                    appendTripleQuote(to: &out)
                    index += 3
                    runStart = index
                } else {
                    index += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        if layout.trailingNewline { appendNewline(indentation, to: &out) }
        appendTripleQuote(to: &out)
    }

    /// The length in Unicode scalars of `appendBlock(value)`'s output (unindented), and whether it
    /// has a line feed.
    static func blockExtent(_ value: String) -> (length: Int, multiline: Bool) {
        let layout = BlockStringLayout(value, minimize: false)
        let length = 6 + layout.escapedScalarCount + (layout.leadingNewline ? 1 : 0) + (layout.trailingNewline ? 1 : 0)
        return (length, layout.leadingNewline || layout.trailingNewline || layout.hasLineFeed)
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

    /// Runs `body` on the UTF-8 bytes of `value` (native strings are already contiguous: no copy).
    static func withUTF8<Result>(_ value: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var value = value
        return value.withUTF8(body)
    }

    private static func appendTripleQuote(to out: inout [UInt8]) {
        out.append(quote)
        out.append(quote)
        out.append(quote)
    }

    private static func appendNewline(_ indentation: Int, to out: inout [UInt8]) {
        out.append(lineFeed)
        for _ in 0..<indentation {
            out.append(space)
            out.append(space)
        }
    }

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

/// graphql-js `printBlockString`'s decisions for one value, found in a single pass over its bytes.
struct BlockStringLayout {
    /// A line feed after the opening `"""`.
    var leadingNewline: Bool
    /// A line feed before the closing `"""`.
    var trailingNewline: Bool
    /// Scalars of the content once each `"""` is escaped as `\"""`.
    var escapedScalarCount: Int
    var hasLineFeed: Bool

    init(_ value: String, minimize: Bool) {
        self = StringLiteralPrinter.withUTF8(value) { BlockStringLayout(utf8: $0, minimize: minimize) }
    }

    init(utf8 bytes: UnsafeBufferPointer<UInt8>, minimize: Bool) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let space = UInt8(ascii: " "), tab: UInt8 = 0x09, lineFeed: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
        var scalars = 0
        var escapes = 0
        var quoteRun = 0
        var isSingleLine = true
        var everyLaterLineIndented = true
        var hasLineFeed = false
        // After a line terminator: the next byte starts a line (a CR directly followed by LF is one terminator).
        var atLineStart = false
        var previous: UInt8 = 0
        for byte in bytes {
            if atLineStart && !(previous == carriageReturn && byte == lineFeed) {
                if byte != space && byte != tab && byte != lineFeed && byte != carriageReturn {
                    everyLaterLineIndented = false
                }
                atLineStart = false
            }
            if byte == lineFeed || byte == carriageReturn {
                isSingleLine = false
                atLineStart = true
                if byte == lineFeed { hasLineFeed = true }
            }
            if byte & 0xC0 != 0x80 { scalars += 1 }
            if byte == quote {
                quoteRun += 1
            } else {
                escapes += quoteRun / 3
                quoteRun = 0
            }
            previous = byte
        }
        escapes += quoteRun / 3
        // The escaped text ends with `\"""` exactly when the value ends with a run of 3n quotes.
        let hasTrailingTripleQuotes = quoteRun >= 3 && quoteRun % 3 == 0
        let first = bytes.first, last = bytes.last
        let hasTrailingQuote = last == quote && !hasTrailingTripleQuotes
        let forceTrailingNewline = hasTrailingQuote || last == backslash
        let forceLeadingNewline = !isSingleLine && everyLaterLineIndented
        let printAsMultipleLines = !minimize && (
            !isSingleLine || scalars > 70 || forceTrailingNewline || forceLeadingNewline || hasTrailingTripleQuotes
        )
        let skipLeadingNewline = isSingleLine && (first == space || first == tab)
        leadingNewline = (printAsMultipleLines && !skipLeadingNewline) || forceLeadingNewline
        trailingNewline = printAsMultipleLines || forceTrailingNewline
        escapedScalarCount = scalars + escapes
        self.hasLineFeed = hasLineFeed
    }
}
