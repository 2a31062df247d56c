import Testing
@testable import SQLGenYAML

@Suite struct ScalarTests {
    static let cases: [(String, String)] = [
        // Plain
        ("plain text here", #""plain text here""#),
        ("a: text  \n", #"{"a": "text"}"#),
        ("a: multi\n  line\n  plain", #"{"a": "multi line plain"}"#),
        ("a: para\n\n  two", #"{"a": "para\ntwo"}"#),
        ("- a\n  - b", #"["a - b"]"#),
        ("a: x#y", #"{"a": "x#y"}"#),
        ("a: '#not comment'", ##"{"a": "#not comment"}"##),
        // Single-quoted
        ("a: 'it''s'", #"{"a": "it's"}"#),
        ("a: ''", #"{"a": ""}"#),
        ("a: 'no \\n escapes'", #"{"a": "no \\n escapes"}"#),
        ("a: 'folded\n  line'", #"{"a": "folded line"}"#),
        ("a: 'one\n\n  two'", #"{"a": "one\ntwo"}"#),
        ("a: '  keep inner  '", #"{"a": "  keep inner  "}"#),
        // Double-quoted
        (#"a: "tab\there""#, #"{"a": "tab\there"}"#),
        (#"a: "q\"uote\\back/sl\/ash""#, #"{"a": "q\"uote\\back/sl/ash"}"#),
        (#"a: "\x41\u00e9\U0001F600""#, #"{"a": "Aé😀"}"#),
        (#"a: "\uD83D\uDE00""#, #"{"a": "😀"}"#),
        (#"a: "\N\_\L\P""#, "{\"a\": \"\u{85}\u{A0}\u{2028}\u{2029}\"}"),
        (#"a: "\0\a\b\e\f\r\v\ ""#, "{\"a\": \"\u{0}\u{7}\u{8}\u{1B}\u{C}\r\u{B} \"}"),
        ("a: \"folded\n   text\"", #"{"a": "folded text"}"#),
        ("a: \"joined\\\n   text\"", #"{"a": "joinedtext"}"#),
        ("a: \"x  \n\n  y\"", #"{"a": "x\ny"}"#),
        (#"a: "trailing\t""#, #"{"a": "trailing\t"}"#),
        ("a: \"\"", #"{"a": ""}"#),
        ("a: \"ünïcødé\"", #"{"a": "ünïcødé"}"#),
        // Null forms
        ("a: ~\nb: null\nc: Null\nd: NULL\ne:", #"{"a": null, "b": null, "c": null, "d": null, "e": null}"#),
        ("a: \"null\"\nb: 'null'\nc: nulls", #"{"a": "null", "b": "null", "c": "nulls"}"#),
    ]

    @Test(arguments: cases)
    func parses(input: String, expected: String) throws {
        #expect(try dumped(input) == expected)
    }

    @Test func stylesAreRecorded() throws {
        let node = try YAML.parse("a: x\nb: 'x'\nc: \"x\"\nd: |\n  x\ne: >\n  x\n")
        #expect(node["a"]?.scalar?.style == .plain)
        #expect(node["b"]?.scalar?.style == .singleQuoted)
        #expect(node["c"]?.scalar?.style == .doubleQuoted)
        #expect(node["d"]?.scalar?.style == .literal)
        #expect(node["e"]?.scalar?.style == .folded)
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false),
    ])
    func coreSchemaBooleans(text: String, value: Bool) throws {
        let node = try YAML.parse("k: \(text)")
        #expect(node["k"]?.bool == value)
        #expect(node["k"]?.text == text)
    }

    @Test func nonBooleansStayStrings() throws {
        let node = try YAML.parse("a: yes\nb: on\nc: \"true\"\nd: tRUE")
        #expect(node["a"]?.bool == nil)
        #expect(node["b"]?.bool == nil)
        #expect(node["c"]?.bool == nil)
        #expect(node["d"]?.bool == nil)
        #expect(node["c"]?.text == "true")
    }

    @Test(arguments: [
        ("0", 0), ("42", 42), ("-17", -17), ("+3", 3), ("0o17", 15), ("0x1F", 31), ("0xff", 255), ("007", 7),
    ])
    func coreSchemaIntegers(text: String, value: Int) throws {
        let node = try YAML.parse("k: \(text)")
        #expect(node["k"]?.int == value)
        #expect(node["k"]?.double == Double(value))
        #expect(node["k"]?.text == text)
    }

    @Test func notIntegers() throws {
        for text in ["1.5", "0x", "0o8", "1_000", "12abc", "\"12\"", "--", "99999999999999999999999"] {
            let node = try YAML.parse("k: \(text)")
            #expect(node["k"]?.int == nil, "\(text)")
        }
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-2e3", -2000), (".5", 0.5), ("1.", 1), ("+1.25E-2", 0.0125), ("3", 3),
    ])
    func coreSchemaFloats(text: String, value: Double) throws {
        #expect(try YAML.parse("k: \(text)")["k"]?.double == value)
    }

    @Test func specialFloats() throws {
        let node = try YAML.parse("a: .inf\nb: -.Inf\nc: .NaN\nd: 1e\ne: '1.5'\nf: 1.2.3")
        #expect(node["a"]?.double == .infinity)
        #expect(node["b"]?.double == -.infinity)
        #expect(node["c"]?.double?.isNaN == true)
        #expect(node["d"]?.double == nil)
        #expect(node["e"]?.double == nil)
        #expect(node["f"]?.double == nil)
        #expect(node["e"]?.text == "1.5")
    }

    @Test func summariesDescribeValues() throws {
        let node = try YAML.parse("a: soon\nb: 5\nc: true\nd:\ne: [1]\nf: {x: 1}\ng: |\n  t\n")
        #expect(node["a"]?.summary == "\"soon\"")
        #expect(node["b"]?.summary == "the number 5")
        #expect(node["c"]?.summary == "the boolean true")
        #expect(node["d"]?.summary == "null")
        #expect(node["e"]?.summary == "a list")
        #expect(node["f"]?.summary == "a mapping")
        #expect(node["g"]?.summary == "a block of text")
    }
}

@Suite struct PlainContinuationTests {
    @Test func moreIndentedDashLineContinuesPlainText() throws {
        // As in YAML: "- a" followed by a more-indented "- b" is one plain scalar, not a nested list.
        #expect(try dumped("- a\n - b") == #"["a - b"]"#)
    }
}
