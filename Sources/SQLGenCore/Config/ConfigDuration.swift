/// Durations in configuration files, written as Data Connect writes `maxAge`: a sequence of
/// number-and-unit parts such as `5s`, `2m`, `1h30m`, `250ms` or `1.5s` (units `h`, `m`, `s`,
/// `ms`), or `0`.
public enum ConfigDuration {
    /// The duration, or nil when `text` is not one.
    public static func parse(_ text: String) -> Duration? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes == [UInt8(ascii: "0")] { return .zero }
        var index = 0
        var totalNanoseconds: Double = 0
        while index < bytes.count {
            let numberStart = index
            var sawDot = false
            while index < bytes.count, isDigit(bytes[index]) || (!sawDot && bytes[index] == UInt8(ascii: ".")) {
                if bytes[index] == UInt8(ascii: ".") { sawDot = true }
                index += 1
            }
            let numberText = String(decoding: bytes[numberStart..<index], as: UTF8.self)
            guard numberText != ".", !numberText.isEmpty, let number = Double(numberText) else { return nil }
            let unitStart = index
            while index < bytes.count, isLetter(bytes[index]) { index += 1 }
            let unit = String(decoding: bytes[unitStart..<index], as: UTF8.self)
            let scale: Double
            switch unit {
            case "h": scale = 3_600_000_000_000
            case "m": scale = 60_000_000_000
            case "s": scale = 1_000_000_000
            case "ms": scale = 1_000_000
            default: return nil
            }
            totalNanoseconds += number * scale
        }
        // Far beyond any cache lifetime; keeps the conversion to Int64 safe.
        guard totalNanoseconds.isFinite, totalNanoseconds < 9e18 else { return nil }
        return .nanoseconds(Int64(totalNanoseconds.rounded()))
    }

    /// Whole and fractional seconds of a duration (what `CacheSettings.maxAge` takes).
    public static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) }
}
