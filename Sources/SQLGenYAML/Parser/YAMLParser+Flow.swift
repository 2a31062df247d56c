/// Flow collections: `[a, b]` and `{a: 1, b: [x]}`, nested, across lines, with trailing commas.
extension YAMLParser {
    /// `[` entries `]`; an entry may be a single pair (`[a: 1]`), read as a one-pair mapping.
    mutating func parseFlowSequence() throws(YAMLError) -> YAMLNode {
        var items: [YAMLNode] = []
        let start = try parseFlowEntries(closedBy: Byte.rightBracket) { (parser: inout YAMLParser) throws(YAMLError) in
            items.append(try parser.parseFlowSequenceEntry())
        }
        return .sequence(items, start)
    }

    /// `{` key (`:` value)? , ... `}`; a key without a value has a null value.
    mutating func parseFlowMapping() throws(YAMLError) -> YAMLNode {
        var pairs: [YAMLPair] = []
        var seen: [String: YAMLMark] = [:]
        let start = try parseFlowEntries(closedBy: Byte.rightBrace) { (parser: inout YAMLParser) throws(YAMLError) in
            let pair = try parser.parseFlowMappingEntry()
            try parser.checkUnique(pair.key, in: &seen)
            pairs.append(pair)
        }
        return .mapping(pairs, start)
    }

    /// What sequences and mappings share, from the opening bracket to the closing one: nesting,
    /// blanks, commas and the brackets. `entry` reads each entry; the result is the opening's mark.
    private mutating func parseFlowEntries(closedBy close: UInt8, _ entry: (inout YAMLParser) throws(YAMLError) -> Void) throws(YAMLError) -> YAMLMark {
        let start = pos
        try enterNesting(at: start)
        defer { depth -= 1 }
        pos += 1
        while try !consumeClosing(close, collectionStart: start) {
            try entry(&self)
            if try consumeEntryEnd(close, collectionStart: start) { break }
        }
        return mark(start)
    }

    private mutating func parseFlowSequenceEntry() throws(YAMLError) -> YAMLNode {
        let item = try parseFlowNode(asKey: false)
        try skipFlowSpace()
        guard current == Byte.colon else { return item }
        guard item.pairs == nil, item.items == nil else {
            throw error("lists and mappings cannot be used as mapping keys", at: item.mark.offset)
        }
        return .mapping([YAMLPair(key: asKey(item), value: try parseFlowValue(before: Byte.rightBracket))], item.mark)
    }

    private mutating func parseFlowMappingEntry() throws(YAMLError) -> YAMLPair {
        if current == Byte.leftBracket || current == Byte.leftBrace {
            throw error("lists and mappings cannot be used as mapping keys", at: pos)
        }
        if current == Byte.colon, isBlankOrEnd(pos + 1) || self.byte(at: pos + 1).map(Byte.isFlowIndicator) == true {
            throw error("missing key before ':'", at: pos)
        }
        let key = try parseFlowNode(asKey: true)
        try skipFlowSpace()
        let value = current == Byte.colon ? try parseFlowValue(before: Byte.rightBrace) : .null(mark(pos))
        return YAMLPair(key: key, value: value)
    }

    /// At a key's `:`: the value after it (null when the entry ends there), then past blanks and comments.
    private mutating func parseFlowValue(before close: UInt8) throws(YAMLError) -> YAMLNode {
        pos += 1
        try skipFlowSpace()
        let value = current == Byte.comma || current == close ? .null(mark(pos)) : try parseFlowNode(asKey: false)
        try skipFlowSpace()
        return value
    }

    /// Before an entry (after the opening bracket or a comma): past blanks and comments, the
    /// closing bracket (consumed; true) or the entry's first byte (false).
    private mutating func consumeClosing(_ close: UInt8, collectionStart: Int) throws(YAMLError) -> Bool {
        try skipFlowSpace()
        guard let next = current else { throw unterminated(close, collectionStart: collectionStart) }
        guard next == close else { return false }
        pos += 1
        return true
    }

    /// After an entry: `,` (more may follow; false) or the closing bracket (true).
    private mutating func consumeEntryEnd(_ close: UInt8, collectionStart: Int) throws(YAMLError) -> Bool {
        guard let next = current else { throw unterminated(close, collectionStart: collectionStart) }
        guard next == Byte.comma || next == close else {
            throw error("expected ',' or '\(Self.closeText(close))' in a \(Self.collectionName(close)), found \(describe(pos))", at: pos)
        }
        pos += 1
        return next == close
    }

    private func unterminated(_ close: UInt8, collectionStart: Int) -> YAMLError {
        error("unterminated \(Self.collectionName(close)): missing '\(Self.closeText(close))'", at: collectionStart)
    }

    private static func collectionName(_ close: UInt8) -> String { close == Byte.rightBracket ? "flow sequence" : "flow mapping" }
    private static func closeText(_ close: UInt8) -> String { close == Byte.rightBracket ? "]" : "}" }

    /// One value inside a flow collection. Keys stay scalars even when they spell `null`.
    private mutating func parseFlowNode(asKey: Bool) throws(YAMLError) -> YAMLNode {
        let start = pos
        if let unsupported = unsupportedFeature(at: start) { throw unsupported }
        switch current {
        case Byte.leftBracket?:
            return try parseFlowSequence()
        case Byte.leftBrace?:
            return try parseFlowMapping()
        case Byte.doubleQuote?:
            return .scalar(YAMLScalar(try scanDoubleQuoted(), style: .doubleQuoted), mark(start))
        case Byte.singleQuote?:
            return .scalar(YAMLScalar(try scanSingleQuoted(), style: .singleQuoted), mark(start))
        default:
            guard canStartPlain(flow: true) else { throw unexpected(at: start) }
            let text = scanPlainFlow()
            if asKey {
                return .scalar(YAMLScalar(String(decoding: text, as: UTF8.self), style: .plain), mark(start))
            }
            return plainNode(text, at: start)
        }
    }

    /// A null key (`[~: x]`) is kept as the scalar text it was written as.
    private func asKey(_ node: YAMLNode) -> YAMLNode {
        guard case .null(let mark) = node else { return node }
        let end = bytes[mark.offset...].firstIndex { $0 == Byte.colon || Byte.isSpaceOrTab($0) || $0 == Byte.lf } ?? bytes.count
        return .scalar(YAMLScalar(String(decoding: bytes[mark.offset..<end], as: UTF8.self), style: .plain), mark)
    }

    /// Blanks, line breaks and comments between flow tokens.
    private mutating func skipFlowSpace() throws(YAMLError) {
        while let byte = current {
            if byte == Byte.space || byte == Byte.tab || byte == Byte.lf {
                pos += 1
            } else if byte == Byte.hash {
                guard let previous = self.byte(at: pos - 1), previous == Byte.space || previous == Byte.tab || previous == Byte.lf else {
                    throw error("a comment must be separated from the text before it by a space", at: pos)
                }
                skipToLineEnd()
            } else {
                return
            }
        }
    }
}
