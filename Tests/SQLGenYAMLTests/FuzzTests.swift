import Foundation
import Testing
@testable import SQLGenYAML

/// Thousands of random and mutated inputs: the reader must return a node or a `YAMLError` with a
/// location inside the input, and never trap or hang.
@Suite struct FuzzTests {
    /// A small deterministic generator (SplitMix64) so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    static let seeds: [String] = [
        "connectorId: \"friendly-flix\"\ngenerate:\n  swiftSdk:\n    outputDir: \"../../app\"\n    package: P\n",
        "a:\n  - b: 1\n    c: [x, {y: z}]\n  - 'q''s'\n  - \"e\\u00e9\\n\"\nd: |\n  lit\n   more\ne: >-\n  fold\n  ed\n",
        "- - a\n  - b\n- {k: v, l: [1, 2,]}\n- ~\n# c\n---\n",
        "k: \"multi\n  line\\\n  x\"\nm: 'a\n\n  b'\nn: plain\n  continued\n",
    ]

    /// Fragments that exercise every branch when spliced in.
    static let tokens: [String] = [
        "-", "- ", ":", ": ", "?", "? ", "[", "]", "{", "}", ",", "#", " #", "&a", "*a", "!t", "|", ">", "|-", ">+", "|2",
        "'", "''", "\"", "\\", "\\u", "\\x4", "\\U0010FFFF", "\n", "\r\n", "\r", "\t", "  ", "    ", "---", "...", "%",
        "@", "`", "~", "null", "true", "0x1F", "1.5e3", "é", "😀", "\u{0}", "\u{FEFF}", "\u{85}", "a", "key: value",
    ]

    static func check(_ bytes: [UInt8]) {
        do {
            let node = try YAML.parse(bytes)
            _ = dump(node)
            #expect(node.line >= 1 && node.column >= 1)
        } catch {
            let lines = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
            #expect(error.line >= 1 && error.column >= 1, "\(error)")
            #expect(error.line <= lines + 1, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func mutatedSeedsNeverCrash() {
        var random = Random(state: 0x5EED)
        for iteration in 0..<4_000 {
            let seed = FuzzTests.seeds[iteration % FuzzTests.seeds.count]
            var bytes = Array(seed.utf8)
            for _ in 0..<(1 + random.below(6)) {
                let position = random.below(bytes.count + 1)
                switch random.below(4) {
                case 0:
                    bytes.insert(contentsOf: Array(FuzzTests.tokens[random.below(FuzzTests.tokens.count)].utf8), at: position)
                case 1:
                    if position < bytes.count { bytes.remove(at: position) }
                case 2:
                    if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: random.next()) }
                default:
                    let length = random.below(8)
                    let end = min(position + length, bytes.count)
                    let slice = Array(bytes[position..<end])
                    bytes.insert(contentsOf: slice, at: random.below(bytes.count + 1))
                }
            }
            FuzzTests.check(bytes)
        }
    }

    @Test func randomTokenSoupNeverCrashes() {
        var random = Random(state: 42)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<random.below(30) {
                text += FuzzTests.tokens[random.below(FuzzTests.tokens.count)]
            }
            FuzzTests.check(Array(text.utf8))
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = Random(state: 7)
        for _ in 0..<2_000 {
            let bytes = (0..<random.below(64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            FuzzTests.check(bytes)
        }
    }

    @Test func everyPrefixOfTheSeedsParsesOrFails() {
        for seed in FuzzTests.seeds {
            let bytes = Array(seed.utf8)
            for end in 0...bytes.count {
                FuzzTests.check(Array(bytes[..<end]))
            }
        }
    }
}

@Suite struct ScaleTests {
    /// A long one-line flow list and a long block list parse quickly (locations are O(1) on ASCII lines).
    @Test func largeInputsStayFast() throws {
        let items = (0..<20_000).map { "item\($0)" }
        let flow = "[" + items.joined(separator: ", ") + "]"
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let node = try YAML.parse(flow)
            #expect(node.items?.count == 20_000)
            #expect(node.items?.last?.column == flow.utf8.count - 9)
            let block = try YAML.parse(items.map { "- \($0)" }.joined(separator: "\n"))
            #expect(block.items?.last?.line == 20_000)
        }
        #expect(elapsed < .seconds(10))
    }
}
