import Foundation
import Testing
@testable import SQLConnect

@Suite struct LocalDateTests {
    @Test func parsesAndFormatsASCII() throws {
        let date = try LocalDate(string: "2024-02-29")
        #expect((date.year, date.month, date.day) == (2024, 2, 29))
        #expect(date.description == "2024-02-29")
        #expect(try LocalDate(year: 7, month: 1, day: 5).description == "0007-01-05")
    }

    @Test("Arabic-Indic and Persian digits parse; output is always ASCII")
    func nonASCIIDigits() throws {
        #expect(try LocalDate(string: "٢٠٢٤-٠١-٠٥").description == "2024-01-05")
        #expect(try LocalDate(string: "۲۰۲۴-۱۲-۳۱").description == "2024-12-31")
    }

    @Test("Invalid dates are errors", arguments: ["2023-02-29", "2024-13-01", "2024-00-10", "2024-1-01", "2024/01/01", "", "2024-01-01T00:00:00Z", "0000-01-01"])
    func invalid(text: String) {
        #expect(throws: LocalDate.FormatError.self) { try LocalDate(string: text) }
    }

    @Test func fromDateUsesTheGivenZoneNotTheLocale() throws {
        let instant = try Timestamp(string: "2024-03-01T02:30:00Z").dateValue
        #expect(LocalDate(date: instant, timeZone: try #require(TimeZone(secondsFromGMT: 0))).description == "2024-03-01")
        #expect(LocalDate(date: instant, timeZone: try #require(TimeZone(secondsFromGMT: -5 * 3600))).description == "2024-02-29")
        let midnight = try LocalDate(string: "2024-03-01").date(in: try #require(TimeZone(secondsFromGMT: 3600)))
        #expect(Timestamp(date: midnight).description == "2024-02-29T23:00:00Z")
    }

    @Test func codableRoundTrip() throws {
        let data = try JSONEncoder().encode([try LocalDate(string: "1999-12-31")])
        #expect(String(decoding: data, as: UTF8.self) == #"["1999-12-31"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: data) == [try LocalDate(string: "1999-12-31")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDate].self, from: Data(#"["1999-02-30"]"#.utf8)) }
    }
}

@Suite struct TimestampTests {
    @Test("0 to 9 fractional digits", arguments: [
        ("2024-05-06T07:08:09Z", 0), ("2024-05-06T07:08:09.1Z", 100_000_000), ("2024-05-06T07:08:09.12Z", 120_000_000),
        ("2024-05-06T07:08:09.123Z", 123_000_000), ("2024-05-06T07:08:09.123456Z", 123_456_000),
        ("2024-05-06T07:08:09.123456789Z", 123_456_789), ("2024-05-06T07:08:09.Z", 0),
    ])
    func fractions(text: String, nanos: Int32) throws {
        let timestamp = try Timestamp(string: text)
        #expect(timestamp.nanoseconds == nanos)
        #expect(timestamp.seconds == 1_714_979_289)
    }

    @Test func offsetsAreApplied() throws {
        #expect(try Timestamp(string: "2024-05-06T09:08:09+02:00") == Timestamp(string: "2024-05-06T07:08:09Z"))
        #expect(try Timestamp(string: "2024-05-05T23:38:09-07:30").description == "2024-05-06T07:08:09Z")
        #expect(try Timestamp(string: "2024-05-06t07:08:09.5z").description == "2024-05-06T07:08:09.500Z")
    }

    @Test func formatsWithThreeSixOrNineDigits() {
        #expect(Timestamp(seconds: 0, nanoseconds: 0).description == "1970-01-01T00:00:00Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 120_000_000).description == "1970-01-01T00:00:00.120Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 123_400).description == "1970-01-01T00:00:00.000123400Z")
        #expect(Timestamp(seconds: 0, nanoseconds: 123_000).description == "1970-01-01T00:00:00.000123Z")
        #expect(Timestamp(seconds: -1, nanoseconds: 1).description == "1969-12-31T23:59:59.000000001Z")
        #expect(Timestamp(seconds: 253_402_300_799, nanoseconds: 0).description == "9999-12-31T23:59:59Z")
    }

    @Test("Malformed timestamps are errors", arguments: [
        "2024-05-06", "2024-05-06T07:08:09", "2024-05-06T07:08:09.1234567890Z", "2024-02-30T00:00:00Z",
        "2024-05-06T24:00:00Z", "2024-05-06T07:08:09+0200", "2024-05-06T07:08:09Zjunk", "٢٠٢٤-05-06T07:08:09Z",
    ])
    func invalid(text: String) {
        #expect(throws: Timestamp.FormatError.self) { try Timestamp(string: text) }
    }

    @Test func dateRoundTrip() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        #expect(Timestamp(date: date).description == "2023-11-14T22:13:20.250Z")
        #expect(abs(Timestamp(date: date).dateValue.timeIntervalSince(date)) < 1e-6)
        let decoded = try JSONDecoder().decode([Timestamp].self, from: Data(#"["2023-11-14T22:13:20.25+00:00"]"#.utf8))
        #expect(decoded == [Timestamp(date: date)])
    }
}

@Suite struct WireScalarTests {
    @Test func uuidDecodesBothFormsAndEncodesHex() throws {
        let expected = try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
        #expect(UUIDHex(string: "6ba7b8109dad11d180b400c04fd430c8")?.value == expected)
        #expect(UUIDHex(string: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")?.value == expected)
        #expect(UUIDHex(string: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")?.value == expected)
        #expect(UUIDHex(expected).description == "6ba7b8109dad11d180b400c04fd430c8")
        for bad in ["", "6ba7b8109dad11d180b400c04fd430c", "6ba7b8109dad11d180b400c04fd430cg", "{6ba7b810-9dad-11d1-80b4-00c04fd430c8}"] {
            #expect(UUIDHex(string: bad) == nil)
        }
        let json = try JSONEncoder().encode([UUIDHex(expected)])
        #expect(String(decoding: json, as: UTF8.self) == #"["6ba7b8109dad11d180b400c04fd430c8"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([UUIDHex].self, from: Data(#"["nope"]"#.utf8)) }
    }

    @Test func int64TravelsAsAString() throws {
        let json = try JSONEncoder().encode([Int64String(Int64.max), Int64String(-5)])
        #expect(String(decoding: json, as: UTF8.self) == #"["9223372036854775807","-5"]"#)
        let decoded = try JSONDecoder().decode([Int64String].self, from: Data(#"["-9223372036854775808", 42]"#.utf8))
        #expect(decoded.map(\.value) == [Int64.min, 42])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Int64String].self, from: Data(#"["12x"]"#.utf8)) }
    }

    @Test func anyValueRoundTrips() throws {
        let text = #"{"a":[1,2.5,"x",true,null],"b":{"c":-7}}"#
        let value = try AnyValue(jsonData: Data(text.utf8))
        #expect(value["a"] == .array([.int(1), .double(2.5), .string("x"), .bool(true), .null]))
        #expect(String(decoding: value.jsonData, as: UTF8.self) == text)
        struct Inner: Codable, Equatable { var c: Int }
        #expect(try value["b"]?.decodeValue(Inner.self) == Inner(c: -7))
        #expect(try AnyValue(codableValue: Inner(c: 3)) == .object(["c": .int(3)]))
    }
}

@Suite struct OptionalVariableTests {
    @Test("Unset is omitted, nil is null, a value is sent; synthesized Encodable honours it")
    func threeStates() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var variables = MovieVariables(title: "Up")
        #expect(!variables.$limit.isSet)
        #expect(String(decoding: try encoder.encode(variables), as: UTF8.self) == #"{"title":"Up"}"#)
        variables.limit = nil
        #expect(variables.$limit.isSet)
        #expect(String(decoding: try encoder.encode(variables), as: UTF8.self) == #"{"limit":null,"title":"Up"}"#)
        variables.limit = 3
        variables.genre = "DRAMA"
        #expect(String(decoding: try encoder.encode(variables), as: UTF8.self) == #"{"genre":"DRAMA","limit":3,"title":"Up"}"#)
        variables.$limit.unset()
        #expect(String(decoding: try encoder.encode(variables), as: UTF8.self) == #"{"genre":"DRAMA","title":"Up"}"#)
    }

    @Test func setAndUnsetVariablesAreNotEqual() {
        var a = MovieVariables(title: "Up")
        let b = MovieVariables(title: "Up")
        #expect(a == b)
        a.limit = nil
        #expect(a != b)
    }
}
