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
        guard let layout = Layout(raw) else { return "" }
        if layout.firstNonEmpty == layout.lastNonEmpty && !unescape {
            // One line of text (the usual `"""\n  text\n  """` description): no copy needed.
            let start = layout.contentStart(line: layout.firstNonEmpty, start: layout.firstStart, end: layout.lastEnd)
            return String(decoding: UnsafeBufferPointer(rebasing: raw[start..<layout.lastEnd]), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: layout.lastEnd - layout.firstStart) { output in
            copyLines(raw, layout, unescape: unescape, into: output)
        }
    }

    /// The common indentation of the lines after the first, and the first and last lines that are
    /// not only white space (as line numbers and byte offsets).
    private struct Layout {
        var commonIndent = Int.max
        var firstNonEmpty = -1
        var lastNonEmpty = -1
        var firstStart = 0
        var lastEnd = 0

        /// Nil when every line is white space.
        init?(_ raw: UnsafeBufferPointer<UInt8>) {
            var lineIndex = 0
            var lineStart = 0
            while true {
                var offset = lineStart
                while offset < raw.count && (raw[offset] == 0x20 || raw[offset] == 0x09) { offset += 1 }
                let lineEnd = lineTerminator(in: raw, from: offset)
                if offset < lineEnd {
                    if firstNonEmpty < 0 { (firstNonEmpty, firstStart) = (lineIndex, lineStart) }
                    (lastNonEmpty, lastEnd) = (lineIndex, lineEnd)
                    if lineIndex != 0 && offset - lineStart < commonIndent { commonIndent = offset - lineStart }
                }
                guard lineEnd < raw.count else { break }
                lineStart = nextLineStart(in: raw, after: lineEnd)
                lineIndex += 1
            }
            guard firstNonEmpty >= 0 else { return nil }
        }

        /// Where line `line`'s text starts once dedented (the first line keeps its indentation).
        func contentStart(line: Int, start: Int, end: Int) -> Int {
            line == 0 || commonIndent == Int.max ? start : min(start + commonIndent, end)
        }
    }

    /// Copies the lines from the first to the last that is not only white space, dedented and
    /// joined with LF (`\"""` unescaped to `"""` with `unescape`); the number of bytes written.
    private static func copyLines(_ raw: UnsafeBufferPointer<UInt8>, _ layout: Layout, unescape: Bool, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let source = raw.baseAddress, let target = output.baseAddress else { return 0 }
        var written = 0
        func copy(_ range: Range<Int>) {
            (target + written).update(from: source + range.lowerBound, count: range.count)
            written += range.count
        }
        var index = layout.firstNonEmpty
        var start = layout.firstStart
        while index <= layout.lastNonEmpty {
            let end = lineTerminator(in: raw, from: start)
            let contentStart = layout.contentStart(line: index, start: start, end: end)
            if index != layout.firstNonEmpty {
                target[written] = 0x0A
                written += 1
            }
            var chunkStart = contentStart
            var offset = contentStart
            // `\"""` stands for `"""`: drop only the backslash.
            while unescape && offset + 3 < end {
                if raw[offset] == UInt8(ascii: "\\") && raw[offset + 1] == UInt8(ascii: "\"")
                    && raw[offset + 2] == UInt8(ascii: "\"") && raw[offset + 3] == UInt8(ascii: "\"") {
                    copy(chunkStart..<offset)
                    chunkStart = offset + 1
                    offset += 4
                } else {
                    offset += 1
                }
            }
            copy(chunkStart..<end)
            guard end < raw.count else { break }
            start = nextLineStart(in: raw, after: end)
            index += 1
        }
        return written
    }

    /// The start of the line after the terminator at `end` (CRLF counts as one).
    @inline(__always)
    private static func nextLineStart(in raw: UnsafeBufferPointer<UInt8>, after end: Int) -> Int {
        end + (raw[end] == 0x0D && end + 1 < raw.count && raw[end + 1] == 0x0A ? 2 : 1)
    }

    /// The offset of the first CR or LF at or after `offset`, or the end.
    @inline(__always)
    private static func lineTerminator(in raw: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        var position = offset
        while true {
            position = raw.skipPlainASCII(from: position, stoppingAt: 0x0A, 0x0D, 0x0A, 0x0D)
            if position >= raw.count || raw[position] == 0x0A || raw[position] == 0x0D { return position }
            position += 1 // a non-ASCII byte
        }
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
