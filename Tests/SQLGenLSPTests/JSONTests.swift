import Testing
@testable import SQLGenLSP

@Suite struct JSONTests {
    @Test func roundTripsNestedValues() throws {
        let text = #"{"a":[1,-2.5,true,false,null],"b":{"c":"x\"y\\z\n\u00e9\ud83d\ude00"},"d":1e3}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value["a"][0] == .int(1))
        #expect(value["a"][1] == .double(-2.5))
        #expect(value["a"][4] == .null)
        #expect(value["b"]["c"].string == "x\"y\\z\né😀")
        #expect(value["d"] == .double(1000))
        #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
    }

    @Test func writesMembersInOrder() {
        let value: JSON = ["z": 1, "a": ["x", nil], "m": .object(["k": true])]
        #expect(JSONWriter.string(value) == #"{"z":1,"a":["x",null],"m":{"k":true}}"#)
    }

    @Test func escapesControlCharacters() {
        #expect(JSONWriter.string(.string("a\u{1}b\tc")) == #""a\u0001b\tc""#)
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01x", "[1] 2", "\"\\q\"", "-"])
    func refusesMalformedText(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func refusesDeepNesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
    }
}
