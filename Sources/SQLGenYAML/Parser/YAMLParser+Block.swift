/// The document and block collections: indentation decides where mappings and lists end.
///
/// Convention: a block collection ends with `pos` at the start of the first line it does not own
/// (or at the end), and `nextContentLine()` is idempotent there, so every level can look at the
/// same line in turn.
extension YAMLParser {
    /// `---`? node (`...`)?, with only blank and comment lines around it.
    mutating func parseDocument() throws(YAMLError) -> YAMLNode {
        var root: YAMLNode?
        var emptyMark = mark(0)
        if let indent = try nextContentLine() {
            let start = pos + indent
            if indent == 0, current == Byte.percent {
                throw error("directives ('%YAML', '%TAG') are not supported", at: start)
            }
            if indent == 0, isDocumentMarker(at: start, Byte.minus) {
                pos = start + 3
                emptyMark = mark(pos)
                documentStarted = true
                skipSpacesAndTabs()
                if let byte = current, byte != Byte.lf, byte != Byte.hash {
                    root = try parseValue(parentIndent: -1, compact: false, emptyAt: start + 3)
                }
            }
        }
        // From here `---` starts a second document and `...` ends this one (even an empty one).
        documentStarted = true
        if root == nil {
            if let indent = try nextContentLine() {
                pos += indent
                root = try parseBlockNode(indent: indent, parentIndent: -1)
            } else {
                root = .null(emptyMark)
            }
        }
        if let indent = try nextContentLine() {
            throw error("unexpected content after the end of the top-level value; check the indentation", at: pos + indent)
        }
        return root ?? .null(emptyMark)
    }

    /// `---` or `...` at the start of a line, followed by a blank or the end.
    func isDocumentMarker(at offset: Int, _ marker: UInt8) -> Bool {
        guard offset == lineStart(of: offset) else { return false }
        return byte(at: offset) == marker && byte(at: offset + 1) == marker && byte(at: offset + 2) == marker
            && isBlankOrEnd(offset + 3)
    }

    /// Skips what is left of the current line (only blanks and a comment may be there) and every
    /// blank or comment line after it. Returns the indentation of the next line with content,
    /// leaving `pos` at that line's start, or nil at the end of the document.
    mutating func nextContentLine() throws(YAMLError) -> Int? {
        var atLineStart = pos == 0 || byte(at: pos - 1) == Byte.lf
        while true {
            if atLineStart {
                let start = pos
                var cursor = pos
                while byte(at: cursor) == Byte.space { cursor += 1 }
                let indent = cursor - start
                var contentStart = cursor
                while let byte = byte(at: contentStart), Byte.isSpaceOrTab(byte) { contentStart += 1 }
                guard let first = byte(at: contentStart) else {
                    pos = bytes.count
                    return nil
                }
                if first == Byte.lf {
                    pos = contentStart + 1
                    continue
                }
                if first == Byte.hash {
                    pos = contentStart
                    skipToLineEnd()
                    atLineStart = false
                    continue
                }
                if contentStart != cursor {
                    throw error("tabs are not allowed for indentation; use spaces", at: cursor)
                }
                if indent == 0, documentStarted {
                    if isDocumentMarker(at: start, Byte.minus) {
                        throw error("multiple documents are not supported", at: start)
                    }
                    if isDocumentMarker(at: start, Byte.dot) {
                        pos = start + 3
                        try expectOnlyCommentsAfterDocumentEnd()
                        return nil
                    }
                }
                pos = start
                return indent
            }
            skipSpacesAndTabs()
            guard let byte = current else { return nil }
            if byte == Byte.lf {
                pos += 1
                atLineStart = true
                continue
            }
            if byte == Byte.hash, pos > 0, let previous = self.byte(at: pos - 1), Byte.isSpaceOrTab(previous) {
                skipToLineEnd()
                continue
            }
            if byte == Byte.hash {
                throw error("a comment must be separated from the text before it by a space", at: pos)
            }
            throw error("expected the end of the line, found \(describe(pos))", at: pos)
        }
    }

    /// After `...` only comments and blank lines may follow (a second document is not supported).
    private mutating func expectOnlyCommentsAfterDocumentEnd() throws(YAMLError) {
        documentStarted = false
        defer { documentStarted = true }
        if let indent = try nextContentLine() {
            throw error("multiple documents are not supported", at: pos + indent)
        }
        pos = bytes.count
    }

    /// A node starting on its own line at `indent` (pos at its first character).
    mutating func parseBlockNode(indent: Int, parentIndent: Int) throws(YAMLError) -> YAMLNode {
        if current == Byte.minus, isBlankOrEnd(pos + 1) {
            return try parseBlockSequence(indent: indent)
        }
        return try parseNodeOnLine(parentIndent: parentIndent, allowMapping: true)
    }

    /// `key: value` lines at `indent`. The first key was read by the caller (pos is after it);
    /// the following keys start lines indented by `indent`.
    private mutating func parseBlockMapping(indent: Int, firstKey: YAMLNode) throws(YAMLError) -> YAMLNode {
        try enterNesting(at: firstKey.mark.offset)
        defer { depth -= 1 }
        var pairs: [YAMLPair] = []
        var seen: [String: YAMLMark] = [:]
        var key = firstKey
        while true {
            skipSpacesAndTabs()
            guard current == Byte.colon, isBlankOrEnd(pos + 1) else {
                throw error("expected ':' after the key \"\(key.text ?? "")\"", at: pos)
            }
            try checkUnique(key, in: &seen)
            pos += 1
            let value = try parseValue(parentIndent: indent, compact: false, emptyAt: pos)
            pairs.append(YAMLPair(key: key, value: value))
            guard let next = try nextContentLine(), next >= indent else { break }
            if next > indent {
                throw error("bad indentation: expected a key at column \(indent + 1), like the key above", at: pos + next)
            }
            pos += next
            key = try parseMappingKey()
        }
        return .mapping(pairs, firstKey.mark)
    }

    /// Throws for a key already in the mapping (`seen` maps key text to its first place).
    func checkUnique(_ key: YAMLNode, in seen: inout [String: YAMLMark]) throws(YAMLError) {
        let name = key.text ?? ""
        if let first = seen[name] {
            throw YAMLError(message: "duplicate key \"\(name)\" (first defined at line \(first.line))", at: key.mark)
        }
        seen[name] = key.mark
    }

    /// A key at the start of a mapping line after the first: a plain or quoted scalar.
    private mutating func parseMappingKey() throws(YAMLError) -> YAMLNode {
        let start = pos
        if let unsupported = unsupportedFeature(at: start) { throw unsupported }
        switch current {
        case Byte.doubleQuote?, Byte.singleQuote?:
            return try singleLineKey(try parseQuoted(), start: start)
        case Byte.leftBracket?, Byte.leftBrace?:
            throw error("lists and mappings cannot be used as mapping keys", at: start)
        case Byte.minus? where isBlankOrEnd(start + 1):
            throw error("expected a mapping key, found a list item ('- ') at the indentation of a key", at: start)
        case Byte.colon? where isBlankOrEnd(start + 1):
            throw error("missing key before ':'", at: start)
        default:
            guard canStartPlain(flow: false) else { throw unexpected(at: start) }
            return .scalar(YAMLScalar(String(decoding: scanPlainLine(flow: false), as: UTF8.self), style: .plain), mark(start))
        }
    }

    /// A quoted key must not span lines.
    private func singleLineKey(_ key: YAMLNode, start: Int) throws(YAMLError) -> YAMLNode {
        if bytes[start..<pos].contains(Byte.lf) {
            throw error("a mapping key must be on a single line", at: start)
        }
        return key
    }

    /// A `'...'` or `"..."` scalar at `pos`.
    private mutating func parseQuoted() throws(YAMLError) -> YAMLNode {
        let start = pos
        if current == Byte.doubleQuote {
            return .scalar(YAMLScalar(try scanDoubleQuoted(), style: .doubleQuoted), mark(start))
        }
        return .scalar(YAMLScalar(try scanSingleQuoted(), style: .singleQuoted), mark(start))
    }

    /// `- item` lines at `indent`; the first `-` is at `pos`.
    mutating func parseBlockSequence(indent: Int) throws(YAMLError) -> YAMLNode {
        let start = pos
        try enterNesting(at: start)
        defer { depth -= 1 }
        var items: [YAMLNode] = []
        while true {
            let dash = pos
            pos += 1
            items.append(try parseValue(parentIndent: indent, compact: true, emptyAt: dash))
            guard let next = try nextContentLine(), next >= indent else { break }
            let content = pos + next
            if next > indent {
                throw error("bad indentation: expected '- ' at column \(indent + 1), like the item above", at: content)
            }
            guard byte(at: content) == Byte.minus, isBlankOrEnd(content + 1) else { break }
            pos = content
        }
        return .sequence(items, mark(start))
    }

    /// The value after `key:` or `- ` (pos just after the indicator). `compact` allows what may
    /// follow `- ` on the same line: a nested list or a mapping (`- name: x`).
    /// `emptyAt` is where an empty value is reported.
    mutating func parseValue(parentIndent: Int, compact: Bool, emptyAt: Int) throws(YAMLError) -> YAMLNode {
        skipSpacesAndTabs()
        if current == nil || current == Byte.lf || current == Byte.hash {
            guard let next = try nextContentLine() else { return .null(mark(emptyAt)) }
            let content = pos + next
            if next > parentIndent {
                pos = content
                return try parseBlockNode(indent: next, parentIndent: parentIndent)
            }
            // A list may sit at the same indentation as its key.
            if next == parentIndent, !compact, byte(at: content) == Byte.minus, isBlankOrEnd(content + 1) {
                pos = content
                return try parseBlockSequence(indent: next)
            }
            return .null(mark(emptyAt))
        }
        if current == Byte.minus, isBlankOrEnd(pos + 1) {
            guard compact else {
                throw error("a list cannot start on the same line as its key; put each '- ' item on its own line", at: pos)
            }
            return try parseBlockSequence(indent: indentation(of: pos))
        }
        return try parseNodeOnLine(parentIndent: parentIndent, allowMapping: compact)
    }

    /// A scalar, flow collection or block scalar starting at `pos`, or, when `allowMapping` and
    /// the scalar is followed by `: `, a block mapping whose first key it is. Each value is read
    /// once: the decision comes after it.
    mutating func parseNodeOnLine(parentIndent: Int, allowMapping: Bool) throws(YAMLError) -> YAMLNode {
        let start = pos
        if let unsupported = unsupportedFeature(at: start) { throw unsupported }
        let head: YAMLNode
        var plainFirstLine: [UInt8]?
        switch current {
        case Byte.doubleQuote?, Byte.singleQuote?:
            head = try parseQuoted()
        case Byte.leftBracket?:
            head = try parseFlowSequence()
        case Byte.leftBrace?:
            head = try parseFlowMapping()
        case Byte.pipe?, Byte.greater?:
            return try parseBlockScalar(parentIndent: parentIndent)
        case Byte.colon? where isBlankOrEnd(start + 1):
            throw error("missing key before ':'", at: start)
        default:
            guard canStartPlain(flow: false) else { throw unexpected(at: start) }
            let line = scanPlainLine(flow: false)
            plainFirstLine = line
            head = .scalar(YAMLScalar(String(decoding: line, as: UTF8.self), style: .plain), mark(start))
        }
        let headEnd = pos
        skipSpacesAndTabs()
        if current == Byte.colon, isBlankOrEnd(pos + 1) {
            guard allowMapping else {
                throw error("a nested mapping cannot start on the same line as its key; start it on the next line", at: start)
            }
            guard head.scalar != nil else {
                throw error("lists and mappings cannot be used as mapping keys", at: start)
            }
            let key = try singleLineKey(head, start: start)
            return try parseBlockMapping(indent: indentation(of: start), firstKey: key)
        }
        pos = headEnd
        guard let plainFirstLine else { return head }
        return plainNode(try continuePlainBlock(plainFirstLine, parentIndent: parentIndent), at: start)
    }
}
