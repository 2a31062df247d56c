// Grammar-aware mutations for GraphQL documents: the input is lexed with the project's lexer and
// whole tokens are deleted, duplicated, swapped or inserted (keywords, punctuators, and the names
// of the fuzzed schemas' types and fields), so most mutants stay close to valid documents and
// reach the validation rules rather than stopping in the lexer.

@testable import SQLGenLanguage

/// A small deterministic generator (SplitMix64) seeded by libFuzzer.
struct FuzzRandom {
    var state: UInt64

    init(seed: UInt32) { state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 for an empty bound).
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}

struct GraphQLMutator {
    static let keywords = [
        "query", "mutation", "subscription", "fragment", "on", "true", "false", "null", "type", "input", "enum",
        "interface", "union", "scalar", "directive", "extend", "schema", "implements", "repeatable", "__typename",
        "__schema", "__type", "@include(if: true)", "@skip(if: $v)", "@defer", "@stream(initialCount: 1)",
        "@auth(level: PUBLIC)", "@auth(expr: \"auth.uid != nil\")", "@check(expr: \"this != null\")", "@table",
        "@transaction", "@redact", "...", "{", "}", "(", ")", "[", "]", ":", "=", "!", "$", "@", "|", "&",
        "$v", "$v: Int", "$v: String!", "$key: Movie_Key!", "1", "-2.5e3", "\"x\"", "\"\"\"block\"\"\"", "# c\n",
        "where: {", "eq:", "limit: 1", "orderBy:", "_expr:", "key:", "data:", "id", "first: 1", "after: \"\"",
        "_insert(data: {", "_update(", "_delete(", "_upsert(", "_count", "_aggregate", "@fdc_generated",
    ]

    /// Names (and words) insertions draw from, besides the keywords.
    var vocabulary: [String]

    /// The distinct names of `sources` (at most `limit`), for the vocabulary.
    static func names(in sources: [String], limit: Int = 4000) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for text in sources {
            let source = Source(text)
            var lexer = Lexer(source)
            while names.count < limit, let token = try? lexer.next(), token.kind != .endOfFile {
                guard token.kind == .name else { continue }
                let name = String(decoding: source.bytes[token.start..<token.end], as: UTF8.self)
                if seen.insert(name).inserted { names.append(name) }
            }
        }
        return names
    }

    /// The byte ranges of the input's tokens (and the unlexable rest as one range).
    static func tokenRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        let source = Source(bytes: bytes)
        var lexer = Lexer(source, includeComments: true)
        var ranges: [Range<Int>] = []
        while true {
            guard let token = try? lexer.next() else {
                let start = ranges.last?.upperBound ?? 0
                if start < bytes.count { ranges.append(start..<bytes.count) }
                return ranges
            }
            if token.kind == .endOfFile || ranges.count > 4096 { return ranges }
            ranges.append(token.start..<token.end)
        }
    }

    func mutate(_ bytes: inout [UInt8], maxSize: Int, seed: UInt32) {
        var random = FuzzRandom(seed: seed)
        for _ in 0...random.below(3) {
            mutateOnce(&bytes, &random)
        }
        if bytes.count > maxSize { bytes.removeSubrange(maxSize...) }
    }

    private func word(_ random: inout FuzzRandom) -> [UInt8] {
        let useKeyword = vocabulary.isEmpty || random.below(3) == 0
        let text = useKeyword ? Self.keywords[random.below(Self.keywords.count)] : vocabulary[random.below(vocabulary.count)]
        return Array(" \(text) ".utf8)
    }

    private func mutateOnce(_ bytes: inout [UInt8], _ random: inout FuzzRandom) {
        let tokens = Self.tokenRanges(bytes)
        guard !tokens.isEmpty else {
            bytes += word(&random)
            return
        }
        // A run of 1...4 tokens, as a byte range.
        func run() -> Range<Int> {
            let first = random.below(tokens.count)
            let last = min(tokens.count - 1, first + random.below(4))
            return tokens[first].lowerBound..<tokens[last].upperBound
        }
        let boundary = tokens[random.below(tokens.count)].upperBound
        switch random.below(5) {
        case 0:
            bytes.removeSubrange(run())
        case 1:
            let copied = Array(bytes[run()])
            bytes.insert(contentsOf: [32] + copied + [32], at: boundary)
        case 2:
            let a = run(), b = run()
            guard a.upperBound <= b.lowerBound else { return }
            let first = Array(bytes[a]), second = Array(bytes[b])
            bytes.replaceSubrange(b, with: first)
            bytes.replaceSubrange(a, with: second)
        case 3:
            bytes.insert(contentsOf: word(&random), at: boundary)
        default:
            let token = tokens[random.below(tokens.count)]
            bytes.replaceSubrange(token, with: word(&random))
        }
    }
}
