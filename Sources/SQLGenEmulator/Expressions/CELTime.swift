// CEL's time rules: the ranges of timestamps and durations, time zones (`"UTC"`, fixed offsets,
// IANA names through Foundation's tz database) and the calendar fields of an instant in a zone.

import Foundation

enum CELTime {
    /// 0001-01-01T00:00:00Z, the first second CEL allows.
    static let minSeconds: Int64 = -62_135_596_800
    /// 9999-12-31T23:59:59Z, the last second CEL allows.
    static let maxSeconds: Int64 = 253_402_300_799
    /// Durations span at most 10,000 years (315,576,000,000 s) either way, as in protobuf.
    static let maxDurationMicros: Int64 = 315_576_000_000_000_000

    static func isValidTimestamp(_ micros: Int64) -> Bool {
        let seconds = floorDivide(micros, 1_000_000)
        return seconds >= minSeconds && seconds <= maxSeconds
    }

    static func isValidDuration(_ micros: Int64) -> Bool {
        micros >= -maxDurationMicros && micros <= maxDurationMicros
    }

    /// Division rounding toward negative infinity, so instants before 1970 fall in the right second and day.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Seconds east of UTC in `zone` at the instant `micros`: `"UTC"`, `"+05:30"` / `"-08:00"`, or an
    /// IANA name such as `"America/Los_Angeles"` (its offset at that instant, daylight saving included).
    /// Nil for a zone that is none of these.
    static func utcOffset(zone: String, atMicros micros: Int64) -> Int? {
        if zone == "UTC" { return 0 }
        let bytes = Array(zone.utf8)
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            guard bytes.count == 6, bytes[3] == UInt8(ascii: ":"),
                  let hours = twoDigits(bytes[1], bytes[2]), let minutes = twoDigits(bytes[4], bytes[5]),
                  hours < 24, minutes < 60 else { return nil }
            let offset = hours * 3600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -offset : offset
        }
        guard let timeZone = TimeZone(identifier: zone) else { return nil }
        let instant = Date(timeIntervalSince1970: TimeInterval(floorDivide(micros, 1_000_000)))
        return timeZone.secondsFromGMT(for: instant)
    }

    private static func twoDigits(_ tens: UInt8, _ ones: UInt8) -> Int? {
        let zero = UInt8(ascii: "0")
        guard tens >= zero, tens <= zero + 9, ones >= zero, ones <= zero + 9 else { return nil }
        return Int(tens - zero) * 10 + Int(ones - zero)
    }

    /// The calendar fields of an instant as seen `offset` seconds east of UTC.
    struct Fields: Equatable {
        var year: Int
        /// 1-12
        var month: Int
        /// 1-31
        var day: Int
        /// 0-365
        var dayOfYear: Int
        /// 0 = Sunday
        var dayOfWeek: Int
        var hour: Int
        var minute: Int
        var second: Int
        var millisecond: Int

        /// Nil only when the local time overflows, which no valid timestamp does.
        init?(micros: Int64, offset: Int) {
            guard offset > -86_400, offset < 86_400 else { return nil }
            let shifted = micros.addingReportingOverflow(Int64(offset) * 1_000_000)
            guard !shifted.overflow else { return nil }
            let local = shifted.partialValue
            let seconds = floorDivide(local, 1_000_000)
            let days = floorDivide(seconds, 86_400)
            let secondOfDay = Int(seconds - days * 86_400)
            let dayCount = Int(days)
            (year, month, day) = ScalarFormats.civil(days: dayCount)
            dayOfYear = dayCount - ScalarFormats.days(year: year, month: 1, day: 1)
            // 1970-01-01 was a Thursday (4).
            dayOfWeek = Int((days % 7 + 7 + 4) % 7)
            hour = secondOfDay / 3600
            minute = secondOfDay / 60 % 60
            second = secondOfDay % 60
            millisecond = Int((local - seconds * 1_000_000) / 1000)
        }
    }
}
