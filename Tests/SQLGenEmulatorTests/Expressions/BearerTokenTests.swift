@testable import SQLGenEmulator
import Testing

@Suite("Emulator: bearer tokens")
struct BearerTokenTests {
    @Test("an unsigned JWT gives auth.uid from sub (or user_id) and its payload as auth.token")
    func jwtClaims() {
        // {"alg":"none"} . {"sub":"ann","email_verified":true,"firebase":{"sign_in_provider":"google.com"}} .
        let token = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbm4iLCJlbWFpbF92ZXJpZmllZCI6dHJ1ZSwiZmlyZWJhc2UiOnsic2lnbl9pbl9wcm92aWRlciI6Imdvb2dsZS5jb20ifX0."
        let caller = Caller(bearerToken: token)
        #expect(caller.uid == "ann")
        #expect(caller.claims["email_verified"] == .bool(true))
        #expect(caller.claims["firebase"]?["sign_in_provider"] == .string("google.com"))
        // {"user_id":"bo"} with standard base64 padding.
        #expect(Caller(bearerToken: "e30.eyJ1c2VyX2lkIjoiYm8ifQ==.sig").uid == "bo")
        // A JWT without a subject is signed out.
        #expect(Caller(bearerToken: "e30.e30.").uid == nil)
    }

    @Test("any other token is the uid of a signed-in, non-anonymous user without email_verified")
    func plainTokens() {
        let caller = Caller(bearerToken: "alice")
        #expect(caller.uid == "alice")
        #expect(caller.claims["sub"] == .string("alice"))
        #expect(caller.claims["firebase"]?["sign_in_provider"] == .string("custom"))
        #expect(caller.claims["email_verified"] == nil)
        // Three parts whose middle is not base64 JSON: still a plain token.
        #expect(Caller(bearerToken: "a.b!.c").uid == "a.b!.c")
        #expect(Caller(bearerToken: "abc.def").uid == "abc.def")
        #expect(Caller(bearerToken: "").uid == nil)
    }
}
