import Foundation
import Testing
@testable import SQLGenEmulator
import SQLGenLanguage

/// Signing in at a running emulator: Firebase Auth's endpoints on its own port, accounts kept in
/// its database across a restart, tokens that `@auth(level: USER)` and `auth.uid` accept, and an
/// expired token refused as one.
@Suite struct EmulatorSignInTests {
    static let schema = "type Note @table { owner: String!, text: String! }"
    static let operations = """
    mutation AddNote($text: String!) @auth(level: USER) { note_insert(data: { owner_expr: "auth.uid", text: $text }) }
    query MyNotes @auth(level: USER) { notes(where: { owner: { eq_expr: "auth.uid" } }) { text } }
    """

    static func harness() async throws -> EmulatorHarness {
        try await EmulatorHarness(schema: [Source(schema, name: "schema.gql")], operations: [Source(operations, name: "notes.gql", id: SourceID(1))], connector: "notes")
    }

    @Test func aSignedUpUserWritesAndReadsTheirOwnNotes() async throws {
        let emulator = try await Self.harness()
        do {
            let signUp = try await emulator.request("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any",
                                                    body: #"{"email":"ann@example.com","password":"secret1","returnSecureToken":true}"#)
            #expect(signUp.status == 200)
            let token = try #require(signUp.json?["idToken"]?.stringValue)
            let bearer = ["Authorization": "Bearer \(token)"]
            #expect(try await emulator.post("AddNote", #"{"text":"Buy milk"}"#, headers: bearer).status == 200)
            let mine = try await emulator.post("MyNotes", headers: bearer)
            #expect(mine.json?["data", "notes", 0, "text"]?.stringValue == "Buy milk")
            #expect(try await emulator.post("MyNotes").status == 401)

            // Accounts live in the database: after a restart the same password signs in.
            try await emulator.restart()
            let signIn = try await emulator.request("POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any",
                                                    body: #"{"email":"ann@example.com","password":"secret1","returnSecureToken":true}"#)
            #expect(signIn.json?["localId"] == signUp.json?["localId"])
            let again = try await emulator.post("MyNotes", headers: ["Authorization": "Bearer \(signIn.json?["idToken"]?.stringValue ?? "")"])
            #expect(again.json?["data", "notes", 0, "text"]?.stringValue == "Buy milk")
            let taken = try await emulator.request("POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp", body: #"{"email":"ann@example.com","password":"secret2"}"#)
            #expect(taken.status == 400 && taken.json?["error", "message"]?.stringValue == "EMAIL_EXISTS")
        } catch {
            await emulator.shutdown()
            throw error
        }
        await emulator.shutdown()
    }

    @Test func anExpiredTokenSignsNoOneIn() async throws {
        let expired = AuthEndpoints(accounts: MemoryAuthAccountStore(), now: { Date(timeIntervalSince1970: 1_000) })
            .idToken(for: AuthAccount(uid: "ann", email: nil, password: nil, emailVerified: false,
                                      createdAt: Date(timeIntervalSince1970: 1_000), lastSignInAt: Date(timeIntervalSince1970: 1_000)))
        let caller = Caller(bearerToken: expired)
        #expect(caller.uid == nil && caller.tokenExpired)
        #expect(Caller(bearerToken: expired, now: Date(timeIntervalSince1970: 1_000)).uid == "ann")

        let emulator = try await Self.harness()
        let reply = try await emulator.post("MyNotes", headers: ["Authorization": "Bearer \(expired)"])
        await emulator.shutdown()
        #expect(reply.status == 401)
        #expect(reply.text.contains("the token has expired"))
    }
}
