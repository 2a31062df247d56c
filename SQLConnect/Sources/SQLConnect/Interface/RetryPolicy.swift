import Foundation

/// Retries for queries on network errors and HTTP 5xx, with exponential backoff and full jitter.
/// Mutations are never retried.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first (1 = no retries).
    public var maxAttempts: Int
    /// The backoff ceiling before the first retry, in seconds.
    public var initialBackoff: TimeInterval
    /// The largest backoff ceiling, in seconds.
    public var maxBackoff: TimeInterval
    public var multiplier: Double

    public init(maxAttempts: Int = 3, initialBackoff: TimeInterval = 0.25, maxBackoff: TimeInterval = 4, multiplier: Double = 2) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = max(0, initialBackoff)
        self.maxBackoff = max(0, maxBackoff)
        self.multiplier = max(1, multiplier)
    }

    /// Three attempts, backoff ceilings 0.25 s then 0.5 s.
    public static let `default` = RetryPolicy()
    /// One attempt, no retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// A random delay in [ceiling/2, ceiling] for the retry after `attempt` failures (1-based).
    func delay(afterAttempt attempt: Int) -> TimeInterval {
        // Capped at a day so an unbounded `maxBackoff` cannot make the range infinite (which would trap).
        let ceiling = min(maxBackoff, initialBackoff * pow(multiplier, Double(max(0, attempt - 1))), 86_400)
        guard ceiling > 0 else { return 0 }
        return Double.random(in: (ceiling / 2)...ceiling)
    }

    static func isRetryable(_ error: any Error) -> Bool {
        switch error {
        case DataConnectError.transport(let urlError):
            switch urlError.code {
            case .cancelled, .badURL, .unsupportedURL, .userAuthenticationRequired, .userCancelledAuthentication:
                return false
            default:
                return true
            }
        case DataConnectError.httpStatus(let code, _):
            return (500...599).contains(code)
        default:
            return false
        }
    }
}
