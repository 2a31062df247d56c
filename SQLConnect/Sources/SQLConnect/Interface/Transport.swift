import Foundation

/// Sends one operation and returns the raw response. Implement it to add a backend or a test double;
/// the client does caching, retries, status handling and decoding.
///
/// Throw `DataConnectError` (typically `.transport(URLError)` or `.configuration`) or
/// `CancellationError`; any other `URLError` is wrapped as `.transport`.
public protocol Transport: Sendable {
    func send(_ request: OperationRequest) async throws -> TransportResponse
}

/// A raw response: status, headers (lowercased names) and body bytes.
public struct TransportResponse: Sendable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int, headers: [String: String] = [:], body: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }
}
