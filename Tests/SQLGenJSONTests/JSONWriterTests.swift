import SQLGenJSON
import Testing

/// The response writer: integers written digit by digit, strings copied whole unless they need escapes.
@Suite("JSON writer")
struct JSONWriterTests {
    @Test func integersAtEveryMagnitude() throws {
        let numbers: [Int64] = [0, 1, 7, 9, -1, -7, -9, 10, -10, 1_234_567_890, .max, .min, .max - 1, .min + 1]
        for number in numbers {
            #expect(JSONValue.int(number).jsonText == String(number))
            #expect(try JSONParser.parse(JSONValue.int(number).jsonText) == .int(number))
        }
        #expect(JSONValue.array([.int(-1), .int(20), .object([JSONMember("n", .int(300))])]).jsonText == "[-1,20,{\"n\":300}]")
    }

    @Test func stringsPlainAndEscaped() throws {
        #expect(JSONValue.string("").jsonText == "\"\"")
        #expect(JSONValue.string("plain text, long enough to live on the heap").jsonText == "\"plain text, long enough to live on the heap\"")
        #expect(JSONValue.string("é ✓ 𝄞").jsonText == "\"é ✓ 𝄞\"")
        #expect(JSONValue.string("a\"b\\c\nd\re\tf\u{01}").jsonText == "\"a\\\"b\\\\c\\nd\\re\\tf\\u0001\"")
        for text in ["x\"", "tab\there", "\u{1F}", "long text with a quote \" near the end of it"] {
            #expect(try JSONParser.parse(JSONValue.string(text).jsonText) == .string(text))
        }
    }
}
