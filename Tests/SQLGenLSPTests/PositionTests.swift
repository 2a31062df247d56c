import SQLGenJSON
import Testing
@testable import SQLGenLSP

@Suite struct PositionTests {
    // "é" is 2 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 UTF-16 units.
    let lines = LineTable(Array("ab\r\né😀x\nz".utf8))

    @Test func countsCharactersInEachEncoding() {
        let x = 2 + 2 + 2 + 4  // "ab", CRLF, "é", "😀"
        #expect(lines.position(of: x, encoding: .utf8) == LSPPosition(line: 1, character: 6))
        #expect(lines.position(of: x, encoding: .utf16) == LSPPosition(line: 1, character: 3))
        #expect(lines.position(of: x, encoding: .utf32) == LSPPosition(line: 1, character: 2))
        for encoding in PositionEncoding.allCases {
            #expect(lines.offset(of: lines.position(of: x, encoding: encoding), encoding: encoding) == x)
        }
    }

    @Test func clampsPastTheEndOfALineOrTheText() {
        #expect(lines.offset(of: LSPPosition(line: 0, character: 99), encoding: .utf16) == 2)
        #expect(lines.offset(of: LSPPosition(line: 9, character: 0), encoding: .utf16) == lines.bytes.count)
        #expect(lines.position(of: 999, encoding: .utf16) == LSPPosition(line: 2, character: 1))
    }

    @Test func aPositionInsideASurrogatePairEndsAfterTheCharacter() {
        #expect(lines.offset(of: LSPPosition(line: 1, character: 2), encoding: .utf16) == 4 + 2 + 4)
    }

    @Test func prefersUTF8WhenOffered() {
        #expect(PositionEncoding.negotiate(["utf-16", "utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiate(["utf-32"]) == .utf32)
        #expect(PositionEncoding.negotiate(nil) == .utf16)
        #expect(PositionEncoding.negotiate(["latin-1"]) == .utf16)
    }

    @Test func appliesIncrementalChangesInUTF16() {
        var store = DocumentStore()
        store.open(uri: "file:///tmp/a.gql", version: 1, text: "query Q { é😀title }")
        // Replace "title" (after "é😀": 10 UTF-16 units into the line) with "genre".
        let change: JSONValue = ["range": ["start": ["line": 0, "character": 13], "end": ["line": 0, "character": 18]], "text": "genre"]
        store.change(uri: "file:///tmp/a.gql", version: 2, changes: [change], encoding: .utf16)
        #expect(String(decoding: store.document(uri: "file:///tmp/a.gql")?.bytes ?? [], as: UTF8.self) == "query Q { é😀genre }")
        store.change(uri: "file:///tmp/a.gql", version: 3, changes: [["text": "{ a }"]], encoding: .utf16)
        #expect(store.document(uri: "file:///tmp/a.gql")?.version == 3)
        #expect(store.document(uri: "file:///tmp/a.gql")?.bytes == Array("{ a }".utf8))
    }

    @Test func appliesIncrementalChangesInUTF8() {
        var store = DocumentStore()
        store.open(uri: "file:///tmp/b.gql", version: 1, text: "# é\n{ a }")
        let change: JSONValue = ["range": ["start": ["line": 1, "character": 2], "end": ["line": 1, "character": 3]], "text": "b c"]
        store.change(uri: "file:///tmp/b.gql", version: 2, changes: [change], encoding: .utf8)
        #expect(String(decoding: store.document(uri: "file:///tmp/b.gql")?.bytes ?? [], as: UTF8.self) == "# é\n{ b c }")
    }
}
