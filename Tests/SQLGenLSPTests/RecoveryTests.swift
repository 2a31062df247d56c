import Foundation
import Testing
@testable import SQLGenLSP

/// The server never fails on half-typed text: every prefix of real operation files, and damaged
/// copies of them, answered at every position by every position request.
@Suite struct RecoveryTests {
    static let methods = ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references"]

    /// Types `text` one character at a time, asking every request at the cursor after each.
    func type(_ text: String, into file: String, harness: ServerHarness) throws {
        try harness.open(file, text: "")
        var typed = ""
        for (index, character) in text.enumerated() {
            typed.append(character)
            harness.change(file, to: typed, version: index + 2)
            let lines = LineTable(Array(typed.utf8))
            let position = lines.position(of: typed.utf8.count, encoding: .utf16).json
            for method in Self.methods {
                let reply = harness.request(method, ["textDocument": ["uri": .string(harness.uri(file))], "position": position, "context": ["includeDeclaration": true]])
                #expect(reply["error"].isNull, "\(method) after \(typed.debugDescription)")
            }
            if index % 16 == 0 { _ = harness.diagnostics(file) }
        }
    }

    @Test func typingEveryFixtureFile() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        for file in ["connector/queries.gql", "connector/fragments.gql", "connector/mutations.gql"] {
            let text = try String(contentsOfFile: harness.path(file), encoding: .utf8)
            try type(text, into: file, harness: harness)
        }
    }

    @Test func damagedTextsAtEveryPosition() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let original = Array(try String(contentsOfFile: harness.path("connector/queries.gql"), encoding: .utf8).utf8)
        var random = SystemRandomNumberGenerator()
        var texts: [[UInt8]] = [Array("\"\"\"unterminated { movies(".utf8), Array("query q { movies(where: {{{{[[[[ $ @ ... on".utf8),
                                 Array(repeating: UInt8(ascii: "{"), count: 500), Array("query q($: [[Int!]!]! = [{a: $b}]) @".utf8)]
        for _ in 0..<6 {
            var damaged = original
            for _ in 0..<4 where !damaged.isEmpty { damaged.remove(at: Int.random(in: 0..<damaged.count, using: &random)) }
            damaged.insert([UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "$"), 0xC3, 0xA9].randomElement(using: &random) ?? 0,
                           at: Int.random(in: 0...damaged.count, using: &random))
            texts.append(damaged)
        }
        for (version, bytes) in texts.enumerated() {
            let text = String(decoding: bytes, as: UTF8.self)
            if version == 0 { try harness.open("connector/queries.gql", text: text) } else { harness.change("connector/queries.gql", to: text, version: version + 1) }
            _ = harness.diagnostics("connector/queries.gql")
            let lines = LineTable(Array(text.utf8))
            for offset in 0...text.utf8.count {
                for method in offset % 3 == 0 ? Self.methods : Array(Self.methods.prefix(2)) {
                    let position = lines.position(of: offset, encoding: .utf16).json
                    let reply = harness.request(method, ["textDocument": ["uri": .string(harness.uri("connector/queries.gql"))], "position": position, "context": [:]])
                    #expect(reply["error"].isNull)
                }
            }
            #expect(!harness.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(harness.uri("connector/queries.gql"))]])["result"].isNull)
        }
    }
}
