// Wire and storage forms of Data Connect's scalars: UUID as 32 lowercase hex digits, Date as
// `yyyy-MM-dd`, Timestamp as RFC 3339 (stored in UTC with microseconds so text order is time order).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ScalarFormats {
    /// 32 lowercase hex digits from the forms the server's prelude accepts (any case): 32 hex
    /// digits, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, and that form as `urn:uuid:…` or `{…}`;
    /// nil when malformed.
    static func normalizeUUID(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        var bytes = Array(text.utf8)[...]
        if bytes.count == 45, String(decoding: bytes.prefix(9), as: UTF8.self).lowercased() == "urn:uuid:" {
            bytes = bytes.dropFirst(9)
        } else if bytes.count == 38, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") {
            bytes = bytes.dropFirst().dropLast()
        }
        let dashed = bytes.count == 36
        guard bytes.count == 32 || dashed else { return nil }
        for (index, byte) in zip(0..., bytes) {
            if dashed, index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): out.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): out.append(byte + 32)
            default: return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A random (version 4) UUID in the wire form (the same again when a run is replayed: `DrawnValues`).
    static func newUUID() -> String {
        DrawnValues.draw(randomUUID)
    }

    private static func randomUUID() -> String {
        // Two 64-bit draws: each is a system call, where a draw per byte made sixteen.
        var generator = SystemRandomNumberGenerator()
        let high = generator.next(), low = generator.next()
        var bytes = (0..<16).map { index in UInt8(truncatingIfNeeded: (index < 8 ? high : low) >> (56 - 8 * (index % 8))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, days since 1970-01-01)

    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// `yyyy-MM-dd` (a valid calendar date) → days since the epoch.
    static func parseDate(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = digits(bytes[0..<4]), let month = digits(bytes[5..<7]), let day = digits(bytes[8..<10]),
              (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        return days(year: year, month: month, day: day)
    }

    /// A Date input in its canonical `yyyy-MM-dd` form: the date itself, or the part before "T"
    /// of a valid Timestamp (the prelude's Data Connect extension); nil for anything else.
    static func normalizeDate(_ text: String) -> String? {
        if parseDate(text) != nil { return text }
        guard text.utf8.count > 10, Array(text.utf8)[10] == UInt8(ascii: "T"), parseTimestamp(text) != nil else { return nil }
        return String(decoding: text.utf8.prefix(10), as: UTF8.self)
    }

    static func formatDate(days: Int) -> String {
        let (year, month, day) = civil(days: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// RFC 3339 (`2024-05-01T10:00:00Z`, fractions and offsets allowed) → microseconds since the epoch.
    static func parseTimestamp(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, let dayCount = parseDate(String(decoding: bytes[0..<10], as: UTF8.self)),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = digits(bytes[11..<13]), let minute = digits(bytes[14..<16]), let second = digits(bytes[17..<19]),
              hour < 24, minute < 60, second < 61 else { return nil }
        var index = 19
        var micros = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var count = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                if count < 6 { micros = micros * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 6) { micros *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            guard index + 1 == bytes.count else { return nil }
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                  let offsetHours = digits(bytes[(index + 1)..<(index + 3)]), let offsetMinutes = digits(bytes[(index + 4)..<(index + 6)]),
                  offsetHours < 24, offsetMinutes < 60 else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let seconds = dayCount * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        return Int64(seconds) * 1_000_000 + Int64(micros)
    }

    /// The stored form: UTC with six fraction digits, so comparing texts compares instants.
    static func storedTimestamp(micros: Int64) -> String {
        let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let fraction = Int(micros - seconds * 1_000_000)
        let dayCount = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds) - dayCount * 86_400
        return formatDate(days: dayCount) + "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
            + pad(secondOfDay % 60, 2) + "." + pad(fraction, 6) + "Z"
    }

    /// The wire form of a stored timestamp: trailing zero fraction digits dropped (`...:00Z`, `...:00.5Z`).
    static func wireTimestamp(_ stored: String) -> String {
        guard stored.hasSuffix("Z"), let dot = stored.lastIndex(of: ".") else { return stored }
        var fraction = stored[stored.index(after: dot)..<stored.index(before: stored.endIndex)]
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return String(stored[..<dot]) + (fraction.isEmpty ? "" : "." + fraction) + "Z"
    }

    /// The current time in microseconds since the epoch (`request.time`).
    static func nowMicros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }
}
