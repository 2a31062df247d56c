import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stores persisted queries on an AEM instance: `PUT /graphql/persist.json/<config>/<name>` creates
/// one; when it already exists AEM refuses the PUT, and a `POST` to the same path updates it.
struct AEMPersistClient: Sendable {
    enum Auth: Sendable, Equatable {
        case none
        case basic(username: String, password: String)
        case token(String)

        var headerValue: String? {
            switch self {
            case .none: return nil
            case .basic(let username, let password):
                // ISO-8859-1 like Sling; fall back to UTF-8 for characters outside it.
                let pair = "\(username):\(password)"
                let bytes = pair.data(using: .isoLatin1) ?? Data(pair.utf8)
                return "Basic " + bytes.base64EncodedString()
            case .token(let token): return "Bearer " + token
            }
        }
    }

    /// What happened to one query.
    enum Outcome: Sendable, Equatable {
        case created
        case updated
        /// Neither PUT nor POST succeeded: the last status and a short excerpt of the body.
        case failed(status: Int, message: String)
    }

    /// `http(s)://host[:port]`, without a trailing slash.
    let baseURL: String
    let auth: Auth
    var timeout: TimeInterval = 30

    /// Creates or updates `/<configuration>/<name>` with `query`.
    func persist(configuration: String, name: String, query: String) -> Outcome {
        let path = "/graphql/persist.json/\(Self.segment(configuration))/\(Self.segment(name))"
        guard let url = URL(string: baseURL + path) else {
            return .failed(status: 0, message: "cannot build a URL from \"\(baseURL + path)\"")
        }
        let body = Self.body(query: query)
        let created = send(url: url, method: "PUT", body: body)
        if (200...299).contains(created.status) { return .created }
        // Authentication and transport problems would fail the update the same way.
        if created.status == 0 || created.status == 401 || created.status == 403 {
            return .failed(status: created.status, message: created.message)
        }
        let updated = send(url: url, method: "POST", body: body)
        if (200...299).contains(updated.status) { return .updated }
        return .failed(status: updated.status, message: "PUT answered \(created.status) (\(created.message)); POST answered \(updated.status) (\(updated.message))")
    }

    /// `{"query": "..."}`, the form AEM documents for persist requests.
    static func body(query: String) -> Data {
        (try? JSONSerialization.data(withJSONObject: ["query": query], options: [.sortedKeys])) ?? Data()
    }

    /// A path segment with everything outside the URL unreserved set percent-encoded.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Sends one request and waits for it; status 0 means no HTTP response (the message says why).
    private func send(url: URL, method: String, body: Data) -> (status: Int, message: String) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let header = auth.headerValue { request.setValue(header, forHTTPHeaderField: "Authorization") }
        let result = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                result.set((http.statusCode, Self.excerpt(data ?? Data())))
            } else {
                result.set((0, error?.localizedDescription ?? "no response"))
            }
            done.signal()
        }
        task.resume()
        done.wait()
        return result.value
    }

    /// The first line of a response body, at most 200 characters; "empty body" when there is none.
    static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "empty body" }
        let line = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}

/// The reply of a URLSession callback, handed to the waiting thread.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (Int, String) = (0, "no response")
    func set(_ value: (Int, String)) { lock.lock(); stored = value; lock.unlock() }
    var value: (status: Int, message: String) { lock.lock(); defer { lock.unlock() }; return stored }
}
