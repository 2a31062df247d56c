import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DataConnect {
    /// Runs a query under `policy`: cache lookup, one shared network call with retries, decode, store.
    func executeQuery<ResultData: Decodable & Sendable>(_ request: OperationRequest, policy: QueryFetchPolicy) async throws -> OperationResult<ResultData> {
        let key = request.requestID
        switch policy {
        case .cacheOnly:
            return OperationResult(data: cachedData(key: key, maxAge: nil), source: .cache)
        case .preferCache:
            if let maxAge = cacheSettings?.maxAge, maxAge > 0, let data: ResultData = cachedData(key: key, maxAge: maxAge) {
                return OperationResult(data: data, source: .cache)
            }
        case .serverOnly:
            break
        }
        let response = try await inFlight.run(key: key) { [self] in
            try await send(request, retrying: true)
        }
        let data = try ResponseDecoding.decodeResult(ResultData.self, from: response.body)
        cache?.write(key, CacheEntry(storedAt: now(), body: response.body))
        return OperationResult(data: data, source: .server)
    }

    /// Runs a mutation once: no cache, no sharing, no retries.
    func executeMutation<ResultData: Decodable & Sendable>(_ request: OperationRequest) async throws -> OperationResult<ResultData> {
        let response = try await send(request, retrying: false)
        return OperationResult(data: try ResponseDecoding.decodeResult(ResultData.self, from: response.body), source: .server)
    }

    /// A cached result no older than `maxAge` (any age when `nil`); unreadable entries are misses.
    private func cachedData<ResultData: Decodable & Sendable>(key: String, maxAge: TimeInterval?) -> ResultData? {
        guard let entry = cache?.read(key) else { return nil }
        if let maxAge, now().timeIntervalSince(entry.storedAt) > maxAge { return nil }
        return try? ResponseDecoding.decodeResult(ResultData.self, from: entry.body)
    }

    /// Calls the transport, turning non-2xx into `.httpStatus`, and retries queries per `retryPolicy`.
    func send(_ request: OperationRequest, retrying: Bool) async throws -> TransportResponse {
        var attempt = 1
        while true {
            do {
                try Task.checkCancellation()
                let response = try await callTransport(request)
                guard (200...299).contains(response.statusCode) else {
                    throw DataConnectError.httpStatus(code: response.statusCode, body: response.body)
                }
                return response
            } catch {
                guard retrying, attempt < retryPolicy.maxAttempts, RetryPolicy.isRetryable(error) else { throw error }
                let delay = retryPolicy.delay(afterAttempt: attempt)
                try await Task.sleep(nanoseconds: SleepDuration.nanoseconds(delay))
                attempt += 1
            }
        }
    }

    private func callTransport(_ request: OperationRequest) async throws -> TransportResponse {
        do {
            return try await transport.send(request)
        } catch let error as URLError {
            if error.code == .cancelled { throw CancellationError() }
            throw DataConnectError.transport(error)
        }
    }
}
