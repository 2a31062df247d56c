@testable import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("CEL expressions: bytes literals and values, octal escapes")
struct CELBytesTests {
    func evaluate(_ text: String) throws(CELError) -> CELValue {
        try CELEvaluator(bindings: ["vars": .json(.object([JSONMember("name", .string("café"))]))]).evaluate(text)
    }

    func octets(_ text: String) throws -> [UInt8]? {
        if case .bytes(let octets) = try evaluate(text) { return octets }
        return nil
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try evaluate(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("literals: quotes, escapes as single octets, octal, raw and triple-quoted forms, UTF-8 text")
    func literals() throws {
        #expect(try octets("b'abc'") == [0x61, 0x62, 0x63])
        #expect(try octets(#"b"\xff\x00\X7f""#) == [0xFF, 0x00, 0x7F])
        #expect(try octets(#"B'\377\000\101'"#) == [0xFF, 0x00, 0x41])
        #expect(try octets(#"b'\n\t\\\'\"'"#) == [0x0A, 0x09, 0x5C, 0x27, 0x22])
        #expect(try octets("b'ÿ'") == [0xC3, 0xBF])
        #expect(try octets(#"rb'\x41'"#) == Array(#"\x41"#.utf8))
        #expect(try octets(#"BR"\n""#) == [0x5C, 0x6E])
        #expect(try octets(#"bR'\'"#) == [0x5C])
        #expect(try octets("b'''a'b\nc'''") == Array("a'b\nc".utf8))
        #expect(try octets(#"b"""\x01""""#) == [0x01])
        #expect(try octets("b''") == [])
        // The same escapes in strings name code points, written as UTF-8.
        #expect(try evaluate(#"'\xff' == '\u00ff' && '\377' == 'ÿ'"#).json == .bool(true))
        #expect(try evaluate(#"'\101\x42'"#).json == .string("AB"))
        // Letters that are not followed by a quote are identifiers.
        #expect(try evaluate("[1, 2].map(b, b * 2)").json == .array([.int(2), .int(4)]))
        #expect(try evaluate("[3].exists(rb, rb == 3) && {'br': 1}.br == 1").json == .bool(true))
    }

    @Test("bytes() and string() convert through UTF-8; size counts octets; JSON is base64")
    func conversions() throws {
        #expect(try octets("bytes('café')") == [0x63, 0x61, 0x66, 0xC3, 0xA9])
        #expect(try octets("bytes(b'x')") == [0x78])
        #expect(try evaluate(#"string(b'caf\xc3\xa9')"#).json == .string("café"))
        #expect(try evaluate("string(bytes(vars.name)) == vars.name").json == .bool(true))
        #expect(try evaluate("size(bytes(vars.name))").json == .int(5))
        #expect(try evaluate("b'abc'.size()").json == .int(3))
        #expect(try evaluate("size(vars.name)").json == .int(4))
        #expect(try evaluate("b'hello'").json == .string("aGVsbG8="))
        #expect(try evaluate("dyn(b'a') == b'a'").json == .bool(true))
    }

    @Test("comparisons are by octets (unsigned); + concatenates; bytes never equal strings")
    func operators() throws {
        #expect(try evaluate("b'abc' == bytes('abc')").json == .bool(true))
        #expect(try evaluate("b'abc' != b'abd'").json == .bool(true))
        #expect(try evaluate("b'a' == 'a'").json == .bool(false))
        #expect(try evaluate("'a' == b'a'").json == .bool(false))
        #expect(try evaluate(#"b'\x01' < b'\xff'"#).json == .bool(true))
        #expect(try evaluate("b'ab' < b'abc' && b'b' > b'abc' && b'a' <= b'a' && b'b' >= b'a'").json == .bool(true))
        #expect(try evaluate("b'abc' + b'def' == b'abcdef'").json == .bool(true))
        #expect(try evaluate("b'x' in [b'y', b'x']").json == .bool(true))
        #expect(try evaluate("[b'a'] == [b'a']").json == .bool(true))
    }

    @Test("errors: invalid UTF-8, mixed operands, \\u in bytes, bad escapes, unterminated literals")
    func errors() {
        #expect(failure(#"string(b'\xff')"#) == "string() needs bytes that are valid UTF-8 (column 1)")
        #expect(failure(#"string(b'\xc3')"#) == "string() needs bytes that are valid UTF-8 (column 1)")
        #expect(failure("b'a' + 'a'") == "No operator \"+\" for bytes and string (column 6)")
        #expect(failure("b'a' < 'a'") == "Cannot compare bytes < string (column 6)")
        #expect(failure("bytes(1)") == "bytes() cannot convert int (column 1)")
        #expect(failure("size(1)") == "size() needs a string, bytes, list or map, not int (column 1)")
        #expect(failure(#"b'\u00ff'"#) == "\\u escapes are not allowed in bytes literals; use \\x (column 3)")
        #expect(failure(#"b'\U000000ff'"#) == "\\U escapes are not allowed in bytes literals; use \\x (column 3)")
        #expect(failure(#"b'\x'"#) == "Malformed escape sequence (column 3)")
        #expect(failure(#"b'\x4'"#) == "Malformed escape sequence (column 3)")
        #expect(failure(#"'\08'"#) == "Malformed escape sequence (column 2)")
        #expect(failure(#"'\400'"#) == "Unknown escape sequence \"\\4\" (column 2)")
        #expect(failure(#"'\uD800'"#) == "Escape sequence is not a Unicode scalar (column 2)")
        #expect(failure("b'open") == "Unterminated string (column 1)")
        #expect(failure("rb'''open''") == "Unterminated string (column 1)")
        #expect(failure("b'\\") == "Unterminated escape sequence (column 3)")
        #expect(failure("b'a\nb'") == "Line break in a string (use triple quotes or \\n) (column 4)")
    }
}
