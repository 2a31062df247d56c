import Foundation

/// An instant (Data Connect's `Timestamp` scalar): RFC 3339 on the wire.
///
/// Parsing accepts 0 to 9 fractional digits and `Z` or `±HH:MM` offsets with our own parser (no
/// `DateFormatter`, so no locale effects); output is UTC with 0, 3, 6 or 9 fractional digits.
public struct Timestamp: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int64
    /// Nanoseconds within the second, 0...999_999_999.
    public let nanoseconds: Int32

    public struct FormatError: Error, Sendable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "Invalid timestamp \"\(text)\": \(reason)." }
    }

    /// The first and last second Data Connect's `Timestamp` holds: 0001-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59Z.
    public static let minimumSeconds: Int64 = -62_135_596_800
    public static let maximumSeconds: Int64 = 253_402_300_799

    /// An instant; `nanoseconds` out of 0...999_999_999 carry into the seconds, and an instant out
    /// of the supported years 1 to 9999 becomes the nearest end of that range (it never traps).
    public init(seconds: Int64, nanoseconds: Int32) {
        var secs = seconds
        var nanos = Int64(nanoseconds)
        // At most two seconds of carry either way: Int32 holds about ±2.1 billion nanoseconds.
        secs = secs.clamped(adding: nanos / 1_000_000_000)
        nanos %= 1_000_000_000
        if nanos < 0 {
            nanos += 1_000_000_000
            secs = secs.clamped(adding: -1)
        }
        if secs < Self.minimumSeconds {
            (secs, nanos) = (Self.minimumSeconds, 0)
        } else if secs > Self.maximumSeconds {
            (secs, nanos) = (Self.maximumSeconds, 999_999_999)
        }
        self.seconds = secs
        self.nanoseconds = Int32(nanos)
    }

    /// The instant of `date`; a date out of the years 1 to 9999, or not finite, becomes the
    /// nearest end of that range (NaN the earliest).
    public init(date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval >= Double(Self.minimumSeconds) else {
            self.init(seconds: Self.minimumSeconds, nanoseconds: 0)
            return
        }
        guard interval < Double(Self.maximumSeconds) + 1 else {
            self.init(seconds: Self.maximumSeconds, nanoseconds: 999_999_999)
            return
        }
        let whole = interval.rounded(.down)
        var nanos = ((interval - whole) * 1e9).rounded()
        if nanos >= 1e9 { nanos = 999_999_999 }
        self.init(seconds: Int64(whole), nanoseconds: Int32(nanos))
    }

    /// The instant as a `Date` (sub-microsecond precision may be lost).
    public var dateValue: Date {
        Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1e9)
    }

    /// Parses RFC 3339: `yyyy-MM-ddTHH:mm:ss[.f{1,9}](Z|±HH:MM)` (`t`, `z` and a space separator allowed).
    public init(string: String) throws {
        let bytes = Array(string.utf8)
        var index = 0
        func fail(_ reason: String) -> FormatError { FormatError(text: string, reason: reason) }
        func number(_ count: Int) throws -> Int {
            guard index + count <= bytes.count else { throw fail("it ends too early") }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 0x30, byte <= 0x39 else { throw fail("expected a digit at offset \(index)") }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ allowed: [UInt8], _ what: String) throws {
            guard index < bytes.count, allowed.contains(bytes[index]) else { throw fail("expected \(what) at offset \(index)") }
            index += 1
        }
        let year = try number(4)
        try expect([UInt8(ascii: "-")], "\"-\"")
        let month = try number(2)
        try expect([UInt8(ascii: "-")], "\"-\"")
        let day = try number(2)
        try expect([UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")], "\"T\"")
        let hour = try number(2)
        try expect([UInt8(ascii: ":")], "\":\"")
        let minute = try number(2)
        try expect([UInt8(ascii: ":")], "\":\"")
        let second = try number(2)
        var nanos = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                guard count < 9 else { throw fail("more than 9 fractional digits") }
                nanos = nanos * 10 + Int(bytes[index] - 0x30)
                count += 1
                index += 1
            }
            for _ in count..<9 { nanos *= 10 }
        }
        guard index < bytes.count else { throw fail("missing the time zone (\"Z\" or \"±HH:MM\")") }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            let offsetHours = try number(2)
            try expect([UInt8(ascii: ":")], "\":\"")
            let offsetMinutes = try number(2)
            guard offsetHours <= 23, offsetMinutes <= 59 else { throw fail("the offset is out of range") }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            throw fail("expected \"Z\" or an offset at offset \(index)")
        }
        guard index == bytes.count else { throw fail("unexpected text after the time zone") }
        guard (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day) else {
            throw fail("the date is out of range")
        }
        guard hour <= 23, minute <= 59, second <= 59 else { throw fail("the time is out of range") }
        let days = CivilDate.daysFromCivil(year: year, month: month, day: day)
        let local = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let instant = local - Int64(offsetSeconds)
        guard (Self.minimumSeconds...Self.maximumSeconds).contains(instant) else { throw fail("the instant is outside the years 1 to 9999 UTC") }
        self.init(seconds: instant, nanoseconds: Int32(nanos))
    }

    /// RFC 3339 in UTC, with 0, 3, 6 or 9 fractional digits.
    public var description: String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let civil = CivilDate.civilFromDays(days)
        var text = "\(CivilDate.pad(civil.year, width: 4))-\(CivilDate.pad(civil.month, width: 2))-\(CivilDate.pad(civil.day, width: 2))"
        text += "T\(CivilDate.pad(secondOfDay / 3600, width: 2)):\(CivilDate.pad(secondOfDay / 60 % 60, width: 2)):\(CivilDate.pad(secondOfDay % 60, width: 2))"
        if nanoseconds != 0 {
            var fraction = CivilDate.pad(Int(nanoseconds), width: 9)
            while fraction.count > 3, fraction.hasSuffix("000") { fraction.removeLast(3) }
            text += "." + fraction
        }
        return text + "Z"
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(string: text)
        } catch let error as FormatError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Int64 {
    /// `self + other`, held at `Int64.min` or `Int64.max` instead of overflowing.
    func clamped(adding other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other < 0 ? .min : .max
    }
}
