/// Single- and double-quoted scalars. Both may span lines: a line break folds to a space, and
/// each empty line to a line feed; blanks around the break are dropped.
extension YAMLParser {
    /// `'...'` with `''` for a quote. `pos` is at the opening quote and ends after the closing one.
    mutating func scanSingleQuoted() throws(YAMLError) -> String {
        try scanQuoted(Byte.singleQuote)
    }

    /// `"..."` with YAML's escapes (`\n`, `\t`, `\"`, `\\`, `\/`, `\0`, `\a`, `\b`, `\e`, `\f`,
    /// `\r`, `\v`, `\ `, `\N`, `\_`, `\L`, `\P`, `\xXX`, `\uXXXX`, `\UXXXXXXXX`, escaped line breaks).
    mutating func scanDoubleQuoted() throws(YAMLError) -> String {
        try scanQuoted(Byte.doubleQuote)
    }

    /// The body of a quoted scalar up to the matching `quote`. Blanks are held back until
    /// something follows them on the same line, so blanks before a line break are dropped.
    private mutating func scanQuoted(_ quote: UInt8) throws(YAMLError) -> String {
        let start = pos
        pos += 1
        var text: [UInt8] = []
        var pendingBlanks: [UInt8] = []
        while true {
            guard let byte = current else {
                let kind = quote == Byte.doubleQuote ? "double-quoted string: missing closing \"" : "single-quoted string: missing closing '"
                throw error("unterminated \(kind)", at: start)
            }
            if byte == Byte.space || byte == Byte.tab {
                pendingBlanks.append(byte)
                pos += 1
                continue
            }
            if byte == Byte.lf {
                pendingBlanks.removeAll()
                foldLineBreak(into: &text)
                continue
            }
            text.append(contentsOf: pendingBlanks)
            pendingBlanks.removeAll()
            if byte == quote {
                if quote == Byte.singleQuote, self.byte(at: pos + 1) == Byte.singleQuote {
                    text.append(Byte.singleQuote)
                    pos += 2
                    continue
                }
                pos += 1
                return String(decoding: text, as: UTF8.self)
            }
            if quote == Byte.doubleQuote, byte == Byte.backslash {
                try scanEscape(into: &text, quoteStart: start)
                continue
            }
            text.append(byte)
            pos += 1
        }
    }

    /// At a line break inside quotes: one break becomes a space, each further empty line a `\n`.
    private mutating func foldLineBreak(into text: inout [UInt8]) {
        var emptyLines = 0
        pos += 1
        skipSpacesAndTabs()
        while current == Byte.lf {
            emptyLines += 1
            pos += 1
            skipSpacesAndTabs()
        }
        appendLineFold(emptyLines: emptyLines, to: &text)
    }

    private mutating func scanEscape(into text: inout [UInt8], quoteStart: Int) throws(YAMLError) {
        let escapeStart = pos
        guard let code = byte(at: pos + 1) else {
            throw error("unterminated double-quoted string: missing closing \"", at: quoteStart)
        }
        pos += 2
        let simple: UInt32?
        switch code {
        case UInt8(ascii: "0"): simple = 0x00
        case UInt8(ascii: "a"): simple = 0x07
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"), Byte.tab: simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "v"): simple = 0x0B
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "e"): simple = 0x1B
        case Byte.space: simple = 0x20
        case Byte.doubleQuote: simple = 0x22
        case UInt8(ascii: "/"): simple = 0x2F
        case Byte.backslash: simple = 0x5C
        case UInt8(ascii: "N"): simple = 0x85
        case UInt8(ascii: "_"): simple = 0xA0
        case UInt8(ascii: "L"): simple = 0x2028
        case UInt8(ascii: "P"): simple = 0x2029
        case UInt8(ascii: "x"): simple = try hexValue(digits: 2, escapeStart: escapeStart)
        case UInt8(ascii: "U"): simple = try hexValue(digits: 8, escapeStart: escapeStart)
        case UInt8(ascii: "u"):
            var value = try hexValue(digits: 4, escapeStart: escapeStart)
            // A UTF-16 surrogate pair written as two escapes, as JSON does.
            if (0xD800...0xDBFF).contains(value), byte(at: pos) == Byte.backslash, byte(at: pos + 1) == UInt8(ascii: "u") {
                let lowStart = pos
                pos += 2
                let low = try hexValue(digits: 4, escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("invalid escape: a high surrogate must be followed by a low surrogate", at: escapeStart)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            simple = value
        case Byte.lf:
            // An escaped line break joins the lines without a space.
            skipSpacesAndTabs()
            while current == Byte.lf {
                text.append(Byte.lf)
                pos += 1
                skipSpacesAndTabs()
            }
            simple = nil
        default:
            throw error("invalid escape sequence \\\(describeEscape(code))", at: escapeStart)
        }
        guard let value = simple else { return }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("invalid escape: U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value", at: escapeStart)
        }
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func hexValue(digits: Int, escapeStart: Int) throws(YAMLError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = current, YAMLScalar.isHexDigit(byte) else {
                throw error("invalid escape: expected \(digits) hexadecimal digits", at: escapeStart)
            }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: digit = byte - 0x61 + 10
            }
            value = value << 4 | UInt32(digit)
            pos += 1
        }
        return value
    }

    private func describeEscape(_ code: UInt8) -> String {
        (0x21...0x7E).contains(code) ? String(Character(Unicode.Scalar(code))) : "(U+\(String(code, radix: 16, uppercase: true)))"
    }
}
