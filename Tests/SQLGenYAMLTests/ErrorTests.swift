import Testing
@testable import SQLGenYAML

@Suite struct ErrorTests {
    /// Input, expected line and column, and a fragment of the message.
    static let cases: [(String, Int, Int, String)] = [
        ("a: 1\na: 2", 2, 1, "duplicate key \"a\" (first defined at line 1)"),
        ("{a: 1, a: 2}", 1, 8, "duplicate key \"a\""),
        ("a:\n\tb: 1", 2, 1, "tabs are not allowed for indentation"),
        ("a:\n  \tb: 1", 2, 3, "tabs are not allowed for indentation"),
        ("a: \"open", 1, 4, "unterminated double-quoted string"),
        ("a: 'open\n\n", 1, 4, "unterminated single-quoted string"),
        ("a: [1, 2", 1, 4, "unterminated flow sequence"),
        ("a: {b: 1", 1, 4, "unterminated flow mapping"),
        ("a: [1 2] x", 1, 10, "expected the end of the line"),
        ("a: [1, 2] x", 1, 11, "expected the end of the line, found 'x'"),
        ("a: {b: 1 c: d}", 1, 11, "expected ',' or '}' in a flow mapping, found ':'"),
        ("a: [a, {b}] ]", 1, 13, "expected the end of the line"),
        ("a: &anchor 1", 1, 4, "anchors ('&') are not supported"),
        ("a: *alias", 1, 4, "aliases ('*') are not supported"),
        ("a: !!str 1", 1, 4, "tags ('!') are not supported"),
        ("- !tag x", 1, 3, "tags ('!') are not supported"),
        ("[&a x]", 1, 2, "anchors ('&') are not supported"),
        ("? key\n: value", 1, 1, "explicit keys ('? ') are not supported"),
        ("&a key: v", 1, 1, "anchors ('&') are not supported"),
        ("a: 1\n---\nb: 2", 2, 1, "multiple documents are not supported"),
        ("a: 1\n...\nb: 2", 3, 1, "multiple documents are not supported"),
        ("%YAML 1.2\n---\na: 1", 1, 1, "directives"),
        ("a: 1\n  b: 2", 2, 3, "bad indentation"),
        ("a:\n    b: 1\n  c: 2", 3, 3, "bad indentation: expected a key at column 1"),
        ("- \"a\"\n  - b", 2, 3, "bad indentation: expected '- ' at column 1"),
        ("a: 1\n- b", 2, 1, "found a list item"),
        ("a: b: c", 1, 4, "a nested mapping cannot start on the same line"),
        ("a: - b", 1, 4, "a list cannot start on the same line"),
        ("a: \"x\"y", 1, 7, "expected the end of the line, found 'y'"),
        ("a: \"x\"#c", 1, 7, "a comment must be separated"),
        ("a: \"\\q\"", 1, 5, "invalid escape sequence \\q"),
        ("a: \"\\x4\"", 1, 5, "expected 2 hexadecimal digits"),
        ("a: \"\\uD800\"", 1, 5, "not a Unicode scalar value"),
        ("a: \"\\uD800\\u0041\"", 1, 5, "low surrogate"),
        ("a: \"\\U00110000\"", 1, 5, "not a Unicode scalar value"),
        ("[a, , b]", 1, 5, "unexpected character ','"),
        ("[a}", 1, 3, "expected ',' or ']' in a flow sequence, found '}'"),
        ("{a: 1]", 1, 6, "expected ',' or '}' in a flow mapping, found ']'"),
        ("{[a]: 1}", 1, 2, "cannot be used as mapping keys"),
        ("[[a]: 1]", 1, 2, "cannot be used as mapping keys"),
        ("[a]: 1", 1, 1, "cannot be used as mapping keys"),
        ("a: @x", 1, 4, "unexpected character '@'"),
        ("a: `x", 1, 4, "unexpected character '`'"),
        ("]", 1, 1, "unexpected character ']'"),
        (": x", 1, 1, "missing key before ':'"),
        ("\"a\nb\": 1", 1, 1, "a mapping key must be on a single line"),
        ("a: x\n  b: c", 2, 3, "bad indentation"),
        ("a:\n  x\n  b: c", 3, 3, "bad indentation"),
        ("a: 1\n b: 2", 2, 2, "bad indentation"),
        ("a: \"\\\u{1}\"", 1, 5, "invalid escape sequence \\(U+1)"),
    ]

    @Test(arguments: cases)
    func reportsErrorWithLocation(input: String, line: Int, column: Int, message: String) throws {
        let error = try #require(parseError(input), "expected an error for \(input.debugDescription)")
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains(message), "\(error)")
    }

    @Test func descriptionHasLocation() throws {
        let error = try #require(parseError("a: 1\na: 2"))
        #expect(error.description == "2:1: duplicate key \"a\" (first defined at line 1)")
    }

    @Test func nestingLimitIsAnErrorNotACrash() throws {
        let deepFlow = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(parseError(deepFlow)?.message.contains("nesting is too deep") == true)
        let deepBlock = (0..<300).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        #expect(parseError(deepBlock)?.message.contains("nesting is too deep") == true)
        let deepDashes = String(repeating: "- ", count: 1_000) + "x"
        #expect(parseError(deepDashes)?.message.contains("nesting is too deep") == true)
        // Within the limit works.
        let fine = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
        #expect(parseError(fine) == nil)
    }

    @Test func tabsAfterContentAreFine() throws {
        #expect(try dumped("a:\t1\t# c\n") == #"{"a": "1"}"#)
        #expect(try dumped("a: 1\n\t\n  \t # comment\nb: 2") == #"{"a": "1", "b": "2"}"#)
    }
}
