// A lexical scan of the SQL of a native SQL field (`_select(sql: "...")`): positional parameters
// (`$1`), keywords outside literals and comments, and the constructs Data Connect forbids. Shared by
// the validation rule and the emulator (which rewrites `$n` as SQLite's `?n`). Works on UTF-8 bytes;
// it is a scanner, not a SQL parser: the database still parses the statement.

/// The scanned SQL of a native SQL field.
public struct NativeSQLText: Sendable {
    /// A `$n` parameter: its number and its byte range in the SQL.
    public struct Parameter: Sendable, Equatable {
        public var number: Int
        public var range: Range<Int>
    }

    /// A keyword or identifier outside literals and comments, upper-cased, with its parenthesis depth.
    public struct Word: Sendable, Equatable {
        public var text: String
        public var depth: Int
    }

    public let bytes: [UInt8]
    public private(set) var parameters: [Parameter] = []
    public private(set) var words: [Word] = []
    /// Named parameters (`:name`, `$name`), which Data Connect forbids.
    public private(set) var namedParameters: [String] = []
    /// Whether a `--` line comment occurs (forbidden: it can swallow the rest of the statement).
    public private(set) var hasLineComment = false
    /// Whether a `?` occurs outside literals (a PostgreSQL operator; SQLite reads it as a parameter).
    public private(set) var hasQuestionMark = false
    /// Whether text other than blanks and comments follows a `;` (more than one statement).
    public private(set) var hasSeveralStatements = false
    /// Whether a string, quoted identifier or comment is not closed.
    public private(set) var isUnterminated = false

    public init(_ sql: String) {
        bytes = Array(sql.utf8)
        scan()
    }

    /// The first keyword of the statement (`SELECT`, `WITH`...), nil for empty SQL.
    public var firstWord: String? { words.first?.text }

    /// The SQL with every `$n` replaced by `replacement(n)` (the rest byte for byte).
    public func rewritingParameters(_ replacement: (Int) -> String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var position = 0
        for parameter in parameters {
            out += bytes[position..<parameter.range.lowerBound]
            out += Array(replacement(parameter.number).utf8)
            position = parameter.range.upperBound
        }
        out += bytes[position...]
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Scanning

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte) || byte == 0x24
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }

    private mutating func scan() {
        let count = bytes.count
        var index = 0
        var depth = 0
        var afterSemicolon = false
        while index < count {
            let byte = bytes[index]
            if afterSemicolon, !Self.isBlank(byte), byte != 0x3B, !startsComment(at: index) {
                hasSeveralStatements = true
                afterSemicolon = false
            }
            if let next = skipLiteralOrComment(at: index) ?? scanNameOrNumber(at: index, depth: depth) {
                index = next
                continue
            }
            switch byte {
            case 0x3F: hasQuestionMark = true
            case 0x28: depth += 1
            case 0x29: depth = max(0, depth - 1)
            case 0x3B where depth == 0: afterSemicolon = true
            default: break
            }
            index += 1
        }
    }

    private func startsComment(at index: Int) -> Bool {
        index + 1 < bytes.count && (bytes[index] == 0x2F && bytes[index + 1] == 0x2A || bytes[index] == 0x2D && bytes[index + 1] == 0x2D)
    }

    /// The index after a string, quoted identifier, comment or `$` construct starting at `index`;
    /// nil when none starts there.
    private mutating func skipLiteralOrComment(at index: Int) -> Int? {
        let count = bytes.count
        switch bytes[index] {
        case 0x27: // 'string', with '' inside; E'...' also takes backslash escapes
            let escapes = index > 0 && (bytes[index - 1] == 0x45 || bytes[index - 1] == 0x65)
                && (index < 2 || !Self.isIdentifierPart(bytes[index - 2]))
            return skipQuoted(from: index, quote: 0x27, backslashEscapes: escapes)
        case 0x22: // "identifier"
            return skipQuoted(from: index, quote: 0x22, backslashEscapes: false)
        case 0x2D where index + 1 < count && bytes[index + 1] == 0x2D: // -- comment
            hasLineComment = true
            var end = index
            while end < count, bytes[end] != 0x0A { end += 1 }
            return end
        case 0x2F where index + 1 < count && bytes[index + 1] == 0x2A: // /* comment */, nesting as PostgreSQL does
            return skipBlockComment(from: index)
        case 0x24: // $1, $name, or a $tag$ dollar-quoted string
            return scanDollar(from: index)
        default:
            return nil
        }
    }

    /// The index after a `:name` parameter (not the `::` cast), a word or a number starting at
    /// `index`, noting the parameter or word; nil when none starts there.
    private mutating func scanNameOrNumber(at index: Int, depth: Int) -> Int? {
        let count = bytes.count
        let byte = bytes[index]
        if byte == 0x3A {
            guard index + 1 < count, Self.isIdentifierStart(bytes[index + 1]), index == 0 || bytes[index - 1] != 0x3A else { return nil }
            var end = index + 1
            while end < count, Self.isIdentifierPart(bytes[end]) { end += 1 }
            namedParameters.append(String(decoding: bytes[index..<end], as: UTF8.self))
            return end
        }
        if Self.isIdentifierStart(byte) {
            var end = index + 1
            while end < count, Self.isIdentifierPart(bytes[end]) { end += 1 }
            words.append(Word(text: String(decoding: bytes[index..<end], as: UTF8.self).uppercased(), depth: depth))
            return end
        }
        guard Self.isDigit(byte) else { return nil }
        // Numbers (and their exponents) are not words.
        var end = index
        while end < count, Self.isIdentifierPart(bytes[end]) || bytes[end] == 0x2E { end += 1 }
        return end
    }

    /// Index after a quoted literal starting at `start`; a doubled quote stays inside.
    private mutating func skipQuoted(from start: Int, quote: UInt8, backslashEscapes: Bool) -> Int {
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if backslashEscapes, byte == 0x5C {
                index += 2
                continue
            }
            if byte == quote {
                if index + 1 < bytes.count, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        isUnterminated = true
        return bytes.count
    }

    private mutating func skipBlockComment(from start: Int) -> Int {
        var index = start + 2
        var nesting = 1
        while index < bytes.count {
            if bytes[index] == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                nesting += 1
                index += 2
            } else if bytes[index] == 0x2A, index + 1 < bytes.count, bytes[index + 1] == 0x2F {
                nesting -= 1
                index += 2
                if nesting == 0 { return index }
            } else {
                index += 1
            }
        }
        isUnterminated = true
        return bytes.count
    }

    private mutating func scanDollar(from start: Int) -> Int {
        let count = bytes.count
        // `$` inside an identifier (PostgreSQL allows it after the first character) is not special.
        if start > 0, Self.isIdentifierPart(bytes[start - 1]), bytes[start - 1] != 0x24 { return start + 1 }
        var end = start + 1
        if end < count, Self.isDigit(bytes[end]) {
            while end < count, Self.isDigit(bytes[end]) { end += 1 }
            let digits = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            parameters.append(Parameter(number: Int(digits) ?? Int.max, range: start..<end))
            return end
        }
        while end < count, Self.isIdentifierPart(bytes[end]), bytes[end] != 0x24 { end += 1 }
        if end < count, bytes[end] == 0x24 {
            // $tag$ ... $tag$
            let tag = Array(bytes[start...end])
            var index = end + 1
            while index + tag.count <= count {
                if bytes[index] == 0x24, Array(bytes[index..<(index + tag.count)]) == tag { return index + tag.count }
                index += 1
            }
            isUnterminated = true
            return count
        }
        if end > start + 1 {
            namedParameters.append(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        return max(end, start + 1)
    }
}
