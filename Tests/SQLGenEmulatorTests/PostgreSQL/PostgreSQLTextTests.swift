@testable import SQLGenEmulator
import Testing

/// PostgreSQL's text forms read into the emulator's stored forms, and parameters written for it:
/// no server needed.
@Suite("PostgreSQL text forms")
struct PostgreSQLTextTests {
    private func converted(_ text: String, _ body: (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        var bytes = Array(text.utf8) + [0]
        bytes.withUnsafeMutableBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[0..<(buffer.count - 1)]), &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func questionMarksOutsideQuotesAndCommentsAreNumbered() {
        #expect(PostgreSQLParameters.numbered("SELECT ? WHERE a = ? AND b = '?' AND \"c?\" = ? -- ?\n AND d = /* ? */ ?")
                == "SELECT $1 WHERE a = $2 AND b = '?' AND \"c?\" = $3 -- ?\n AND d = /* ? */ $4")
        #expect(PostgreSQLParameters.numbered("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', $1")
        #expect(PostgreSQLParameters.numbered("SELECT 1") == "SELECT 1")
    }

    @Test func arraysBecomeJSONAndJSONBecomesArrayLiterals() {
        #expect(converted(#"{a,"b c","q\"x",NULL,""}"#) { _ = PostgreSQLArrays.appendJSON($0, element: .text, to: &$1) } == #"["a","b c","q\"x",null,""]"#)
        #expect(converted("{1,-2.5,NaN}") { _ = PostgreSQLArrays.appendJSON($0, element: .number, to: &$1) } == "[1,-2.5,null]")
        #expect(converted("{t,f}") { _ = PostgreSQLArrays.appendJSON($0, element: .boolean, to: &$1) } == "[true,false]")
        #expect(converted(#"{"2024-05-01 10:00:00.5+00"}"#) { _ = PostgreSQLArrays.appendJSON($0, element: .timestamp, to: &$1) }
                == #"["2024-05-01T10:00:00.500000Z"]"#)
        #expect(converted(#"{"{\"a\": 1}",null}"#) { _ = PostgreSQLArrays.appendJSON($0, element: .json, to: &$1) } == #"[{"a": 1},null]"#)
        #expect(converted("{}") { _ = PostgreSQLArrays.appendJSON($0, element: .text, to: &$1) } == "[]")
        #expect(PostgreSQLArrays.literal(fromJSON: #"["a", "b \"c\"", null, 1, true, {"k": [1]}]"#) == #"{"a","b \"c\"",NULL,1,true,"{\"k\":[1]}"}"#)
        #expect(PostgreSQLArrays.literal(fromJSON: "not json") == nil)
    }

    @Test func timestampsUUIDsAndNumbersReadAsStored() {
        #expect(converted("2024-05-01 10:00:00+00") { _ = PostgreSQLText.appendStoredTimestamp($0, to: &$1) } == "2024-05-01T10:00:00.000000Z")
        #expect(converted("2024-05-01 10:00:00.123456") { _ = PostgreSQLText.appendStoredTimestamp($0, to: &$1) } == "2024-05-01T10:00:00.123456Z")
        #expect(converted("2024-05-01 10:00:00+05:30") { _ = PostgreSQLText.appendStoredTimestamp($0, to: &$1) } == "2024-05-01T04:30:00.000000Z")
        #expect(converted("3f300fba-0a29-4101-b344-980b4a4864f1") { PostgreSQLText.appendUUID($0, to: &$1) } == "3f300fba0a294101b344980b4a4864f1")
        var blob: [UInt8] = []
        Array("\\x0aff".utf8).withUnsafeBufferPointer { PostgreSQLText.appendBytea($0, to: &blob) }
        #expect(blob == [0x0A, 0xFF])
        var digits = Array("-9223372036854775808".utf8)
        #expect(digits.withUnsafeBufferPointer { PostgreSQLText.integer($0) } == Int64.min)
        digits = Array("9223372036854775808".utf8)
        #expect(digits.withUnsafeBufferPointer { PostgreSQLText.integer($0) } == nil)
        #expect(PostgreSQLParameters.text(.text(#"["x"]"#), type: 1009) == #"{"x"}"#)
        #expect(PostgreSQLParameters.text(.text(#"["x"]"#), type: 25) == #"["x"]"#)
        #expect(PostgreSQLParameters.text(.blob([0x0A, 0xFF]), type: 17) == "\\x0aff")
        #expect(PostgreSQLParameters.text(.real(.infinity), type: 701) == "Infinity")
    }
}
