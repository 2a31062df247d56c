// Firebase Auth's REST API at the Firebase Auth emulator's paths, on the sqlgen emulator's own
// port: sign up and sign in with email and password, anonymous sign-in, account lookup, and
// refreshing an ID token. ID tokens are unsigned JWTs (as the Auth emulator issues them) whose
// `sub` the emulator reads as `auth.uid`, so `@auth(level: USER)` works with a real sign-in.

import Foundation
import SQLGenJSON

/// An answer of the auth endpoints: an HTTP status and a JSON body.
public struct AuthResponse: Sendable, Equatable {
    public var status: Int
    public var body: JSONValue
}

public struct AuthEndpoints {
    let accounts: any AuthAccountStore
    let projectID: String
    let now: @Sendable () -> Date
    /// How long an ID token is good for, as Firebase's are.
    static let tokenLifetime: TimeInterval = 3600

    public init(accounts: any AuthAccountStore, projectID: String = "demo-sqlgen", now: @escaping @Sendable () -> Date = { Date() }) {
        (self.accounts, self.projectID, self.now) = (accounts, projectID, now)
    }

    /// Whether `path` is one of these endpoints (the server routes it here, whatever the method).
    public static func handles(_ path: String) -> Bool {
        path.hasPrefix("/identitytoolkit.googleapis.com/") || path.hasPrefix("/securetoken.googleapis.com/")
    }

    /// The answer to `method path` with `body` (JSON, or a form for the token endpoint).
    public func respond(method: String, path: String, body: [UInt8]) -> AuthResponse {
        guard method == "POST" else { return Self.failure("METHOD_NOT_ALLOWED", status: 405) }
        do {
            switch path {
            case "/identitytoolkit.googleapis.com/v1/accounts:signUp": return try signUp(try Self.json(body))
            case "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword": return try signIn(try Self.json(body))
            case "/identitytoolkit.googleapis.com/v1/accounts:lookup": return try lookup(try Self.json(body))
            case "/securetoken.googleapis.com/v1/token": return try refresh(Self.form(body))
            default: return Self.failure("NOT_FOUND", status: 404)
            }
        } catch let failure as AuthFailure {
            return Self.failure(failure.code)
        } catch {
            return Self.failure("INTERNAL_ERROR: \(error)", status: 500)
        }
    }

    // MARK: Endpoints

    private func signUp(_ request: JSONValue) throws -> AuthResponse {
        let time = now()
        guard let email = request["email"]?.stringValue else {
            // No email: an anonymous account.
            let account = AuthAccount(uid: Self.newUID(), emailVerified: false, createdAt: time, lastSignInAt: time)
            _ = try accounts.insert(account)
            return try signedIn(account, kind: "identitytoolkit#SignupNewUserResponse")
        }
        guard Self.isEmail(email) else { throw AuthFailure("INVALID_EMAIL") }
        guard let password = request["password"]?.stringValue, !password.isEmpty else { throw AuthFailure("MISSING_PASSWORD") }
        guard password.count >= 6 else { throw AuthFailure("WEAK_PASSWORD : Password should be at least 6 characters") }
        let account = AuthAccount(uid: Self.newUID(), email: email.lowercased(), password: password, emailVerified: false, createdAt: time, lastSignInAt: time)
        guard try accounts.insert(account) else { throw AuthFailure("EMAIL_EXISTS") }
        return try signedIn(account, kind: "identitytoolkit#SignupNewUserResponse")
    }

    private func signIn(_ request: JSONValue) throws -> AuthResponse {
        guard let email = request["email"]?.stringValue, Self.isEmail(email) else { throw AuthFailure("INVALID_EMAIL") }
        guard let password = request["password"]?.stringValue, !password.isEmpty else { throw AuthFailure("MISSING_PASSWORD") }
        guard var account = try accounts.account(email: email.lowercased()) else { throw AuthFailure("EMAIL_NOT_FOUND") }
        guard account.password == password else { throw AuthFailure("INVALID_PASSWORD") }
        account.lastSignInAt = now()
        try accounts.update(account)
        return try signedIn(account, kind: "identitytoolkit#VerifyPasswordResponse", extra: [JSONMember("registered", .bool(true))])
    }

    private func lookup(_ request: JSONValue) throws -> AuthResponse {
        guard let token = request["idToken"]?.stringValue, let claims = Caller.jwtClaims(token),
              let uid = claims["sub"]?.stringValue, let account = try accounts.account(uid: uid) else { throw AuthFailure("INVALID_ID_TOKEN") }
        var user: [JSONMember] = [JSONMember("localId", .string(account.uid))]
        if let email = account.email { user.append(JSONMember("email", .string(email))) }
        user += [
            JSONMember("emailVerified", .bool(account.emailVerified)),
            JSONMember("createdAt", .string(String(Int64(account.createdAt.timeIntervalSince1970 * 1000)))),
            JSONMember("lastLoginAt", .string(String(Int64(account.lastSignInAt.timeIntervalSince1970 * 1000)))),
        ]
        return AuthResponse(status: 200, body: .object([
            JSONMember("kind", .string("identitytoolkit#GetAccountInfoResponse")), JSONMember("users", .array([.object(user)])),
        ]))
    }

    private func refresh(_ form: [String: String]) throws -> AuthResponse {
        guard form["grant_type"] == "refresh_token", let token = form["refresh_token"], !token.isEmpty else { throw AuthFailure("INVALID_GRANT_TYPE") }
        guard let uid = try accounts.uid(ofRefreshToken: token), let account = try accounts.account(uid: uid) else { throw AuthFailure("INVALID_REFRESH_TOKEN") }
        let idToken = idToken(for: account)
        return AuthResponse(status: 200, body: .object([
            JSONMember("access_token", .string(idToken)), JSONMember("expires_in", .string(String(Int(Self.tokenLifetime)))),
            JSONMember("token_type", .string("Bearer")), JSONMember("refresh_token", .string(token)), JSONMember("id_token", .string(idToken)),
            JSONMember("user_id", .string(account.uid)), JSONMember("project_id", .string(projectID)),
        ]))
    }

    // MARK: Tokens

    /// A sign-in's answer: a new ID token and refresh token for `account`.
    private func signedIn(_ account: AuthAccount, kind: String, extra: [JSONMember] = []) throws -> AuthResponse {
        let refreshToken = Self.newUID() + Self.newUID()
        try accounts.saveRefreshToken(refreshToken, uid: account.uid)
        var members = [JSONMember("kind", .string(kind)), JSONMember("localId", .string(account.uid))]
        if let email = account.email { members.append(JSONMember("email", .string(email))) }
        members += [
            JSONMember("idToken", .string(idToken(for: account))), JSONMember("refreshToken", .string(refreshToken)),
            JSONMember("expiresIn", .string(String(Int(Self.tokenLifetime)))),
        ] + extra
        return AuthResponse(status: 200, body: .object(members))
    }

    /// An unsigned JWT (`alg: none`) with the claims Firebase's ID tokens carry.
    func idToken(for account: AuthAccount) -> String {
        let issued = Int64(now().timeIntervalSince1970)
        var claims: [JSONMember] = [
            JSONMember("iss", .string("https://securetoken.google.com/\(projectID)")), JSONMember("aud", .string(projectID)),
            JSONMember("auth_time", .int(Int64(account.lastSignInAt.timeIntervalSince1970))), JSONMember("user_id", .string(account.uid)),
            JSONMember("sub", .string(account.uid)), JSONMember("iat", .int(issued)), JSONMember("exp", .int(issued + Int64(Self.tokenLifetime))),
        ]
        var identities: [JSONMember] = []
        if let email = account.email {
            claims += [JSONMember("email", .string(email)), JSONMember("email_verified", .bool(account.emailVerified))]
            identities = [JSONMember("email", .array([.string(email)]))]
        }
        claims.append(JSONMember("firebase", .object([
            JSONMember("identities", .object(identities)), JSONMember("sign_in_provider", .string(account.provider)),
        ])))
        let header = JSONValue.object([JSONMember("alg", .string("none")), JSONMember("typ", .string("JWT"))])
        return Self.base64URL(header.serialized()) + "." + Self.base64URL(JSONValue.object(claims).serialized()) + "."
    }

    // MARK: Parts

    private struct AuthFailure: Error {
        let code: String
        init(_ code: String) { self.code = code }
    }

    /// Firebase's error shape: `{"error": {"code": 400, "message": "EMAIL_EXISTS", "errors": [...]}}`.
    static func failure(_ message: String, status: Int = 400) -> AuthResponse {
        let reason = JSONValue.object([JSONMember("message", .string(message)), JSONMember("reason", .string("invalid")), JSONMember("domain", .string("global"))])
        return AuthResponse(status: status, body: .object([JSONMember("error", .object([
            JSONMember("code", .int(Int64(status))), JSONMember("message", .string(message)), JSONMember("errors", .array([reason])),
        ]))]))
    }

    private static func json(_ body: [UInt8]) throws -> JSONValue {
        guard let value = try? JSONParser.parse(body, maxDepth: 16), case .object = value else { throw AuthFailure("INVALID_JSON_BODY") }
        return value
    }

    /// `application/x-www-form-urlencoded` pairs (a JSON body is read too, as Google's endpoint does).
    private static func form(_ body: [UInt8]) -> [String: String] {
        if let json = try? JSONParser.parse(body, maxDepth: 16), case .object(let members) = json {
            return Dictionary(members.compactMap { member in member.value.stringValue.map { (member.key, $0) } }, uniquingKeysWith: { _, last in last })
        }
        var pairs: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
            if parts.count == 2 { pairs[parts[0]] = parts[1] }
        }
        return pairs
    }

    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: \.isWhitespace)
    }

    private static func newUID() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(28).description
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
