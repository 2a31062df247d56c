import Foundation

/// What a sign-in gives: the token requests carry (a Firebase ID token, a Parse session token...),
/// and where the backend has them, who it is, how to renew it, and until when it is good.
public struct AuthCredential: Codable, Sendable, Hashable {
    public var token: String
    public var userID: String?
    public var refreshToken: String?
    public var expiresAt: Date?

    public init(token: String, userID: String? = nil, refreshToken: String? = nil, expiresAt: Date? = nil) {
        (self.token, self.userID, self.refreshToken, self.expiresAt) = (token, userID, refreshToken, expiresAt)
    }

    /// Whether the token expires within `margin` of `now` (a token without expiry never does).
    func expires(within margin: TimeInterval, of now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) < margin
    }

    /// The form a `SessionStore` keeps: JSON, or an older store's bare token.
    var stored: String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? token
    }

    init?(stored text: String) {
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("{"), let decoded = try? JSONDecoder().decode(AuthCredential.self, from: Data(text.utf8)) {
            self = decoded
        } else {
            self.init(token: text)
        }
    }
}

/// How requests carry the signed-in user's token.
public enum CredentialPlacement: Sendable, Hashable {
    /// `Authorization: Bearer <token>` (Firebase, Data Connect, most GraphQL servers).
    case bearer
    /// The token alone in a header of its own (Parse's `X-Parse-Session-Token`).
    case header(String)

    var headerName: String {
        switch self {
        case .bearer: return "Authorization"
        case .header(let name): return name
        }
    }

    func headerValue(_ token: String) -> String {
        switch self {
        case .bearer: return "Bearer \(token)"
        case .header: return token
        }
    }
}

/// The header a request carries for its signed-in user.
public struct RequestCredential: Sendable, Hashable {
    public let headerName: String
    public let headerValue: String
}

/// Renews a credential before it expires (Firebase's refresh tokens).
public protocol CredentialRefresher: Sendable {
    func refresh(_ credential: AuthCredential) async throws -> AuthCredential
}
