import Foundation

/// Why a server refused who the client is, whatever shape the refusal took: an HTTP status, a
/// JSON error body (Parse's `{"code": 209}`, Firebase Auth's `{"error": {"message": "INVALID_PASSWORD"}}`)
/// or a GraphQL error's `extensions.code`.
public struct AuthFailure: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The email, user name or password is wrong.
        case wrongCredentials
        /// A sign-up named an account that exists already.
        case accountExists
        /// The session or token was valid once and is not any more: sign in again.
        case sessionExpired
        /// The operation needs a signed-in user and none was sent.
        case notSignedIn
    }

    public let reason: Reason
    /// The server's own words.
    public let message: String

    public init(_ reason: Reason, message: String) {
        (self.reason, self.message) = (reason, message)
    }

    public var description: String {
        switch reason {
        case .wrongCredentials: return "Wrong credentials: \(message)"
        case .accountExists: return "The account exists already: \(message)"
        case .sessionExpired: return "The session expired; sign in again: \(message)"
        case .notSignedIn: return "Not signed in: \(message)"
        }
    }

    /// The failure `error` reports, if it is one; `sentCredential` tells an expired session from
    /// a request that carried none.
    static func of(_ error: DataConnectError, sentCredential: Bool) -> AuthFailure? {
        let signal: (code: String, message: String)?
        switch error {
        case .httpStatus(let status, let body):
            signal = bodyCode(body) ?? (status == 401 ? ("UNAUTHENTICATED", "HTTP status 401") : nil)
        case .graphQL(let failure):
            signal = failure.errors.lazy.compactMap { error in error.extensions?["code"].flatMap(codeText).map { ($0, error.message) } }.first
        default:
            signal = nil
        }
        guard let signal, let reason = reason(forCode: signal.code, sentCredential: sentCredential) else { return nil }
        return AuthFailure(reason, message: signal.message)
    }

    /// Parse's numeric codes, Firebase Auth's messages, and the GraphQL convention's code names.
    private static func reason(forCode code: String, sentCredential: Bool) -> Reason? {
        switch code {
        case "101", "EMAIL_NOT_FOUND", "INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS", "INVALID_EMAIL":
            return .wrongCredentials
        case "202", "203", "EMAIL_EXISTS":
            return .accountExists
        case "TOKEN_EXPIRED", "INVALID_ID_TOKEN", "INVALID_REFRESH_TOKEN", "USER_NOT_FOUND", "USER_DISABLED":
            return .sessionExpired
        case "209", "UNAUTHENTICATED":
            return sentCredential ? .sessionExpired : .notSignedIn
        default:
            return nil
        }
    }

    /// `{"code": 209, "error": "..."}` (Parse) or `{"error": {"message": "CODE : detail"}}` (Firebase
    /// Auth) or `{"errors": [{"extensions": {"code": ...}}]}` (GraphQL over HTTP with a 4xx status).
    private static func bodyCode(_ body: Data) -> (code: String, message: String)? {
        guard case .object(let object)? = try? JSONParser.parse(body) else { return nil }
        if let code = object["code"].flatMap(codeText) {
            return (code, object["error"].flatMap(text) ?? code)
        }
        if case .object(let error)? = object["error"], let message = error["message"].flatMap(text) {
            let code = message.split(separator: " ", maxSplits: 1).first.map(String.init) ?? message
            return (code, message)
        }
        for error in ResponseDecoding.graphQLErrors(object["errors"]) {
            if let code = error.extensions?["code"].flatMap(codeText) { return (code, error.message) }
        }
        return nil
    }

    private static func codeText(_ value: AnyValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number) where number.rounded() == number: return String(Int64(number))
        default: return nil
        }
    }

    private static func codeText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): return text
        default: return nil
        }
    }

    private static func text(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }
}
