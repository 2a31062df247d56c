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

    /// A block plain scalar with its continuation lines (indented more than `parentIndent`).
    /// A continuation line holding `key: value` is reported as bad indentation.
    mutating func scanPlainBlock(parentIndent: Int) throws(YAMLError) -> [UInt8] {
        var text = scanPlainLine(flow: false)
        while true {
            let saved = pos
            skipSpacesAndTabs()
            guard current == Byte.lf else {
                pos = saved
                break
            }
            var cursor = pos
            var emptyLines = 0
            var lineStart = cursor + 1
            var indent = 0
            while true {
                cursor += 1
                lineStart = cursor
                while byte(at: cursor) == Byte.space { cursor += 1 }
                indent = cursor - lineStart
                while let byte = byte(at: cursor), Byte.isSpaceOrTab(byte) { cursor += 1 }
                if byte(at: cursor) == Byte.lf {
                    emptyLines += 1
                    continue
                }
                break
            }
            guard let first = byte(at: cursor), indent > parentIndent, first != Byte.hash,
                  cursor == lineStart + indent,
                  !(indent == 0 && (isDocumentMarker(at: lineStart, Byte.minus) || isDocumentMarker(at: lineStart, Byte.dot)))
            else {
                pos = saved
                break
            }
            pos = cursor
            let line = scanPlainLine(flow: false)
            if current == Byte.colon {
                throw error("bad indentation: this line continues the text above, but holds a 'key: value' pair", at: cursor)
            }
            if line.isEmpty {
                pos = saved
                break
            }
            if emptyLines == 0 {
                text.append(Byte.space)
            } else {
                text.append(contentsOf: repeatElement(Byte.lf, count: emptyLines))
            }
            text.append(contentsOf: line)
        }
        return text
    }

    /// A flow plain scalar, which may continue on the next lines.
    mutating func scanPlainFlow() -> [UInt8] {
        var text = scanPlainLine(flow: true)
        while true {
            let saved = pos
            skipSpacesAndTabs()
            guard current == Byte.lf else {
                pos = saved
                break
            }
            var emptyLines = 0
            while current == Byte.lf {
                pos += 1
                skipSpacesAndTabs()
                if current == Byte.lf { emptyLines += 1 }
            }
            guard let first = current, first != Byte.hash, !Byte.isFlowIndicator(first),
                  !(first == Byte.colon && (isBlankOrEnd(pos + 1) || byte(at: pos + 1).map(Byte.isFlowIndicator) == true))
            else {
                pos = saved
                break
            }
            let line = scanPlainLine(flow: true)
            if line.isEmpty {
                pos = saved
                break
            }
            if emptyLines == 0 {
                text.append(Byte.space)
            } else {
                text.append(contentsOf: repeatElement(Byte.lf, count: emptyLines))
            }
            text.append(contentsOf: line)
        }
        return text
    }
}
