@testable import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("CEL expressions: timestamp and duration accessors, time zones, conversions")
struct CELTimeTests {
    static let bindings: [String: CELValue] = [
        "request": .map([("time", .timestamp(1_700_000_000_000_000))]),
    ]

    func value(_ text: String) throws -> JSONValue {
        try CELEvaluator(bindings: Self.bindings).evaluate(text).json
    }

    func failure(_ text: String) -> String? {
        do {
            _ = try CELEvaluator(bindings: Self.bindings).evaluate(text)
            return nil
        } catch {
            return error.message
        }
    }

    /// `timestamp('<text>').<accessor>`, as an Int.
    func field(_ text: String, _ accessor: String) throws -> Int64? {
        if case .int(let number) = try value("timestamp('\(text)').\(accessor)") { return number }
        return nil
    }

    @Test("accessors in UTC (the default): 0-based month, day of year, day of month and weekday; 1-based date")
    func utcFields() throws {
        let instant = "2024-03-10T09:59:59.123Z"
        #expect(try field(instant, "getFullYear()") == 2024)
        #expect(try field(instant, "getMonth()") == 2)
        #expect(try field(instant, "getDayOfYear()") == 69)  // 31 + 29 + 10 - 1 (a leap year)
        #expect(try field(instant, "getDate()") == 10)
        #expect(try field(instant, "getDayOfMonth()") == 9)
        #expect(try field(instant, "getDayOfWeek()") == 0)  // a Sunday
        #expect(try field(instant, "getHours()") == 9)
        #expect(try field(instant, "getMinutes()") == 59)
        #expect(try field(instant, "getSeconds()") == 59)
        #expect(try field(instant, "getMilliseconds()") == 123)
        #expect(try field(instant, "getHours('UTC')") == 9)
        // request.time is 2023-11-14T22:13:20Z, a Tuesday.
        #expect(try value("request.time.getFullYear()") == .int(2023))
        #expect(try value("request.time.getDayOfWeek()") == .int(2))
        #expect(try value("request.time.getFullYear() >= 2023 && request.time.getMonth() == 10") == .bool(true))
        // Stored timestamps come back as RFC 3339 text; the accessors read them too.
        #expect(try value("'2024-03-10T09:59:59.123Z'.getMilliseconds()") == .int(123))
    }

    @Test("fixed offsets move the calendar fields across day and year boundaries")
    func fixedOffsets() throws {
        let instant = "2024-12-31T20:00:00Z"
        #expect(try field(instant, "getFullYear('+05:30')") == 2025)
        #expect(try field(instant, "getMonth('+05:30')") == 0)
        #expect(try field(instant, "getDayOfYear('+05:30')") == 0)
        #expect(try field(instant, "getDate('+05:30')") == 1)
        #expect(try field(instant, "getDayOfWeek('+05:30')") == 3)  // Wednesday, 1 January 2025
        #expect(try field(instant, "getHours('+05:30')") == 1)
        #expect(try field(instant, "getMinutes('+05:30')") == 30)
        #expect(try field(instant, "getHours('-08:00')") == 12)
        #expect(try field(instant, "getDayOfYear('-08:00')") == 365)
        #expect(try field(instant, "getDayOfWeek('-08:00')") == 2)
        #expect(try field(instant, "getHours('+00:00')") == 20)
    }

    @Test("IANA zones follow daylight saving on both sides of a transition")
    func daylightSaving() throws {
        // Los Angeles springs forward at 10:00 UTC on 10 March 2024: 01:59 PST, then 03:00 PDT.
        #expect(try field("2024-03-10T09:59:59Z", "getHours('America/Los_Angeles')") == 1)
        #expect(try field("2024-03-10T09:59:59Z", "getMinutes('America/Los_Angeles')") == 59)
        #expect(try field("2024-03-10T10:00:00Z", "getHours('America/Los_Angeles')") == 3)
        // ... and falls back at 09:00 UTC on 3 November 2024: 01:30 happens twice.
        #expect(try field("2024-11-03T08:30:00Z", "getHours('America/Los_Angeles')") == 1)
        #expect(try field("2024-11-03T09:30:00Z", "getHours('America/Los_Angeles')") == 1)
        #expect(try field("2024-11-03T10:30:00Z", "getHours('America/Los_Angeles')") == 2)
        // Summer in Europe/Paris is UTC+2, and the date follows the local midnight.
        #expect(try field("2024-07-14T22:30:00Z", "getDate('Europe/Paris')") == 15)
        #expect(try field("2024-07-14T22:30:00Z", "getHours('Europe/Paris')") == 0)
        #expect(try field("2024-01-14T22:30:00Z", "getDate('Europe/Paris')") == 14)
    }

    @Test("instants before 1970 round down: fields, milliseconds, int() and the day of the week")
    func beforeEpoch() throws {
        let instant = "1969-12-31T23:59:59.999Z"
        #expect(try field(instant, "getFullYear()") == 1969)
        #expect(try field(instant, "getMonth()") == 11)
        #expect(try field(instant, "getDate()") == 31)
        #expect(try field(instant, "getDayOfYear()") == 364)
        #expect(try field(instant, "getDayOfWeek()") == 3)  // a Wednesday
        #expect(try field(instant, "getSeconds()") == 59)
        #expect(try field(instant, "getMilliseconds()") == 999)
        #expect(try field(instant, "getHours('America/Los_Angeles')") == 15)
        #expect(try value("int(timestamp('1969-12-31T23:59:59.5Z'))") == .int(-1))
        // California kept daylight saving time in 1960 too.
        #expect(try field("1960-07-04T12:00:00Z", "getHours('America/Los_Angeles')") == 5)
        #expect(try field("1960-01-04T12:00:00Z", "getHours('America/Los_Angeles')") == 4)
        // The first day CEL allows, a Monday in the proleptic Gregorian calendar.
        #expect(try field("0001-01-01T00:00:00Z", "getDayOfWeek()") == 1)
        #expect(try field("0001-01-01T00:00:00Z", "getFullYear()") == 1)
    }

    @Test("duration accessors are totals truncated toward zero, negative durations included")
    func durationFields() throws {
        #expect(try value("duration('3723.5s').getHours()") == .int(1))
        #expect(try value("duration('3723.5s').getMinutes()") == .int(62))
        #expect(try value("duration('3723.5s').getSeconds()") == .int(3723))
        #expect(try value("duration('3723.5s').getMilliseconds()") == .int(3_723_500))
        #expect(try value("duration('-1h30m45.678s').getHours()") == .int(-1))
        #expect(try value("duration('-1h30m45.678s').getMinutes()") == .int(-90))
        #expect(try value("duration('-1h30m45.678s').getSeconds()") == .int(-5445))
        #expect(try value("duration('-1h30m45.678s').getMilliseconds()") == .int(-5_445_678))
        #expect(try value("duration('-0.9s').getSeconds()") == .int(0))
        #expect(try value("(request.time - timestamp('2023-11-14T20:13:20Z')).getHours()") == .int(2))
    }

    @Test("conversions: timestamp(int), int(timestamp), string() of timestamps and durations")
    func conversions() throws {
        #expect(try value("timestamp(1704067200) == timestamp('2024-01-01T00:00:00Z')") == .bool(true))
        #expect(try value("int(timestamp('2024-01-01T00:00:00Z'))") == .int(1_704_067_200))
        #expect(try value("string(timestamp(-1))") == .string("1969-12-31T23:59:59Z"))
        #expect(try value("timestamp(0).getFullYear()") == .int(1970))
        #expect(try value("string(timestamp('2024-01-01T00:00:00.500Z'))") == .string("2024-01-01T00:00:00.5Z"))
        #expect(try value("string(timestamp('2024-01-01T05:30:00+05:30'))") == .string("2024-01-01T00:00:00Z"))
        #expect(try value("string(duration('1m30s'))") == .string("90s"))
        #expect(try value("string(timestamp('9999-12-31T23:59:59Z') - timestamp('0001-01-01T00:00:00Z'))") == .string("315537897599s"))
        #expect(try value("timestamp(request.time) == request.time") == .bool(true))
    }

    @Test("errors: unknown zones, wrong argument types, values out of CEL's ranges")
    func errors() {
        let unknown = "Unknown time zone \"Mars/Olympus\" (use \"UTC\", an offset such as \"+05:30\", or an IANA name such as \"America/Los_Angeles\")"
        #expect(failure("request.time.getHours('Mars/Olympus')") == unknown)
        #expect(failure("request.time.getHours('+25:00')")?.hasPrefix("Unknown time zone \"+25:00\"") == true)
        #expect(failure("request.time.getHours('05:30')")?.hasPrefix("Unknown time zone") == true)
        #expect(failure("request.time.getHours('')")?.hasPrefix("Unknown time zone \"\"") == true)
        #expect(failure("request.time.getHours(5)") == "The time zone of getHours() must be a string, not int")
        #expect(failure("request.time.getHours('UTC', 'UTC')") == "getHours() takes at most one argument, a time zone")
        #expect(failure("getHours(request.time)") == "getHours is a method: write time.getHours()")
        #expect(failure("duration('1h').getFullYear()") == "getFullYear() needs a timestamp, not google.protobuf.Duration")
        #expect(failure("duration('1h').getHours('UTC')") == "getHours() takes no time zone on a duration")
        #expect(failure("'soon'.getHours()") == "getHours() needs a timestamp or duration, not string")
        #expect(failure("timestamp(true)") == "timestamp() needs RFC 3339 text or Unix seconds, not bool")

        let range = CELFunctions.timestampRangeMessage
        #expect(failure("timestamp(253402300800)") == range)
        #expect(failure("timestamp(-9223372036854775808)") == range)
        #expect(failure("timestamp('0000-12-31T23:59:59Z')") == range)
        #expect(failure("timestamp('9999-12-31T23:59:59Z') + duration('1s')") == range)
        #expect(failure("timestamp('0001-01-01T00:00:00Z') - duration('1us')") == range)
        #expect(failure("duration('87600000h') + duration('87600000h')")?.hasPrefix("Duration out of range") == true)
        #expect(failure("duration('-87600000h') - duration('87600000h')")?.hasPrefix("Duration out of range") == true)
        #expect(failure("duration('999999999999h')") == "duration() needs text such as \"1h30m\", \"90s\" or \"250ms\"")
    }
}
