import Testing
@testable import SQLGenYAML

@Suite struct BlockScalarTests {
    static let cases: [(String, String)] = [
        ("a: |\n  line 1\n  line 2\nb: x", #"{"a": "line 1\nline 2\n", "b": "x"}"#),
        ("a: |-\n  line 1\n  line 2\n\n", #"{"a": "line 1\nline 2"}"#),
        ("a: |+\n  line 1\n\n\nb: x", #"{"a": "line 1\n\n\n", "b": "x"}"#),
        ("a: |\n  line 1\n\n\n", #"{"a": "line 1\n"}"#),
        ("a: |\n  no final break", #"{"a": "no final break"}"#),
        ("a: |\n  x\n    indented\n  y\n", #"{"a": "x\n  indented\ny\n"}"#),
        ("a: |\n\n  after empty\n", #"{"a": "\nafter empty\n"}"#),
        ("a: |  # comment\n  # not a comment\n", ##"{"a": "# not a comment\n"}"##),
        ("a: >\n  folded\n  text\n\n  para\n", #"{"a": "folded text\npara\n"}"#),
        ("a: >-\n  one\n  two\n", #"{"a": "one two"}"#),
        ("a: >\n  normal\n    more\n    indented\n  back\n", #"{"a": "normal\n  more\n  indented\nback\n"}"#),
        ("a: >+\n  x\n\n", #"{"a": "x\n\n"}"#),
        ("a: |2\n   three\n  two\n", #"{"a": " three\ntwo\n"}"#),
        ("a: |-2\n   x\n", #"{"a": " x"}"#),
        ("a: |2-\n   x\n", #"{"a": " x"}"#),
        ("a: |\nb: 1", #"{"a": "", "b": "1"}"#),
        ("- |\n  item\n- >\n  next\n  line\n", #"["item\n", "next line\n"]"#),
        ("a:\n  b: |\n    deep\n  c: 1", #"{"a": {"b": "deep\n", "c": "1"}}"#),
        ("|\n text\n", #""text\n""#),
        ("a: |\n  tab\there\n", #"{"a": "tab\there\n"}"#),
        ("|\n  ", #""""#),
        (">-\n    \n  ", #""""#),
    ]

    @Test(arguments: cases)
    func parses(input: String, expected: String) throws {
        #expect(try dumped(input) == expected)
    }

    @Test func badHeaders() {
        #expect(parseError("a: |0\n  x")?.message.contains("between 1 and 9") == true)
        #expect(parseError("a: |x\n  x")?.message.contains("block scalar indicator") == true)
        #expect(parseError("a: |#c\n  x")?.message.contains("block scalar indicator") == true)
    }
}
