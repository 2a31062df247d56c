// The query text of `<plural>_search(query:, queryFormat:)`, read as PostgreSQL reads it for each
// `SearchQueryFormat`: QUERY as `websearch_to_tsquery` (words, "phrases", `or`, `-word`), PLAIN as
// `plainto_tsquery` (every word), PHRASE as `phraseto_tsquery` (the words in order), ADVANCED as
// `to_tsquery` (`&`, `|`, `!`, `<->`, parentheses, `word:*` prefixes).

/// A parsed full-text query: a boolean tree over words and phrases.
indirect enum FullTextQuery: Equatable {
    /// One word; `prefix` matches words starting with it (`word:*`).
    case term(String, prefix: Bool)
    /// Words next to each other, in order.
    case phrase([String])
    case and([FullTextQuery])
    case or([FullTextQuery])
    case not(FullTextQuery)

    /// English words PostgreSQL's `english` configuration ignores (a common subset).
    static let englishStopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not",
        "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was",
        "will", "with",
    ]

    /// Parses `text` in `format`; nil when nothing searchable remains (empty, or only stop words).
    static func parse(_ text: String, format: String, dropStopWords: Bool) throws(FieldFailure) -> FullTextQuery? {
        let parsed: FullTextQuery?
        switch format {
        case "PLAIN":
            parsed = conjunction(words(text).map { .term($0, prefix: false) })
        case "PHRASE":
            let all = words(text)
            parsed = all.isEmpty ? nil : all.count == 1 ? .term(all[0], prefix: false) : .phrase(all)
        case "ADVANCED":
            var parser = AdvancedParser(Array(text.utf8))
            parsed = try parser.parse()
        default:
            parsed = webSearch(text)
        }
        guard let parsed else { return nil }
        return dropStopWords ? parsed.withoutStopWords() : parsed
    }

    /// Lower-cased runs of letters and digits.
    static func words(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { result.append(current.lowercased()) }
        return result
    }

    private static func conjunction(_ items: [FullTextQuery]) -> FullTextQuery? {
        items.isEmpty ? nil : items.count == 1 ? items[0] : .and(items)
    }

    private static func disjunction(_ items: [FullTextQuery]) -> FullTextQuery? {
        items.isEmpty ? nil : items.count == 1 ? items[0] : .or(items)
    }

    /// `websearch_to_tsquery`: `or` joins its neighbours (binding tighter than the implicit and).
    private static func webSearch(_ text: String) -> FullTextQuery? {
        var groups: [[FullTextQuery]] = []
        var pendingOr = false
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.first {
            var negated = false
            var item: FullTextQuery?
            if first == "-" {
                negated = true
                scalars = scalars.dropFirst()
            }
            if scalars.first == "\"" {
                scalars = scalars.dropFirst()
                let inside = scalars.prefix { $0 != "\"" }
                scalars = scalars.dropFirst(inside.count).dropFirst()
                let all = words(String(String.UnicodeScalarView(inside)))
                item = all.isEmpty ? nil : all.count == 1 ? .term(all[0], prefix: false) : .phrase(all)
            } else {
                let chunk = scalars.prefix { !$0.properties.isWhitespace && $0 != "\"" }
                scalars = scalars.dropFirst(max(chunk.count, chunk.isEmpty ? 1 : 0))
                let raw = String(String.UnicodeScalarView(chunk))
                if !negated, raw.lowercased() == "or" {
                    pendingOr = !groups.isEmpty
                    continue
                }
                let all = words(raw)
                item = all.isEmpty ? nil : all.count == 1 ? .term(all[0], prefix: false) : .phrase(all)
            }
            guard let found = item else { continue }
            let value: FullTextQuery = negated ? .not(found) : found
            if pendingOr, !groups.isEmpty {
                groups[groups.count - 1].append(value)
            } else {
                groups.append([value])
            }
            pendingOr = false
        }
        return conjunction(groups.compactMap(disjunction))
    }

    /// Removes stop words from terms; a branch left empty disappears.
    func withoutStopWords() -> FullTextQuery? {
        switch self {
        case .term(let word, _):
            return Self.englishStopWords.contains(word) ? nil : self
        case .phrase:
            return self
        case .and(let items):
            return Self.conjunction(items.compactMap { $0.withoutStopWords() })
        case .or(let items):
            return Self.disjunction(items.compactMap { $0.withoutStopWords() })
        case .not(let inner):
            return inner.withoutStopWords().map { .not($0) }
        }
    }

    /// The words and phrases that can make a row match (not the negated ones), for ranking.
    var positiveLeaves: [FullTextQuery] {
        switch self {
        case .term, .phrase: return [self]
        case .and(let items), .or(let items): return items.flatMap(\.positiveLeaves)
        case .not: return []
        }
    }
}

/// `to_tsquery` syntax: `|` below `&` (and `<->`, which keeps words in order) below `!`.
private struct AdvancedParser {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() throws(FieldFailure) -> FullTextQuery? {
        skipBlanks()
        if index >= bytes.count { return nil }
        let result = try parseOr()
        skipBlanks()
        if index < bytes.count {
            throw FieldFailure("Syntax error in the ADVANCED search query at \"\(String(decoding: bytes[index...], as: UTF8.self))\" (tsquery syntax: & | ! <-> ( ) and word:*).")
        }
        return result
    }

    private mutating func skipBlanks() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
    }

    private mutating func parseOr() throws(FieldFailure) -> FullTextQuery {
        var items = [try parseAnd()]
        while true {
            skipBlanks()
            guard index < bytes.count, bytes[index] == 0x7C else { break }
            index += 1
            items.append(try parseAnd())
        }
        return items.count == 1 ? items[0] : .or(items)
    }

    private mutating func parseAnd() throws(FieldFailure) -> FullTextQuery {
        var items = [try parseUnary()]
        while true {
            skipBlanks()
            guard index < bytes.count else { break }
            if bytes[index] == 0x26 {
                index += 1
                items.append(try parseUnary())
            } else if bytes[index] == 0x3C {
                // <-> or <N>: followed by; adjacent words become a phrase.
                while index < bytes.count, bytes[index] != 0x3E { index += 1 }
                index += 1
                let next = try parseUnary()
                if let last = items.last, case .term(let a, false) = last, case .term(let b, false) = next {
                    items[items.count - 1] = .phrase([a, b])
                } else if let last = items.last, case .phrase(let words) = last, case .term(let b, false) = next {
                    items[items.count - 1] = .phrase(words + [b])
                } else {
                    items.append(next)
                }
            } else {
                break
            }
        }
        return items.count == 1 ? items[0] : .and(items)
    }

    private mutating func parseUnary() throws(FieldFailure) -> FullTextQuery {
        skipBlanks()
        guard index < bytes.count else { throw FieldFailure("Syntax error in the ADVANCED search query: it ends where a word was expected.") }
        switch bytes[index] {
        case 0x21:
            index += 1
            return .not(try parseUnary())
        case 0x28:
            index += 1
            let inner = try parseOr()
            skipBlanks()
            guard index < bytes.count, bytes[index] == 0x29 else { throw FieldFailure("Syntax error in the ADVANCED search query: a \"(\" is not closed.") }
            index += 1
            return inner
        default:
            let start = index
            while index < bytes.count, !" \t\r\n&|!()<:".utf8.contains(bytes[index]) { index += 1 }
            let raw = String(decoding: bytes[start..<index], as: UTF8.self)
            let all = FullTextQuery.words(raw)
            guard !all.isEmpty else { throw FieldFailure("Syntax error in the ADVANCED search query near \"\(raw)\": a word was expected.") }
            var prefix = false
            if index + 1 < bytes.count, bytes[index] == 0x3A, bytes[index + 1] == 0x2A {
                prefix = true
                index += 2
            }
            return all.count == 1 ? .term(all[0], prefix: prefix) : .phrase(all)
        }
    }
}
