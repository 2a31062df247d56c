/// The reader's state: normalised bytes, a cursor, line starts for locations, and the nesting depth.
///
/// The grammar is split by construct: `YAMLParser+Block` (document, block collections),
/// `+Flow` (`[...]`, `{...}`), `+Quoted`, `+Plain` and `+BlockScalar` (`|`, `>`).
struct YAMLParser {
    /// The input with a leading BOM removed and CR / CRLF turned into LF (which changes no line or column).
    let bytes: [UInt8]
    /// Byte offset of the start of every line.
    let lineStarts: [Int]
    /// Whether each line is pure ASCII, so its columns are byte offsets (no scan per node).
    let asciiLines: [Bool]
    var pos = 0
    var depth = 0
    /// False until the top-level node begins, so a leading `---` is allowed and later ones are not.
    var documentStarted = false

    /// Deep enough for any configuration file, shallow enough that the deepest document a debug
    /// build accepts fits a 512 KiB thread (macOS's secondary threads).
    static let maxDepth = 32

    init(bytes input: [UInt8]) {
        var normalized: [UInt8] = []
        normalized.reserveCapacity(input.count)
        var index = 0
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { index = 3 }
        while index < input.count {
            let byte = input[index]
            if byte == Byte.cr {
                normalized.append(Byte.lf)
                if index + 1 < input.count, input[index + 1] == Byte.lf { index += 1 }
            } else {
                normalized.append(byte)
            }
            index += 1
        }
        var starts = [0]
        var ascii = [true]
        for (offset, byte) in normalized.enumerated() {
            if byte == Byte.lf {
                starts.append(offset + 1)
                ascii.append(true)
            } else if byte >= 0x80 {
                ascii[ascii.count - 1] = false
            }
        }
        self.bytes = normalized
        self.lineStarts = starts
        self.asciiLines = ascii
    }

    // MARK: Cursor

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    var current: UInt8? { byte(at: pos) }

    /// Space, tab, line break or end of input: what must follow `:` and `-` indicators.
    func isBlankOrEnd(_ offset: Int) -> Bool {
        guard let byte = byte(at: offset) else { return true }
        return byte == Byte.space || byte == Byte.tab || byte == Byte.lf
    }

    mutating func skipSpacesAndTabs() {
        while let byte = current, byte == Byte.space || byte == Byte.tab { pos += 1 }
    }

    /// Moves to the line break (or end) ending the current line.
    mutating func skipToLineEnd() {
        while let byte = current, byte != Byte.lf { pos += 1 }
    }

    func lineStart(of offset: Int) -> Int {
        lineStarts[lineIndex(of: offset)]
    }

    /// Column offset of `offset` within its line, in bytes (equal to columns in indentation, which is ASCII).
    func indentation(of offset: Int) -> Int {
        offset - lineStart(of: offset)
    }

    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    func mark(_ offset: Int) -> YAMLMark {
        let clamped = min(max(offset, 0), bytes.count)
        let index = lineIndex(of: clamped)
        if asciiLines[index] {
            return YAMLMark(line: index + 1, column: clamped - lineStarts[index] + 1, offset: clamped)
        }
        var column = 1
        var cursor = lineStarts[index]
        while cursor < clamped {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return YAMLMark(line: index + 1, column: column, offset: clamped)
    }

    // MARK: Errors

    func error(_ message: String, at offset: Int) -> YAMLError {
        YAMLError(message: message, at: mark(offset))
    }

    /// How a byte is shown in messages: `'x'`, `a tab`, `end of line`, `end of input`.
    func describe(_ offset: Int) -> String {
        guard let byte = byte(at: offset) else { return "the end of the input" }
        switch byte {
        case Byte.lf: return "the end of the line"
        case Byte.tab: return "a tab"
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let end = min(offset + 4, bytes.count)
            let text = String(decoding: bytes[offset..<end], as: UTF8.self)
            guard let scalar = text.unicodeScalars.first else { return "an invalid byte" }
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FFFD}" {
                return "the character U+\(String(scalar.value, radix: 16, uppercase: true))"
            }
            return "'\(Character(scalar))'"
        }
    }

    func unexpected(at offset: Int) -> YAMLError {
        error("unexpected character \(describe(offset))", at: offset)
    }

    /// Errors for YAML features deliberately left out, or nil when the byte starts none of them.
    func unsupportedFeature(at offset: Int) -> YAMLError? {
        switch byte(at: offset) {
        case Byte.ampersand?: return error("anchors ('&') are not supported", at: offset)
        case Byte.asterisk?: return error("aliases ('*') are not supported", at: offset)
        case Byte.exclamation?: return error("tags ('!') are not supported", at: offset)
        case Byte.question? where isBlankOrEnd(offset + 1):
            return error("explicit keys ('? ') are not supported", at: offset)
        default: return nil
        }
    }

    mutating func enterNesting(at offset: Int) throws(YAMLError) {
        depth += 1
        if depth > YAMLParser.maxDepth {
            throw error("nesting is too deep (more than \(YAMLParser.maxDepth) levels)", at: offset)
        }
    }

    // MARK: Nodes

    /// Line folding in flow and quoted scalars: a single line break reads as a space, and each
    /// empty line after it as a line feed.
    func appendLineFold(emptyLines: Int, to text: inout [UInt8]) {
        if emptyLines == 0 {
            text.append(Byte.space)
        } else {
            text.append(contentsOf: repeatElement(Byte.lf, count: emptyLines))
        }
    }

    /// A plain scalar's node: the core schema's null forms become `.null`.
    func plainNode(_ text: [UInt8], at offset: Int) -> YAMLNode {
        let string = String(decoding: text, as: UTF8.self)
        switch string {
        case "", "~", "null", "Null", "NULL": return .null(mark(offset))
        default: return .scalar(YAMLScalar(string, style: .plain), mark(offset))
        }
    }
}

/// The bytes the grammar looks at.
enum Byte {
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21
    static let doubleQuote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let percent: UInt8 = 0x25
    static let ampersand: UInt8 = 0x26
    static let singleQuote: UInt8 = 0x27
    static let asterisk: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let colon: UInt8 = 0x3A
    static let greater: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let backtick: UInt8 = 0x60
    static let leftBrace: UInt8 = 0x7B
    static let pipe: UInt8 = 0x7C
    static let rightBrace: UInt8 = 0x7D

    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == comma || byte == leftBracket || byte == rightBracket || byte == leftBrace || byte == rightBrace
    }

    static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == space || byte == tab }
}
