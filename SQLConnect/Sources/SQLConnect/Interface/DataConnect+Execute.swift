import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension DataConnect {
    /// Runs a query under `policy`: cache lookup, one shared network call with retries, decode, store.
    func executeQuery<ResultData: Decodable & Sendable>(_ request: OperationRequest, policy: QueryFetchPolicy) async throws -> OperationResult<ResultData> {
        // Each signed-in user's results apart: a query never answers with another user's data.
        let key = auth?.identity.map { $0 + ":" + request.requestID } ?? request.requestID
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
        let data: ResultData? = try decodeServerResult(response.body)
        cache?.write(key, CacheEntry(storedAt: now(), body: response.body))
        return OperationResult(data: data, source: .server)
    }

    /// Runs a mutation once: no cache, no sharing, no retries.
    func executeMutation<ResultData: Decodable & Sendable>(_ request: OperationRequest) async throws -> OperationResult<ResultData> {
        let response = try await send(request, retrying: false)
        return OperationResult(data: try decodeServerResult(response.body), source: .server)
    }

    /// The response's data; a refusal of the user without any data is `.auth`.
    private func decodeServerResult<ResultData: Decodable & Sendable>(_ body: Data) throws -> ResultData? {
        do {
            return try ResponseDecoding.decodeResult(ResultData.self, from: body)
        } catch DataConnectError.graphQL(let failure) where failure.rawData == nil && auth != nil {
            let error = DataConnectError.graphQL(failure)
            throw AuthFailure.of(error, sentCredential: auth?.credential != nil).map(DataConnectError.auth) ?? error
        }
    }

    /// A cached result no older than `maxAge` (any age when `nil`); unreadable entries are misses.
    private func cachedData<ResultData: Decodable & Sendable>(key: String, maxAge: TimeInterval?) -> ResultData? {
        guard let entry = cache?.read(key) else { return nil }
        if let maxAge, now().timeIntervalSince(entry.storedAt) > maxAge { return nil }
        return try? ResponseDecoding.decodeResult(ResultData.self, from: entry.body)
    }

    /// Calls the transport with the signed-in user's credential, turning non-2xx into
    /// `.httpStatus` (or `.auth` for a refused credential), and retries queries per `retryPolicy`.
    func send(_ request: OperationRequest, retrying: Bool) async throws -> TransportResponse {
        var attempt = 1
        var request = request
        while true {
            do {
                try Task.checkCancellation()
                let auth = self.auth
                request.credential = try await auth?.requestCredential()
                let response = try await callTransport(request)
                guard (200...299).contains(response.statusCode) else {
                    let error = DataConnectError.httpStatus(code: response.statusCode, body: response.body)
                    // Refusals become `.auth` for clients that manage a signed-in user.
                    guard auth != nil, let failure = AuthFailure.of(error, sentCredential: request.credential != nil) else { throw error }
                    throw DataConnectError.auth(failure)
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
