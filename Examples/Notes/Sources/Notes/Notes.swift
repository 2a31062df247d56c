// The login tutorial's flow against the sqlgen emulator: sign up (Firebase Auth's REST API, which
// the emulator serves on its own port), run a USER-level mutation and a query filtered by
// auth.uid, sign out and see the same query refused, sign in again. Each step prints a line that
// scripts/check-sign-in.sh checks. The emulator's port comes from SQLGEN_EMULATOR_PORT.
import Foundation
import NotesSDK
import SQLConnect

@main
struct Notes {
    static func main() async {
        do {
            try await run()
        } catch {
            print("failed: \(error)")
            exit(1)
        }
    }

    static func run() async throws {
        let port = ProcessInfo.processInfo.environment["SQLGEN_EMULATOR_PORT"].flatMap(Int.init) ?? DataConnect.EmulatorDefaults.port
        let connector = DataConnect.notesConnector
        connector.useEmulator(port: port)
        let firebase = FirebaseAuthClient.emulator(port: port)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let auth = AuthSession(store: FileSessionStore(service: "notes", directory: folder), refresher: firebase)
        connector.dataConnect.useAuth(auth)

        let email = "ann-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let user = try await auth.signIn { try await firebase.signUp(email: email, password: "correct horse") }
        print("signed up: \(user.userID != nil), refreshes: \(user.refreshToken != nil)")
        _ = try await connector.addNoteMutation.execute(text: "Buy milk")
        _ = try await connector.addNoteMutation.execute(text: "Call Bob")
        let notes = try await connector.myNotesQuery.execute(fetchPolicy: .serverOnly).data?.notes.map(\.text) ?? []
        print("my notes: \(notes)")

        try await auth.signOut()
        print("after sign-out: \(await outcome { try await connector.myNotesQuery.execute(fetchPolicy: .serverOnly) })")
        print("wrong password: \(await outcome { try await auth.signIn { try await firebase.signIn(email: email, password: "wrong horse") } })")

        // Someone else sees none of Ann's notes.
        try await auth.signIn { try await firebase.signUp(email: "bob-" + email, password: "battery staple") }
        let others = try await connector.myNotesQuery.execute(fetchPolicy: .serverOnly).data?.notes.count ?? -1
        print("another user's notes: \(others)")

        try await auth.signIn { try await firebase.signIn(email: email, password: "correct horse") }
        let again = try await connector.myNotesQuery.execute(fetchPolicy: .serverOnly).data?.notes.count ?? 0
        print("signed in again: \(again) notes")
    }

    /// "ok", or the reason an `.auth` error gives, or the error.
    static func outcome<T>(_ body: () async throws -> T) async -> String {
        do {
            _ = try await body()
            return "ok"
        } catch DataConnectError.auth(let failure) {
            return "refused (\(failure.reason))"
        } catch {
            return "error: \(error)"
        }
    }
}
