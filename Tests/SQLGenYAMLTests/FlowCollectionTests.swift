import Testing
@testable import SQLGenYAML

@Suite struct FlowCollectionTests {
    static let cases: [(String, String)] = [
        ("[a, b, c]", #"["a", "b", "c"]"#),
        ("[]", "[]"),
        ("{}", "{}"),
        ("[a, b,]", #"["a", "b"]"#),
        ("{a: 1, b: [x, y]}", #"{"a": "1", "b": ["x", "y"]}"#),
        ("{a: {b: {c: [1, [2, {d: e}]]}}}", #"{"a": {"b": {"c": ["1", ["2", {"d": "e"}]]}}}"#),
        ("dirs: [\"./connector\"]", #"{"dirs": ["./connector"]}"#),
        ("['a''b', \"c\\nd\"]", #"["a'b", "c\nd"]"#),
        ("[a b, c d]", #"["a b", "c d"]"#),
        ("[\n  a,\n  b  # comment\n]", #"["a", "b"]"#),
        ("{a: 1,\n b: 2\n}", #"{"a": "1", "b": "2"}"#),
        ("{a, b: 2}", #"{"a": null, "b": "2"}"#),
        ("{a: , b: }", #"{"a": null, "b": null}"#),
        ("{\"a\":1}", #"{"a": "1"}"#),
        ("{a:1}", #"{"a:1": null}"#),
        ("[a: 1, b]", #"[{"a": "1"}, "b"]"#),
        ("[http://x.com, a:b]", #"["http://x.com", "a:b"]"#),
        ("[~, null, x]", #"[null, null, "x"]"#),
        ("{~: 1}", #"{"~": "1"}"#),
        ("[-1, -x]", #"["-1", "-x"]"#),
        ("[multi\n  line]", #"["multi line"]"#),
        ("clientCache: {maxAge: 2s, storage: memory}", #"{"clientCache": {"maxAge": "2s", "storage": "memory"}}"#),
        ("- [a, b]\n- {c: d}", #"[["a", "b"], {"c": "d"}]"#),
    ]

    @Test(arguments: cases)
    func parses(input: String, expected: String) throws {
        #expect(try dumped(input) == expected)
    }

    @Test func flowItemsKeepLocations() throws {
        let node = try YAML.parse("k: [a, {b: c}]")
        let items = try #require(node["k"]?.items)
        #expect(node["k"]?.mark.column == 4)
        #expect(items[0].mark.column == 5)
        #expect(items[1].mark.column == 8)
        let inner = try #require(items[1].pairs?.first)
        #expect(inner.key.mark.column == 9)
        #expect(inner.value.mark.column == 12)
    }
}
