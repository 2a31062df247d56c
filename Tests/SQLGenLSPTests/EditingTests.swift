import SQLGenJSON
import Testing
import SQLGenLanguage
@testable import SQLGenLSP

@Suite struct EditingTests {
    let file = "connector/queries.gql"

    @Test func formattingGivesTheCanonicalText() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let text = "query q($n:Int)@auth(level:PUBLIC){movies(limit:$n){id,title}}"
        try harness.open(file, text: text)
        let edits = harness.request("textDocument/formatting", ["textDocument": ["uri": .string(harness.uri(file))], "options": ["tabSize": 2, "insertSpaces": true]])["result"]
        let expected = Printer.print(try Parser.parse(Source(text))) + "\n"
        #expect(edits == [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": .int(Int64(text.utf16.count))]], "newText": .string(expected)]])
        harness.change(file, to: expected, version: 2)
        #expect(harness.request("textDocument/formatting", ["textDocument": ["uri": .string(harness.uri(file))], "options": [:]])["result"] == [])
        harness.change(file, to: "query {", version: 3)
        #expect(harness.request("textDocument/formatting", ["textDocument": ["uri": .string(harness.uri(file))], "options": [:]])["result"].isNull)
    }

    /// Applies a code action's single edit to `text`.
    func applying(_ action: JSONValue, to text: String, lines: LineTable) -> String {
        guard let edit = action["edit"]?["changes"]?.objectValue?.first?.value[0],
              let start = LSPPosition(edit["range"]["start"]), let end = LSPPosition(edit["range"]["end"]) else { return text }
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(lines.offset(of: start, encoding: .utf16)..<lines.offset(of: end, encoding: .utf16), with: Array((edit["newText"]?.stringValue ?? "").utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    func actions(_ harness: ServerHarness, line: Int) -> [JSONValue] {
        let diagnostics = harness.diagnostics(file)
        return harness.request("textDocument/codeAction", ["textDocument": ["uri": .string(harness.uri(file))],
                                                          "range": ["start": ["line": .int(Int64(line)), "character": 0], "end": ["line": .int(Int64(line)), "character": 200]],
                                                          "context": ["diagnostics": .array(diagnostics)]])["result"].array ?? []
    }

    @Test func declaresAMissingVariableWithTheTypeItsPlaceExpects() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let text = "query q($n: Int) @auth(level: PUBLIC) {\n  movies(limit: $n, where: { aspectRatio: { eq: $ratio } }) { id }\n}\n"
        try harness.open(file, text: text)
        let actions = actions(harness, line: 1)
        #expect(actions.map(\.["title"]) == ["Declare $ratio: AspectRatio in operation \"q\""])
        #expect(actions.first?["diagnostics"].array?.count == 1)
        let fixed = applying(actions[0], to: text, lines: LineTable(Array(text.utf8)))
        #expect(fixed.hasPrefix("query q($n: Int, $ratio: AspectRatio) @auth"))
        harness.change(file, to: fixed, version: 3)
        #expect(harness.diagnostics(file).isEmpty)
    }

    @Test func removesAnUnusedVariable() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        for (text, expected) in [
            ("query q($n: Int, $unused: String) @auth(level: PUBLIC) { movies(limit: $n) { id } }\n", "query q($n: Int) @auth"),
            ("query q($unused: String, $n: Int) @auth(level: PUBLIC) { movies(limit: $n) { id } }\n", "query q($n: Int) @auth"),
            ("query q($unused: String) @auth(level: PUBLIC) { movies { id } }\n", "query q @auth"),
        ] {
            try harness.open(file, text: text)
            let actions = actions(harness, line: 0)
            #expect(actions.map(\.["title"]) == ["Remove unused variable $unused"])
            if let action = actions.first { #expect(applying(action, to: text, lines: LineTable(Array(text.utf8))).hasPrefix(expected)) }
            harness.notify("textDocument/didClose", ["textDocument": ["uri": .string(harness.uri(file))]])
        }
    }
}
