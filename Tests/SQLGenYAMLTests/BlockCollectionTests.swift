import Testing
@testable import SQLGenYAML

@Suite struct BlockCollectionTests {
    static let cases: [(String, String)] = [
        ("a: 1", #"{"a": "1"}"#),
        ("a: 1\nb: two\n", #"{"a": "1", "b": "two"}"#),
        ("a:\n  b:\n    c: d\n  e: f\ng: h", #"{"a": {"b": {"c": "d"}, "e": "f"}, "g": "h"}"#),
        ("- a\n- b\n", #"["a", "b"]"#),
        ("key:\n- a\n- b\nnext: 1", #"{"key": ["a", "b"], "next": "1"}"#),
        ("key:\n  - a\n  - b\n", #"{"key": ["a", "b"]}"#),
        ("- name: x\n  value: 1\n- name: y\n", #"[{"name": "x", "value": "1"}, {"name": "y"}]"#),
        ("list:\n  - outputDir: a\n    package: P\n  - outputDir: b\n", #"{"list": [{"outputDir": "a", "package": "P"}, {"outputDir": "b"}]}"#),
        ("- - a\n  - b\n- c", #"[["a", "b"], "c"]"#),
        ("-   a\n-\tb", #"["a", "b"]"#),
        ("- \n- b", #"[null, "b"]"#),
        ("-\n  a: 1\n-\n  - x", #"[{"a": "1"}, ["x"]]"#),
        ("a:\nb: 2", #"{"a": null, "b": "2"}"#),
        ("a:   # comment\n  # another\n  b: 1", #"{"a": {"b": "1"}}"#),
        ("   a: 1\n   b: 2", #"{"a": "1", "b": "2"}"#),
        ("generate:\n   swiftSdk:\n     outputDir: x\n", #"{"generate": {"swiftSdk": {"outputDir": "x"}}}"#),
        ("a: b # c\n", #"{"a": "b"}"#),
        ("url: http://x.com/a#frag", #"{"url": "http://x.com/a#frag"}"#),
        ("a b c: d e f", #"{"a b c": "d e f"}"#),
        ("\"quoted key\": 1\n'single': 2", #"{"quoted key": "1", "single": "2"}"#),
        ("\"a\" : 1", #"{"a": "1"}"#),
        ("key: value\n...\n# after end\n", #"{"key": "value"}"#),
        ("---\na: 1", #"{"a": "1"}"#),
        ("# header\n---   # comment\na: 1", #"{"a": "1"}"#),
        ("--- text", #""text""#),
        ("--- |\n  x\n", #""x\n""#),
        ("a: 1\r\nb: 2\r\n", #"{"a": "1", "b": "2"}"#),
        ("a: 1\rb: 2", #"{"a": "1", "b": "2"}"#),
        ("\u{FEFF}a: 1", #"{"a": "1"}"#),
        ("a:\n  - b: 1\n    c:\n      - d\n  - e", #"{"a": [{"b": "1", "c": ["d"]}, "e"]}"#),
        ("- a: 1\n  b:\n  - x\n  - y\n- z", #"[{"a": "1", "b": ["x", "y"]}, "z"]"#),
        ("- key:\n  - nested", #"[{"key": ["nested"]}]"#),
        ("a: -1\nb: -x\nc: :x\nd: ?x", #"{"a": "-1", "b": "-x", "c": ":x", "d": "?x"}"#),
        ("key: [a]  # c", #"{"key": ["a"]}"#),
        ("a: \n\n\nb: 1", #"{"a": null, "b": "1"}"#),
        ("k:\t1", #"{"k": "1"}"#),
        ("key: value:with:colons", #"{"key": "value:with:colons"}"#),
        ("null: 1\n~: 2\ntrue: 3", #"{"null": "1", "~": "2", "true": "3"}"#),
    ]

    @Test(arguments: cases)
    func parses(input: String, expected: String) throws {
        #expect(try dumped(input) == expected)
    }

    @Test func emptyDocumentsAreNull() throws {
        #expect(try YAML.parse("").isNull)
        #expect(try YAML.parse("# only a comment\n\n").isNull)
        #expect(try YAML.parse("---\n").isNull)
        #expect(try YAML.parse("   \n  \t\n").isNull)
        #expect(try YAML.parse("...\n# end\n").isNull)
        #expect(throws: YAMLError.self) { try YAML.parse("...\na: 1") }
    }

    @Test func mappingKeepsOrder() throws {
        let node = try YAML.parse("z: 1\na: 2\nm: 3")
        #expect(node.pairs?.map(\.name) == ["z", "a", "m"])
    }

    @Test func subscriptAndPairLookup() throws {
        let node = try YAML.parse("a:\n  b: [1, 2]\n")
        #expect(node["a"]?["b"]?.items?.count == 2)
        #expect(node["missing"] == nil)
        #expect(node["a"]?["b"]?.items?[1].int == 2)
        #expect(node.pair(for: "a")?.key.mark == YAMLMark(line: 1, column: 1, offset: 0))
        #expect(node["a"]?["b"]?["x"] == nil)
    }
}
