import SQLGenJSON
import Testing

/// The one JSON reader of the emulator's requests and of language-server messages.
@Suite("JSON parser")
struct JSONParserTests {
    @Test func roundTripsNestedValues() throws {
        let text = #"{"a":[1,-2.5,true,false,null],"b":{"c":"x\"y\\z\n\u00e9\ud83d\ude00"},"d":1e3}"#
        let value = try JSONParser.parse(text)
        #expect(value["a"]?.arrayValue == [.int(1), .double(-2.5), .bool(true), .bool(false), .null])
        #expect(value["b"]?["c"]?.stringValue == "x\"y\\z\né😀")
        #expect(value["d"] == .double(1000))
        #expect(try JSONParser.parse(value.serialized()) == value)
    }

    @Test func writesLiteralsWithMembersInOrder() {
        let value: JSONValue = ["z": 1, "a": ["x", nil], "m": ["k": true]]
        #expect(value.jsonText == #"{"z":1,"a":["x",null],"m":{"k":true}}"#)
        #expect(JSONValue.double(3).intValue == 3 && JSONValue.double(3.5).intValue == nil && JSONValue.int(7).intValue == 7)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01x", "[1] 2", "\"\\q\"", "-"])
    func refusesMalformedText(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    /// A malformed object or array is reported with what was expected, at the byte where it was not.
    @Test(arguments: [
        ("{\"a\":1 \"b\":2}", "Expected \",\" or \"}\" in JSON object at byte 7"),
        ("[1 2]", "Expected \",\" or \"]\" in JSON array at byte 3"),
        ("{1:2}", "Expected a member name in JSON object at byte 1"),
        ("{\"a\" 1}", "Expected \":\" in JSON object at byte 5"),
        ("[1,", "Unexpected end of JSON at byte 3"),
        ("{\"a\":1", "Unexpected end of JSON at byte 6"),
    ])
    func reportsWhereAnObjectOrArrayGoesWrong(_ text: String, _ described: String) {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
        #expect(error?.description == described)
    }

    /// Strings read whole when they hold no escape, byte by byte when they do: the same values,
    /// and the same errors at the same bytes, either way.
    @Test(arguments: [
        ([0x22, 0x61, 0xC3, 0xA9, 0x22], "aé"),
        ([0x22, 0x22], ""),
        ([0x22, 0x61, 0x5C, 0x6E, 0x22], "a\n"),
    ] as [([UInt8], String)])
    func readsStringsWithAndWithoutEscapes(_ bytes: [UInt8], _ expected: String) throws {
        #expect(try JSONParser.parse(bytes) == .string(expected))
    }

    @Test(arguments: [
        ([0x22, 0x61, 0x01, 0x62, 0x22], "Control character in JSON string at byte 2"),
        ([0x22, 0x5C, 0x6E, 0x01, 0x22], "Control character in JSON string at byte 3"),
        ([0x22, 0x61, 0x62], "Unterminated string in JSON at byte 3"),
        ([0x22, 0x5C, 0x6E, 0x62], "Unterminated string in JSON at byte 4"),
        ([0x22, 0xFF, 0x22], "Invalid UTF-8 in JSON string at byte 3"),
        ([0x22, 0x5C, 0x6E, 0xFF, 0x22], "Invalid UTF-8 in JSON string at byte 5"),
    ] as [([UInt8], String)])
    func reportsWhereAStringGoesWrong(_ bytes: [UInt8], _ described: String) {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
        #expect(error?.description == described)
    }

    @Test func refusesDeepNesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }
}
