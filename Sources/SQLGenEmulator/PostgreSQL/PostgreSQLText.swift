// Reading PostgreSQL's text forms (with the session's `DateStyle` ISO and `TimeZone` UTC) into
// the forms the emulator stores on SQLite: UUIDs as 32 hex digits, timestamps as UTC with six
// fraction digits, arrays as JSON.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum PostgreSQLText {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// `3f300fba-0a29-4101-b344-980b4a4864f1` → 32 lowercase hex digits (the dashes dropped).
    static func appendUUID(_ bytes: Bytes, to out: inout [UInt8]) {
        for byte in bytes where byte != UInt8(ascii: "-") { out.append(byte) }
    }

    /// An integer's decimal text, nil when it is not one or does not fit.
    static func integer(_ bytes: Bytes) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { index = 1 }
        guard index < bytes.count else { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(Int64(digit)) : times.addingReportingOverflow(Int64(digit))
            guard !overflow, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }

    /// A number's text (`1.5`, `-2e10`, `NaN`, `Infinity`) as a Double.
    static func real(_ bytes: Bytes) -> Double {
        guard let base = bytes.baseAddress else { return 0 }
        // libpq's values end with a NUL, which strtod stops at.
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count + 1) { strtod($0, nil) }
    }

    /// `2024-05-01 10:00:00.5+00` (or without the offset, for `timestamp`) → `2024-05-01T10:00:00.500000Z`;
    /// false when the text is in no form the session gives (the caller keeps it as it is).
    static func appendStoredTimestamp(_ bytes: Bytes, to out: inout [UInt8]) -> Bool {
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":") else { return false }
        var index = 19
        var fraction: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction.append(bytes[index])
                index += 1
            }
        }
        let offset = Array(bytes[index...])
        guard offset.isEmpty || offset == Array("+00".utf8), fraction.count <= 6 else {
            return appendConvertedTimestamp(bytes, to: &out)
        }
        out.append(contentsOf: bytes[0..<10])
        out.append(UInt8(ascii: "T"))
        out.append(contentsOf: bytes[11..<19])
        out.append(UInt8(ascii: "."))
        out.append(contentsOf: fraction)
        for _ in fraction.count..<6 { out.append(UInt8(ascii: "0")) }
        out.append(UInt8(ascii: "Z"))
        return true
    }

    /// A timestamp with another offset (a session not in UTC): parsed as RFC 3339 and written in UTC.
    private static func appendConvertedTimestamp(_ bytes: Bytes, to out: inout [UInt8]) -> Bool {
        var text = String(decoding: bytes, as: UTF8.self)
        text = String(text.prefix(10)) + "T" + text.dropFirst(11)
        if let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }), text.distance(from: sign, to: text.endIndex) == 3 { text += ":00" }
        guard let micros = ScalarFormats.parseTimestamp(text) else { return false }
        out.append(contentsOf: ScalarFormats.storedTimestamp(micros: micros).utf8)
        return true
    }

    /// `\x0a1b` → its bytes.
    static func appendBytea(_ bytes: Bytes, to out: inout [UInt8]) {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x") else {
            out.append(contentsOf: bytes)
            return
        }
        var index = 2
        while index + 1 < bytes.count {
            out.append(hexValue(bytes[index]) << 4 | hexValue(bytes[index + 1]))
            index += 2
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: 0
        }
    }
}
