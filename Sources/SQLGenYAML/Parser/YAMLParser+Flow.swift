/// Flow collections: `[a, b]` and `{a: 1, b: [x]}`, nested, across lines, with trailing commas.
extension YAMLParser {
    /// `[` entries `]`; an entry may be a single pair (`[a: 1]`), read as a one-pair mapping.
    mutating func parseFlowSequence() throws(YAMLError) -> YAMLNode {
        let start = pos
        try enterNesting(at: start)
        defer { depth -= 1 }
        pos += 1
        var items: [YAMLNode] = []
        while true {
            try skipFlowSpace()
            guard let byte = current else {
                throw error("unterminated flow sequence: missing ']'", at: start)
            }
            if byte == Byte.rightBracket {
                pos += 1
                break
            }
            var item = try parseFlowNode(asKey: false)
            try skipFlowSpace()
            if current == Byte.colon {
                guard item.pairs == nil, item.items == nil else {
                    throw error("lists and mappings cannot be used as mapping keys", at: item.mark.offset)
                }
                pos += 1
                try skipFlowSpace()
                let value: YAMLNode
                if current == Byte.comma || current == Byte.rightBracket {
                    value = .null(mark(pos))
                } else {
                    value = try parseFlowNode(asKey: false)
                }
                item = .mapping([YAMLPair(key: asKey(item), value: value)], item.mark)
                try skipFlowSpace()
            }
            items.append(item)
            if try consumeEntryEnd(Byte.rightBracket, collectionStart: start) { break }
        }
        return .sequence(items, mark(start))
    }

    /// `{` key (`:` value)? , ... `}`; a key without a value has a null value.
    mutating func parseFlowMapping() throws(YAMLError) -> YAMLNode {
        let start = pos
        try enterNesting(at: start)
        defer { depth -= 1 }
        pos += 1
        var pairs: [YAMLPair] = []
        var seen: [String: YAMLMark] = [:]
        while true {
            try skipFlowSpace()
            guard let byte = current else {
                throw error("unterminated flow mapping: missing '}'", at: start)
            }
            if byte == Byte.rightBrace {
                pos += 1
                break
            }
            if byte == Byte.leftBracket || byte == Byte.leftBrace {
                throw error("lists and mappings cannot be used as mapping keys", at: pos)
            }
            if byte == Byte.colon, isBlankOrEnd(pos + 1) || self.byte(at: pos + 1).map(Byte.isFlowIndicator) == true {
                throw error("missing key before ':'", at: pos)
            }
            let key = try parseFlowNode(asKey: true)
            try skipFlowSpace()
            let value: YAMLNode
            if current == Byte.colon {
                pos += 1
                try skipFlowSpace()
                if current == Byte.comma || current == Byte.rightBrace {
                    value = .null(mark(pos))
                } else {
                    value = try parseFlowNode(asKey: false)
                }
                try skipFlowSpace()
            } else {
                value = .null(mark(pos))
            }
            try checkUnique(key, in: &seen)
            pairs.append(YAMLPair(key: key, value: value))
            if try consumeEntryEnd(Byte.rightBrace, collectionStart: start) { break }
        }
        return .mapping(pairs, mark(start))
    }

    /// After an entry: `,` (more may follow; false) or the closing bracket (true).
    private mutating func consumeEntryEnd(_ close: UInt8, collectionStart: Int) throws(YAMLError) -> Bool {
        let kind = close == Byte.rightBracket ? "flow sequence" : "flow mapping"
        let closeText = close == Byte.rightBracket ? "]" : "}"
        guard let next = current else {
            throw error("unterminated \(kind): missing '\(closeText)'", at: collectionStart)
        }
        guard next == Byte.comma || next == close else {
            throw error("expected ',' or '\(closeText)' in a \(kind), found \(describe(pos))", at: pos)
        }
        pos += 1
        return next == close
    }

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
