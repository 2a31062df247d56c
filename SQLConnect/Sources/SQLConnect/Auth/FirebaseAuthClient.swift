import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Email-and-password and anonymous sign-in through Firebase Auth's REST API: the sqlgen emulator's
/// own auth endpoints (and the Firebase Auth emulator's) or Google's servers. Its credentials
/// carry a refresh token, so an `AuthSession` using it as its refresher renews ID tokens itself.
public struct FirebaseAuthClient: CredentialRefresher {
    /// An emulator's address (its paths are `<emulator>/identitytoolkit.googleapis.com/...`, as
    /// the Firebase Auth emulator's), or nil for Google's servers.
    public let emulatorURL: URL?
    public let apiKey: String
    let client: HTTPClient

    /// Google's servers, with the project's web API key.
    public init(apiKey: String, session: URLSession? = nil, timeout: TimeInterval = 30) {
        self.init(emulatorURL: nil, apiKey: apiKey, session: session, timeout: timeout)
    }

    public init(emulatorURL: URL?, apiKey: String = "fake-api-key", session: URLSession? = nil, timeout: TimeInterval = 30) {
        self.emulatorURL = emulatorURL
        self.apiKey = apiKey
        client = HTTPClient(session: session ?? HTTPClient.defaultSession, timeout: timeout, headers: [:], authorization: .none)
    }

    /// The sqlgen emulator's endpoints, on its own port (it accepts any API key).
    public static func emulator(host: String = EmulatorTransport.defaultHost, port: Int = EmulatorTransport.defaultPort) -> FirebaseAuthClient {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return FirebaseAuthClient(emulatorURL: URL(string: "http://\(hostPart):\(port)"))
    }

    public func signUp(email: String, password: String) async throws -> AuthCredential {
        try await account("signUp", ["email": .string(email), "password": .string(password), "returnSecureToken": .bool(true)])
    }

    public func signIn(email: String, password: String) async throws -> AuthCredential {
        try await account("signInWithPassword", ["email": .string(email), "password": .string(password), "returnSecureToken": .bool(true)])
    }

    public func signInAnonymously() async throws -> AuthCredential {
        try await account("signUp", ["returnSecureToken": .bool(true)])
    }

    public func refresh(_ credential: AuthCredential) async throws -> AuthCredential {
        guard let refreshToken = credential.refreshToken else {
            throw DataConnectError.auth(AuthFailure(.sessionExpired, message: "The credential has no refresh token."))
        }
        let body = "grant_type=refresh_token&refresh_token=" + Self.formEncoded(refreshToken)
        let reply = try await post("securetoken.googleapis.com/v1/token", body: Data(body.utf8), contentType: "application/x-www-form-urlencoded")
        return try Self.credential(from: reply, token: "id_token", user: "user_id", refresh: "refresh_token", expiresIn: "expires_in")
    }

    private func account(_ action: String, _ fields: [String: AnyValue]) async throws -> AuthCredential {
        let body = try JSONEncoder().encode(AnyValue.object(fields))
        let reply = try await post("identitytoolkit.googleapis.com/v1/accounts:" + action, body: body, contentType: "application/json")
        return try Self.credential(from: reply, token: "idToken", user: "localId", refresh: "refreshToken", expiresIn: "expiresIn")
    }

    private func post(_ path: String, body: Data, contentType: String) async throws -> [String: AnyValue] {
        let base = emulatorURL.map { $0.absoluteString.hasSuffix("/") ? $0.absoluteString : $0.absoluteString + "/" } ?? "https://"
        let key = Self.formEncoded(apiKey)
        guard let url = URL(string: base + path + "?key=" + key) else {
            throw DataConnectError.configuration(key: "emulatorURL", message: "Cannot build an auth URL from \(base).")
        }
        var request = try await client.makeRequest(url: url, method: "POST")
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let response = try await client.perform(request)
        guard (200...299).contains(response.statusCode) else {
            let error = DataConnectError.httpStatus(code: response.statusCode, body: response.body)
            throw AuthFailure.of(error, sentCredential: false).map(DataConnectError.auth) ?? error
        }
        guard case .object(let object)? = try? JSONDecoder().decode(AnyValue.self, from: response.body) else {
            throw DataConnectError.decoding(DecodingFailure(codingPath: "", message: "The auth server's answer is not a JSON object."))
        }
        return object
    }

    /// Percent-encoded but for RFC 3986's unreserved characters (safe in a query and a form body).
    static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func credential(from reply: [String: AnyValue], token: String, user: String, refresh: String, expiresIn: String) throws -> AuthCredential {
        guard case .string(let idToken)? = reply[token] else {
            throw DataConnectError.decoding(DecodingFailure(codingPath: token, message: "The auth server's answer has no \(token)."))
        }
        var credential = AuthCredential(token: idToken)
        if case .string(let id)? = reply[user] { credential.userID = id }
        if case .string(let renewal)? = reply[refresh] { credential.refreshToken = renewal }
        if case .string(let seconds)? = reply[expiresIn], let seconds = TimeInterval(seconds) { credential.expiresAt = Date().addingTimeInterval(seconds) }
        return credential
    }
}
