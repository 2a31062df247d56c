/// Plain (unquoted) scalars. In block context they may continue on more-indented lines, which
/// are folded into one line; in flow context they also stop at `,[]{}`.
extension YAMLParser {
    /// Whether a plain scalar can start at `pos`: not an indicator, except `-`, `?`, `:` followed
    /// by a character that is not blank (and, in flow, not a flow indicator), as in `-1` or `:x`.
    func canStartPlain(flow: Bool) -> Bool {
        guard let byte = current else { return false }
        switch byte {
        case Byte.minus, Byte.question, Byte.colon:
            guard let next = self.byte(at: pos + 1), !isBlankOrEnd(pos + 1) else { return false }
            return !(flow && Byte.isFlowIndicator(next))
        case Byte.comma, Byte.leftBracket, Byte.rightBracket, Byte.leftBrace, Byte.rightBrace,
             Byte.hash, Byte.ampersand, Byte.asterisk, Byte.exclamation, Byte.pipe, Byte.greater,
             Byte.singleQuote, Byte.doubleQuote, Byte.percent, Byte.at, Byte.backtick,
             Byte.space, Byte.tab, Byte.lf:
            return false
        default:
            return true
        }
    }

    /// The plain text from `pos` to the end of this line's part of the scalar: up to `: `, ` #`,
    /// the line end (and flow indicators in flow). Trailing blanks are left unconsumed.
    mutating func scanPlainLine(flow: Bool) -> [UInt8] {
        let start = pos
        var end = pos
        while let byte = current {
            if byte == Byte.lf { break }
            if byte == Byte.colon {
                let next = self.byte(at: pos + 1)
                if isBlankOrEnd(pos + 1) || (flow && next.map(Byte.isFlowIndicator) == true) { break }
            }
            if byte == Byte.hash, pos > start, let previous = self.byte(at: pos - 1), Byte.isSpaceOrTab(previous) { break }
            if flow, Byte.isFlowIndicator(byte) { break }
            pos += 1
            if !Byte.isSpaceOrTab(byte) { end = pos }
        }
        pos = end
        return Array(bytes[start..<end])
    }

    /// The continuation lines (indented more than `parentIndent`) of a block plain scalar whose
    /// first line is `firstLine`. A continuation line holding `key: value` is bad indentation.
    mutating func continuePlainBlock(_ firstLine: [UInt8], parentIndent: Int) throws(YAMLError) -> [UInt8] {
        var text = firstLine
        while let next = lineAfterPlainText() {
            guard let indent = next.indent, indent > parentIndent, bytes[next.content] != Byte.hash,
                  !(indent == 0 && (isDocumentMarker(at: next.content, Byte.minus) || isDocumentMarker(at: next.content, Byte.dot)))
            else { break }
            pos = next.content
            let line = scanPlainLine(flow: false)
            if current == Byte.colon {
                throw error("bad indentation: this line continues the text above, but holds a 'key: value' pair", at: next.content)
            }
            appendLineFold(emptyLines: next.emptyLines, to: &text)
            text.append(contentsOf: line)
        }
        return text
    }

    /// A flow plain scalar, which may continue on the next lines.
    mutating func scanPlainFlow() -> [UInt8] {
        var text = scanPlainLine(flow: true)
        while let next = lineAfterPlainText() {
            let first = bytes[next.content]
            let endsScalar = first == Byte.hash || Byte.isFlowIndicator(first)
                || (first == Byte.colon && (isBlankOrEnd(next.content + 1) || byte(at: next.content + 1).map(Byte.isFlowIndicator) == true))
            guard !endsScalar else { break }
            pos = next.content
            appendLineFold(emptyLines: next.emptyLines, to: &text)
            text.append(contentsOf: scanPlainLine(flow: true))
        }
        return text
    }

    /// After a plain scalar's text on a line: when only blanks remain on that line, the next line
    /// with content: where the content starts, its indentation (nil when tabs are mixed into it)
    /// and the number of empty lines in between. `pos` does not move.
    private func lineAfterPlainText() -> (content: Int, indent: Int?, emptyLines: Int)? {
        var cursor = pos
        while let byte = byte(at: cursor), Byte.isSpaceOrTab(byte) { cursor += 1 }
        guard byte(at: cursor) == Byte.lf else { return nil }
        var emptyLines = -1
        var lineStart = cursor
        var spaces = 0
        repeat {
            emptyLines += 1
            lineStart = cursor + 1
            cursor = lineStart
            while byte(at: cursor) == Byte.space { cursor += 1 }
            spaces = cursor - lineStart
            while let byte = byte(at: cursor), Byte.isSpaceOrTab(byte) { cursor += 1 }
        } while byte(at: cursor) == Byte.lf
        guard byte(at: cursor) != nil else { return nil }
        return (cursor, cursor == lineStart + spaces ? spaces : nil, emptyLines)
    }
}
