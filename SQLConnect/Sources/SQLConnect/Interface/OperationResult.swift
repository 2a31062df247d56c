/// Where a result came from.
public enum DataSource: Sendable, Hashable {
    case server
    case cache
}

/// The outcome of a successful operation.
public struct OperationResult<ResultData> {
    /// `nil` when the server sent `"data": null`, or for `.cacheOnly` with nothing cached.
    public let data: ResultData?
    public let source: DataSource

    public init(data: ResultData?, source: DataSource) {
        self.data = data
        self.source = source
    }
}

extension OperationResult: Sendable where ResultData: Sendable {}

/// How a query uses the client cache (Data Connect semantics).
public enum QueryFetchPolicy: Sendable, Hashable {
    /// A cached result younger than `maxAge`, else the server (a server failure throws).
    case preferCache
    /// The cached result even if stale; never contacts the server. `data` is `nil` when nothing is cached.
    case cacheOnly
    /// Always the server; the result then refreshes the cache.
    case serverOnly
}
