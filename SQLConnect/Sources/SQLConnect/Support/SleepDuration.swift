import Foundation

/// Seconds to `Task.sleep` nanoseconds without trapping: NaN and negative values become 0, and huge or
/// infinite ones (`timeout: .infinity` meaning "no deadline") are capped at about 31 years.
enum SleepDuration {
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds > 0 else { return 0 }
        return UInt64(min(seconds, 1e9) * 1e9)
    }
}
