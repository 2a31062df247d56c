import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession plumbing shared by the HTTP transports: auth and custom headers, timeout,
/// cancellation that cancels the URLSession task, and a bound on the size of a response body.
struct HTTPClient: Sendable {
    let session: URLSession
    let timeout: TimeInterval
    let headers: [String: String]
    let authorization: Authorization
    /// Reads bodies as they arrive and stops a response past `maximumBodyBytes`; nil for a
    /// session with a delegate of its own, whose whole body is read and then checked.
    private let limiter: BodyLimiter?
    let maximumBodyBytes: Int

    /// Larger responses fail with `URLError(.dataLengthExceedsMaximum)` instead of filling memory.
    static let defaultMaximumBodyBytes = 64 << 20

    /// A session without URLCache: the client cache decides what is reused.
    static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    init(session: URLSession, timeout: TimeInterval, headers: [String: String], authorization: Authorization,
         maximumBodyBytes: Int = HTTPClient.defaultMaximumBodyBytes) {
        self.timeout = timeout
        self.headers = headers
        self.authorization = authorization
        self.maximumBodyBytes = maximumBodyBytes
        // The given session's settings, with a delegate that sees the body as it arrives (the
        // caller's own delegate, say for certificate pinning, is kept by using its session as is).
        if session.delegate == nil {
            let limiter = BodyLimiter(maximumBytes: maximumBodyBytes)
            self.limiter = limiter
            self.session = URLSession(configuration: session.configuration, delegate: limiter, delegateQueue: nil)
        } else {
            limiter = nil
            self.session = session
        }
    }

    /// A request with the timeout, custom headers and `Authorization`; a signed-in user's
    /// `credential` takes the place of the transport's own authorization.
    func makeRequest(url: URL, method: String, credential: RequestCredential? = nil) async throws -> URLRequest {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let credential {
            request.setValue(credential.headerValue, forHTTPHeaderField: credential.headerName)
        } else if let value = try await authorization.headerValue() {
            request.setValue(value, forHTTPHeaderField: "Authorization")
        }
        return request
    }

    func send(_ request: URLRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let taskBox = Locked<URLSessionDataTask?>(nil)
        let cancelled = Locked(false)
        let (data, response): (Data, URLResponse) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = makeTask(request, continuation)
                taskBox.withLock { $0 = task }
                if cancelled.withLock({ $0 }) {
                    task.cancel()
                }
                task.resume()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
            taskBox.withLock { $0 }?.cancel()
        }
        guard let http = response as? HTTPURLResponse else {
            throw DataConnectError.transport(URLError(.badServerResponse))
        }
        guard data.count <= maximumBodyBytes else { throw DataConnectError.transport(URLError(.dataLengthExceedsMaximum)) }
        var headerFields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headerFields[name.lowercased()] = value }
        }
        return TransportResponse(statusCode: http.statusCode, headers: headerFields, body: data)
    }

    private func makeTask(_ request: URLRequest, _ continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> URLSessionDataTask {
        if let limiter {
            let task = session.dataTask(with: request)
            limiter.track(task, continuation)
            return task
        }
        return session.dataTask(with: request) { data, response, error in
            if let error {
                continuation.resume(throwing: error)
            } else if let response {
                continuation.resume(returning: (data ?? Data(), response))
            } else {
                continuation.resume(throwing: URLError(.badServerResponse))
            }
        }
    }

    /// Sends `request` with an overall deadline of `timeout` (URLSession's own timeout is an idle timeout
    /// and is not enforced everywhere, e.g. not by FoundationNetworking for a silent server).
    /// Cancellation becomes `CancellationError`, URL errors `.transport`.
    func perform(_ request: URLRequest) async throws -> TransportResponse {
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            group.addTask { try await self.performWithoutDeadline(request) }
            group.addTask {
                try await Task.sleep(nanoseconds: SleepDuration.nanoseconds(timeout))
                throw DataConnectError.transport(URLError(.timedOut))
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DataConnectError.transport(URLError(.unknown)) }
            return first
        }
    }

    private func performWithoutDeadline(_ request: URLRequest) async throws -> TransportResponse {
        do {
            return try await send(request)
        } catch let error as URLError {
            if error.code == .cancelled || Task.isCancelled { throw CancellationError() }
            throw DataConnectError.transport(error)
        } catch let error as DataConnectError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if Task.isCancelled { throw CancellationError() }
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain {
                // Optional on Linux, non-optional on Apple platforms; the annotation covers both.
                let code: URLError.Code? = URLError.Code(rawValue: nsError.code)
                if code == .cancelled { throw CancellationError() }
                throw DataConnectError.transport(URLError(code ?? .unknown))
            }
            throw DataConnectError.transport(URLError(.unknown))
        }
    }
}
