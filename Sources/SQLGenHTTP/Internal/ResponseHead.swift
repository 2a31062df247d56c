#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the status line and header section of a response into bytes.
///
/// The server owns framing: it writes `Content-Length` (none for 1xx/204/304), `Connection` and `Date`
/// (unless the handler set one), and drops handler fields that could break framing or inject lines.
struct ResponseHead {
    /// The status actually sent: handler statuses outside 200...999 become 500 (1xx would corrupt the exchange).
    static func sentStatus(_ status: Int) -> Int {
        (200...999).contains(status) ? status : 500
    }

    /// Whether a response with this status carries no body (RFC 9110 §6.4.1).
    static func forbidsBody(_ status: Int) -> Bool {
        status == 204 || status == 304 || status < 200
    }

    static func serialize(
        _ response: HTTPResponse,
        status: Int,
        keepAlive: Bool,
        requestVersion: HTTPVersion,
        date: [UInt8]
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + response.headers.count * 48)
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status, to: &out)
        out.append(ASCII.space)
        out.append(contentsOf: HTTPResponse.reasonPhrase(for: status).utf8)
        out.append(contentsOf: crlf)

        var hasDate = false
        for (name, value) in response.headers {
            guard isSafeName(name), isSafeValue(value) else { continue }
            if HTTPHeaders.namesEqual(name, "content-length")
                || HTTPHeaders.namesEqual(name, "transfer-encoding")
                || HTTPHeaders.namesEqual(name, "connection") {
                continue
            }
            if HTTPHeaders.namesEqual(name, "date") { hasDate = true }
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: value.utf8)
            out.append(contentsOf: crlf)
        }
        if !hasDate {
            out.append(contentsOf: date)
        }
        if !forbidsBody(status) {
            out.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(response.body.count, to: &out)
            out.append(contentsOf: crlf)
        }
        if !keepAlive {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if requestVersion.minor == 0 {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        out.append(contentsOf: crlf)
        return out
    }

    /// A complete error response for a request the parser refused.
    static func errorResponse(status: Int, reason: String) -> HTTPResponse {
        .text(status: status, "\(HTTPResponse.reasonPhrase(for: status)): \(reason)\n")
    }

    /// Whether the handler's `Connection` field contains the `close` option.
    static func asksToClose(_ headers: HTTPHeaders) -> Bool {
        headers.values(for: "Connection").contains { value in
            value.utf8.split(separator: UInt8(ascii: ",")).contains { option in
                let trimmed = option.drop(while: ASCII.isWhitespace).reversed().drop(while: ASCII.isWhitespace)
                return trimmed.count == 5 && trimmed.reversed().map(ASCII.lowercase).elementsEqual("close".utf8)
            }
        }
    }

    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private static let crlf: [UInt8] = [ASCII.cr, ASCII.lf]

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        guard value > 0 else {
            out.append(UInt8(ascii: "0"))
            return
        }
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        out.append(contentsOf: digits.reversed())
    }

    private static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(ASCII.isToken)
    }

    private static func isSafeValue(_ value: String) -> Bool {
        value.utf8.allSatisfy(ASCII.isFieldValueByte)
    }
}

/// The `Date: ...\r\n` line, rebuilt at most once a second (IMF-fixdate, RFC 9110 §5.6.7).
struct DateLineCache {
    private var second: time_t = -1
    private var line: [UInt8] = []

    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            line = Self.format(now)
        }
        return line
    }

    static func format(_ seconds: time_t) -> [UInt8] {
        var clock = seconds
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let day = days[Int(parts.tm_wday).clamped(to: 0...6)]
        let month = months[Int(parts.tm_mon).clamped(to: 0...11)]
        let text = "Date: \(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT\r\n"
        return Array(text.utf8)
    }

    private static func twoDigits(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
