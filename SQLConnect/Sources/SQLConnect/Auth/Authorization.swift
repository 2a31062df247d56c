import Foundation

/// Supplies a bearer token per request (refreshable tokens); `nil` sends no `Authorization` header.
public typealias TokenProvider = @Sendable () async throws -> String?

/// How HTTP transports authenticate.
public enum Authorization: Sendable {
    case none
    /// `Authorization: Basic base64(username:password)`, in ISO-8859-1 when every character fits (what
    /// Sling, and so AEM, decodes), else UTF-8.
    case basic(username: String, password: String)
    /// `Authorization: Bearer <token>`.
    case bearer(String)
    /// A bearer token fetched before every request.
    case tokenProvider(TokenProvider)

    /// The bearer token stored in `store` (a login fills it, logout clears it), read per request.
    public static func session(_ store: any SessionStore) -> Authorization {
        .tokenProvider { try store.loadToken() }
    }

    /// The `Authorization` header value, or `nil` for none.
    func headerValue() async throws -> String? {
        switch self {
        case .none:
            return nil
        case .basic(let username, let password):
            return "Basic " + Data(Self.basicCredentialBytes("\(username):\(password)")).base64EncodedString()
        case .bearer(let token):
            return "Bearer \(token)"
        case .tokenProvider(let provider):
            guard let token = try await provider(), !token.isEmpty else { return nil }
            return "Bearer \(token)"
        }
    }

    static func basicCredentialBytes(_ text: String) -> [UInt8] {
        let scalars = text.unicodeScalars
        guard scalars.allSatisfy({ $0.value <= 0xFF }) else { return Array(text.utf8) }
        return scalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
}
