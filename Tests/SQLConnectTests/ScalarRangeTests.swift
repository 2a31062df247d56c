import Foundation
import Testing
@testable import SQLConnect

/// `Timestamp` and `LocalDate` from any `Date` or any numbers: the nearest supported instant,
/// never a trap.
@Suite struct ScalarRangeTests {
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, Double(Int64.max), Double(Int64.min), 1e12, -1e12]

    @Test(arguments: extremes)
    func timestampsOfExtremeDatesAreClamped(interval: Double) {
        let timestamp = Timestamp(date: Date(timeIntervalSince1970: interval))
        #expect((Timestamp.minimumSeconds...Timestamp.maximumSeconds).contains(timestamp.seconds))
        let text = timestamp.description
        #expect(text.hasPrefix("0001-01-01T00:00:00") || text.hasPrefix("9999-12-31T23:59:59"), "\(text)")
        #expect((try? Timestamp(string: text)) == timestamp)
    }

    @Test(arguments: extremes)
    func localDatesOfExtremeDatesAreClamped(interval: Double) throws {
        let date = LocalDate(date: Date(timeIntervalSince1970: interval), timeZone: try #require(TimeZone(secondsFromGMT: 14 * 3600)))
        #expect(date.description == "0001-01-01" || date.description == "9999-12-31", "\(date)")
        #expect((try? LocalDate(string: date.description)) == date)
    }

    @Test func extremeSecondsAndNanosecondsCarryAndClamp() {
        #expect(Timestamp(seconds: .max, nanoseconds: .max).description == "9999-12-31T23:59:59.999999999Z")
        #expect(Timestamp(seconds: .min, nanoseconds: .min).description == "0001-01-01T00:00:00Z")
        #expect(Timestamp(seconds: 0, nanoseconds: -1).description == "1969-12-31T23:59:59.999999999Z")
        #expect(Timestamp(seconds: 10, nanoseconds: 2_000_000_001) == Timestamp(seconds: 12, nanoseconds: 1))
    }

    @Test func instantsOutsideTheRangeDoNotParse() {
        #expect(throws: Timestamp.FormatError.self) { try Timestamp(string: "0000-12-31T23:59:59Z") }
        #expect(throws: Timestamp.FormatError.self) { try Timestamp(string: "0001-01-01T00:00:00+01:00") }
        #expect((try? Timestamp(string: "9999-12-31T23:59:59.999999999Z"))?.seconds == Timestamp.maximumSeconds)
    }
}
