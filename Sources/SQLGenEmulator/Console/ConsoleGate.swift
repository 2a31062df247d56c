// Who may use the console. Its API runs operations as any caller and reads every row, so it
// answers the console page alone: the server's `LocalAccessPolicy` first (`Host` must name the
// server, so DNS rebinding fails; foreign origins may not send it anything that runs), then
// same-origin only (no CORS, not even for `--allow-origin` pages), then a per-process token that
// only the page holds, in a header no cross-site form, image or script tag can send.

import SQLGenHTTP

/// The console's access checks.
struct ConsoleGate: Sendable {
    enum Resource {
        /// The page, which holds the token; readable by its own origin only.
        case page
        /// The page's script and style: nothing secret.
        case asset
        /// Everything under `/console/api/`.
        case api
    }

    struct Refusal: Equatable {
        var status: Int
        var message: String
    }

    static let tokenHeader = "X-SQLGen-Console-Token"

    let access: LocalAccessPolicy
    let token: String

    init(access: LocalAccessPolicy, token: String = ConsoleGate.newToken()) {
        self.access = access
        self.token = token
    }

    /// 32 random bytes in hex, from the system's generator.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Why `request` for `resource` is refused (status and message); nil when it may be served.
    func refusal(_ request: HTTPRequest, for resource: Resource) -> Refusal? {
        switch access.evaluate(request, adHoc: resource == .api) {
        case .refuse(let refusal):
            return Refusal(status: refusal.status, message: refusal.message)
        case .answer:
            return Refusal(status: 403, message: "The console answers its own page only: no cross-origin requests.")
        case .serve:
            break
        }
        if let origin = request.headers["Origin"], !isOwnOrigin(origin, request: request) {
            return Refusal(status: 403, message: "The console answers its own page only, not the web page at \(origin).")
        }
        guard resource == .api else { return nil }
        if let site = request.headers["Sec-Fetch-Site"]?.lowercased(), site != "same-origin" {
            return Refusal(status: 403, message: "The console's API answers its own page only (Sec-Fetch-Site: \(site)).")
        }
        guard let given = request.headers[Self.tokenHeader], Self.equalInConstantTime(given, token) else {
            return Refusal(status: 403, message: "The console's API needs the token of the console page (\(Self.tokenHeader)); reload the page.")
        }
        return nil
    }

    /// `http://` and the request's own `Host`: the origin of a page the server itself served.
    private func isOwnOrigin(_ origin: String, request: HTTPRequest) -> Bool {
        guard let host = request.headers["Host"], let normalized = LocalAccessPolicy.normalizedOrigin(origin) else { return false }
        return normalized == "http://" + host.lowercased()
    }

    /// Compares every byte whatever differs first, so timing tells nothing of the token.
    static func equalInConstantTime(_ given: String, _ expected: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(expected.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
