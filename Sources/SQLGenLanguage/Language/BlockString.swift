/// Block string semantics (GraphQL spec, section 2.9.4, "BlockStringValue()"), shared by the lexer
/// and the printer.
public enum BlockString {
    /// BlockStringValue(rawValue) on lines already split at line terminators: removes the common
    /// indentation (spaces and tabs) of every line but the first, then leading and trailing lines
    /// that hold only white space.
    public static func dedentBlockStringLines(_ lines: [String]) -> [String] {
        var commonIndent = Int.max
        var firstNonEmpty: Int?
        var lastNonEmpty = -1
        for (index, line) in lines.enumerated() {
            let indent = leadingWhiteSpace(line.utf8)
            if indent == line.utf8.count { continue }
            if firstNonEmpty == nil { firstNonEmpty = index }
            lastNonEmpty = index
            if index != 0 && indent < commonIndent { commonIndent = indent }
        }
        guard let first = firstNonEmpty else { return [] }
        return (first...lastNonEmpty).map { index in
            let line = lines[index]
            guard index != 0, commonIndent != Int.max else { return line }
            return String(decoding: line.utf8.dropFirst(commonIndent), as: UTF8.self)
        }
    }

    /// The value of a block string whose text between the `"""` delimiters is `raw`: `\"""`
    /// unescaped, lines split at CR, LF or CRLF, dedented, and joined with LF.
    public static func value(ofRaw raw: String) -> String {
        var bytes = Array(raw.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            value(ofRaw: UnsafeBufferPointer(buffer), unescape: true)
        }
    }

    /// The byte version of `value(ofRaw:)` the lexer uses; `unescape` false skips the search for `\"""`.
    static func value(ofRaw raw: UnsafeBufferPointer<UInt8>, unescape: Bool) -> String {
        // One pass to find the lines (byte ranges of `raw`) and the common indentation.
        var lines: [Range<Int>] = []
        var commonIndent = Int.max
        var firstNonEmpty = -1
        var lastNonEmpty = -1
        var lineStart = 0
        var offset = 0
        let count = raw.count
        func endLine(_ end: Int) {
            let index = lines.count
            var indent = lineStart
            while indent < end && (raw[indent] == 0x20 || raw[indent] == 0x09) { indent += 1 }
            if indent < end {
                if firstNonEmpty < 0 { firstNonEmpty = index }
                lastNonEmpty = index
                if index != 0 && indent - lineStart < commonIndent { commonIndent = indent - lineStart }
            }
            lines.append(lineStart..<end)
        }
        while offset < count {
            let byte = raw[offset]
            if byte == 0x0A {
                endLine(offset)
                offset += 1
                lineStart = offset
            } else if byte == 0x0D {
                endLine(offset)
                offset += offset + 1 < count && raw[offset + 1] == 0x0A ? 2 : 1
                lineStart = offset
            } else {
                offset += 1
            }
        }
        endLine(count)
        guard firstNonEmpty >= 0 else { return "" }

        var result: [UInt8] = []
        result.reserveCapacity(count)
        for index in firstNonEmpty...lastNonEmpty {
            if index != firstNonEmpty { result.append(0x0A) }
            var line = lines[index]
            if index != 0 && commonIndent != Int.max {
                line = min(line.lowerBound + commonIndent, line.upperBound)..<line.upperBound
            }
            appendLine(raw, line, unescape: unescape, to: &result)
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func appendLine(_ raw: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, unescape: Bool, to result: inout [UInt8]) {
        guard unescape else {
            result.append(contentsOf: UnsafeBufferPointer(rebasing: raw[line]))
            return
        }
        var offset = line.lowerBound
        var chunkStart = offset
        while offset < line.upperBound {
            if raw[offset] == UInt8(ascii: "\\") && offset + 3 < line.upperBound
                && raw[offset + 1] == UInt8(ascii: "\"") && raw[offset + 2] == UInt8(ascii: "\"") && raw[offset + 3] == UInt8(ascii: "\"") {
                result.append(contentsOf: UnsafeBufferPointer(rebasing: raw[chunkStart..<offset]))
                chunkStart = offset + 1 // drop only the backslash
                offset += 4
            } else {
                offset += 1
            }
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: raw[chunkStart..<line.upperBound]))
    }

    private static func leadingWhiteSpace(_ text: String.UTF8View) -> Int {
        var count = 0
        for byte in text {
            guard byte == 0x20 || byte == 0x09 else { break }
            count += 1
        }
        return count
    }
}
