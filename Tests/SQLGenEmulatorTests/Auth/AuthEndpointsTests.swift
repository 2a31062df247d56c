import Foundation
import Testing
@testable import SQLGenEmulator

/// The emulator's Firebase Auth endpoints: what they answer, and that their ID tokens are what the
/// emulator reads as `auth.uid` and `auth.token`.
@Suite struct AuthEndpointsTests {
    static let prefix = "/identitytoolkit.googleapis.com/v1/accounts:"

    static func post(_ endpoints: AuthEndpoints, _ path: String, _ body: String) -> AuthResponse {
        endpoints.respond(method: "POST", path: path, body: Array(body.utf8))
    }

    static func message(_ response: AuthResponse) -> String? {
        response.body["error"]?["message"]?.stringValue
    }

    @Test func signUpThenSignInGiveTokensForTheSameUser() throws {
        let endpoints = AuthEndpoints(accounts: MemoryAuthAccountStore())
        let signUp = Self.post(endpoints, Self.prefix + "signUp", #"{"email":"Ann@Example.com","password":"secret1","returnSecureToken":true}"#)
        #expect(signUp.status == 200)
        let uid = try #require(signUp.body["localId"]?.stringValue)
        #expect(uid.count == 28)
        #expect(signUp.body["email"]?.stringValue == "ann@example.com")
        #expect(signUp.body["expiresIn"]?.stringValue == "3600")

        let signIn = Self.post(endpoints, Self.prefix + "signInWithPassword", #"{"email":"ann@example.com","password":"secret1"}"#)
        #expect(signIn.status == 200 && signIn.body["registered"] == .bool(true))
        let caller = Caller(bearerToken: try #require(signIn.body["idToken"]?.stringValue))
        #expect(caller.uid == uid)
        #expect(caller.claims["email"]?.stringValue == "ann@example.com")
        #expect(caller.claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
        #expect(caller.claims["email_verified"] == .bool(false))
    }

    @Test func refusalsUseFirebasesCodes() {
        let endpoints = AuthEndpoints(accounts: MemoryAuthAccountStore())
        _ = Self.post(endpoints, Self.prefix + "signUp", #"{"email":"ann@example.com","password":"secret1"}"#)
        let cases: [(String, String, String)] = [
            ("signUp", #"{"email":"ann@example.com","password":"secret1"}"#, "EMAIL_EXISTS"),
            ("signUp", #"{"email":"bob@example.com","password":"123"}"#, "WEAK_PASSWORD : Password should be at least 6 characters"),
            ("signUp", #"{"email":"not an email","password":"secret1"}"#, "INVALID_EMAIL"),
            ("signInWithPassword", #"{"email":"ann@example.com","password":"wrong!"}"#, "INVALID_PASSWORD"),
            ("signInWithPassword", #"{"email":"nobody@example.com","password":"secret1"}"#, "EMAIL_NOT_FOUND"),
            ("signInWithPassword", #"{"email":"ann@example.com"}"#, "MISSING_PASSWORD"),
            ("signUp", "[1,2", "INVALID_JSON_BODY"),
        ]
        for (action, body, expected) in cases {
            let response = Self.post(endpoints, Self.prefix + action, body)
            #expect(response.status == 400, "\(action) \(body)")
            #expect(Self.message(response) == expected, "\(action) \(body)")
        }
        #expect(endpoints.respond(method: "GET", path: Self.prefix + "signUp", body: []).status == 405)
    }

    @Test func anAnonymousSignInAndARefresh() throws {
        let endpoints = AuthEndpoints(accounts: MemoryAuthAccountStore())
        let anonymous = Self.post(endpoints, Self.prefix + "signUp", #"{"returnSecureToken":true}"#)
        let caller = Caller(bearerToken: try #require(anonymous.body["idToken"]?.stringValue))
        #expect(caller.claims["firebase"]?["sign_in_provider"]?.stringValue == "anonymous")
        let refreshToken = try #require(anonymous.body["refreshToken"]?.stringValue)

        let refreshed = Self.post(endpoints, "/securetoken.googleapis.com/v1/token", "grant_type=refresh_token&refresh_token=\(refreshToken)")
        #expect(refreshed.status == 200)
        #expect(refreshed.body["user_id"]?.stringValue == caller.uid)
        #expect(Caller(bearerToken: try #require(refreshed.body["id_token"]?.stringValue)).uid == caller.uid)
        let unknown = Self.post(endpoints, "/securetoken.googleapis.com/v1/token", "grant_type=refresh_token&refresh_token=nope")
        #expect(Self.message(unknown) == "INVALID_REFRESH_TOKEN")

        let lookup = Self.post(endpoints, Self.prefix + "lookup", #"{"idToken":"\#(anonymous.body["idToken"]?.stringValue ?? "")"}"#)
        #expect(lookup.body["users"]?.arrayValue?.first?["localId"]?.stringValue == caller.uid)
    }
}
