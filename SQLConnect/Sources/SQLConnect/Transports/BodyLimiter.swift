import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of `HTTPClient`'s session: collects each task's body as it arrives and cancels a
/// task whose body (announced or received) passes `maximumBytes`, so a hostile or broken server
/// cannot make the app buffer an unbounded response.
final class BodyLimiter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var body = Data()
        var response: URLResponse?
    }

    let maximumBytes: Int
    /// By task identifier; the lock makes the `@unchecked Sendable` sound.
    private let pending = Locked<[Int: Pending]>([:])

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Registers a task (before it is resumed); its outcome resumes `continuation` once.
    func track(_ task: URLSessionTask, _ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if response.expectedContentLength > Int64(maximumBytes) {
            fail(dataTask)
            completionHandler(.cancel)
            return
        }
        pending.withLock { $0[dataTask.taskIdentifier]?.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = pending.withLock { tasks -> Bool in
            guard var entry = tasks[dataTask.taskIdentifier] else { return false }
            guard entry.body.count + data.count <= maximumBytes else { return true }
            entry.body.append(data)
            tasks[dataTask.taskIdentifier] = entry
            return false
        }
        if tooLarge { fail(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = entry.response ?? task.response {
            entry.continuation.resume(returning: (entry.body, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    /// Ends a task whose body is too large: its caller gets the error now, the transfer stops.
    private func fail(_ task: URLSessionTask) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.continuation.resume(throwing: DataConnectError.transport(URLError(.dataLengthExceedsMaximum)))
        // Not from inside the delegate call: FoundationNetworking would go on with the transfer.
        DispatchQueue.global().async { task.cancel() }
    }
}
