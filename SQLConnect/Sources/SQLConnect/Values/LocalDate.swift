import Foundation

/// A calendar date without a time or zone (Data Connect's `Date` scalar), `yyyy-MM-dd` on the wire.
///
/// Formatting and parsing never consult the user's locale or calendar: output always uses ASCII digits
/// (firebase-ios-sdk#16236 sent Arabic-Indic digits), and input accepts any Unicode decimal digits.
public struct LocalDate: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Errors name the offending text.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String { "Invalid date \"\(text)\": \(reason)." }
    }

    /// A validated date in years 1...9999.
    public init(year: Int, month: Int, day: Int) throws {
        let text = "\(year)-\(month)-\(day)"
        guard (1...9999).contains(year) else { throw FormatError(text: text, reason: "the year must be 1 to 9999") }
        guard (1...12).contains(month) else { throw FormatError(text: text, reason: "the month must be 1 to 12") }
        guard (1...CivilDate.daysInMonth(year: year, month: month)).contains(day) else {
            throw FormatError(text: text, reason: "the day is out of range for the month")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `yyyy-MM-dd`; digits may be from any script (ASCII, Arabic-Indic, ...).
    public init(string: String) throws {
        var digits: [Int] = []
        var dashes: [Int] = []
        for scalar in string.unicodeScalars {
            if scalar == "-" {
                dashes.append(digits.count)
            } else if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                digits.append(Int(value))
            } else {
                throw FormatError(text: string, reason: "expected yyyy-MM-dd")
            }
        }
        guard digits.count == 8, dashes == [4, 6] else { throw FormatError(text: string, reason: "expected yyyy-MM-dd") }
        let number = { (range: Range<Int>) in range.reduce(0) { $0 * 10 + digits[$1] } }
        do {
            try self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        } catch let error as FormatError {
            throw FormatError(text: string, reason: error.reason)
        }
    }

    /// The date of `date` in `timeZone` on the Gregorian calendar; a date out of the years 1 to
    /// 9999, or not finite, becomes the nearest end of that range (NaN the earliest).
    public init(date: Date, timeZone: TimeZone = .current) {
        let instant = Timestamp(date: date)
        let offset = Int64(timeZone.secondsFromGMT(for: instant.dateValue))
        let seconds = min(max(instant.seconds + offset, Timestamp.minimumSeconds), Timestamp.maximumSeconds)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let civil = CivilDate.civilFromDays(days)
        year = civil.year
        month = civil.month
        day = civil.day
    }

    /// Midnight at the start of this date in `timeZone`.
    public func date(in timeZone: TimeZone = .current) -> Date {
        let utcMidnight = Date(timeIntervalSince1970: TimeInterval(CivilDate.daysFromCivil(year: year, month: month, day: day) * 86_400))
        return utcMidnight.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: utcMidnight)))
    }

    /// `yyyy-MM-dd` with ASCII digits.
    public var description: String {
        "\(CivilDate.pad(year, width: 4))-\(CivilDate.pad(month, width: 2))-\(CivilDate.pad(day, width: 2))"
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
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
