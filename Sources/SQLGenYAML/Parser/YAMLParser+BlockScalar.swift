/// Literal (`|`) and folded (`>`) block scalars with chomping (`-` strip, `+` keep, default clip)
/// and an optional indentation digit.
extension YAMLParser {
    private enum Chomping {
        case strip, clip, keep
    }

    /// `pos` is at `|` or `>`; ends at the start of the first line after the scalar.
    mutating func parseBlockScalar(parentIndent: Int) throws(YAMLError) -> YAMLNode {
        let start = pos
        let folded = current == Byte.greater
        pos += 1
        let (chomping, explicitIndent) = try parseBlockScalarHeader()
        let contentIndent: Int
        if let explicitIndent {
            contentIndent = max(parentIndent, 0) + explicitIndent
        } else {
            contentIndent = max(detectedIndent(), max(parentIndent + 1, 1))
        }
        let (lines, lineHasBreak) = blockScalarLines(contentIndent: contentIndent)
        // Trailing empty lines belong to the scalar only through `+`; leave the cursor after the
        // last line the scalar owns either way (empty lines carry no content for the caller).
        let text = composeBlockScalar(lines: lines, lineHasBreak: lineHasBreak, folded: folded, chomping: chomping ?? .clip)
        return .scalar(YAMLScalar(String(decoding: text, as: UTF8.self), style: folded ? .folded : .literal), mark(start))
    }

    /// The chomping and indentation indicators after `|` or `>`, in either order, then an
    /// optional comment; ends at the start of the next line.
    private mutating func parseBlockScalarHeader() throws(YAMLError) -> (chomping: Chomping?, indent: Int?) {
        var chomping: Chomping?
        var explicitIndent: Int?
        for _ in 0..<2 {
            guard let byte = current else { break }
            if chomping == nil, byte == Byte.minus || byte == Byte.plus {
                chomping = byte == Byte.minus ? .strip : .keep
                pos += 1
            } else if explicitIndent == nil, byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") {
                explicitIndent = Int(byte - UInt8(ascii: "0"))
                pos += 1
            } else if byte == UInt8(ascii: "0") {
                throw error("a block scalar's indentation indicator must be between 1 and 9", at: pos)
            } else {
                break
            }
        }
        let headerEnd = pos
        skipSpacesAndTabs()
        if let byte = current, byte != Byte.lf {
            guard byte == Byte.hash, pos > headerEnd else {
                throw error("expected a comment or the end of the line after the block scalar indicator, found \(describe(pos))", at: pos)
            }
            skipToLineEnd()
        }
        if current == Byte.lf { pos += 1 }
        return (chomping, explicitIndent)
    }

    /// The scalar's lines (without their indentation; empty for blank ones) and whether each ended
    /// with a line break; stops at the first line indented less than `contentIndent`.
    private mutating func blockScalarLines(contentIndent: Int) -> (lines: [ArraySlice<UInt8>], lineHasBreak: [Bool]) {
        var lines: [ArraySlice<UInt8>] = []
        var lineHasBreak: [Bool] = []
        while pos < bytes.count {
            let lineStart = pos
            var lineEnd = pos
            while lineEnd < bytes.count, bytes[lineEnd] != Byte.lf { lineEnd += 1 }
            var spaces = 0
            while lineStart + spaces < lineEnd, bytes[lineStart + spaces] == Byte.space { spaces += 1 }
            if spaces >= contentIndent {
                lines.append(bytes[(lineStart + contentIndent)..<lineEnd])
            } else if lineStart + spaces == lineEnd {
                lines.append([])
            } else {
                break
            }
            lineHasBreak.append(lineEnd < bytes.count)
            pos = min(lineEnd + 1, bytes.count)
        }
        return (lines, lineHasBreak)
    }

    /// The indentation of the first line with content after `pos`, or of the longest leading
    /// blank line if that is deeper (so lines of spaces alone do not become content).
    private func detectedIndent() -> Int {
        var cursor = pos
        var deepest = 0
        while cursor < bytes.count {
            var spaces = 0
            while cursor + spaces < bytes.count, bytes[cursor + spaces] == Byte.space { spaces += 1 }
            deepest = max(deepest, spaces)
            let next = cursor + spaces
            guard next < bytes.count, bytes[next] == Byte.lf else { break }
            cursor = next + 1
        }
        return deepest
    }

    private func composeBlockScalar(lines: [ArraySlice<UInt8>], lineHasBreak: [Bool], folded: Bool, chomping: Chomping) -> [UInt8] {
        guard let lastContent = lines.lastIndex(where: { !$0.isEmpty }) else {
            // No content: only `+` keeps the line breaks.
            guard chomping == .keep else { return [] }
            return Array(repeating: Byte.lf, count: lineHasBreak.filter { $0 }.count)
        }
        var text: [UInt8] = []
        var previousContent: ArraySlice<UInt8>?
        var emptyRun = 0
        for line in lines[...lastContent] {
            if line.isEmpty {
                emptyRun += 1
                continue
            }
            if let previous = previousContent {
                let previousIsNormal = previous.first.map { !Byte.isSpaceOrTab($0) } ?? false
                let currentIsNormal = line.first.map { !Byte.isSpaceOrTab($0) } ?? false
                if folded, previousIsNormal, currentIsNormal {
                    if emptyRun == 0 {
                        text.append(Byte.space)
                    } else {
                        text.append(contentsOf: repeatElement(Byte.lf, count: emptyRun))
                    }
                } else {
                    text.append(contentsOf: repeatElement(Byte.lf, count: emptyRun + 1))
                }
            } else {
                text.append(contentsOf: repeatElement(Byte.lf, count: emptyRun))
            }
            text.append(contentsOf: line)
            previousContent = line
            emptyRun = 0
        }
        switch chomping {
        case .strip:
            break
        case .clip:
            if lineHasBreak[lastContent] { text.append(Byte.lf) }
        case .keep:
            if lineHasBreak[lastContent] { text.append(Byte.lf) }
            let trailingBreaks = lineHasBreak[(lastContent + 1)...].filter { $0 }.count
            text.append(contentsOf: repeatElement(Byte.lf, count: trailingBreaks))
        }
        return text
    }
}
