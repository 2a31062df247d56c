// The login tutorial's flow with generated code: sign up, see the signed-in user's data, log out
// (the server forgets the session), see the same query refused, log in again. Against the
// Parse-shaped server at $PARSE_URL (scripts/check-sign-in.sh starts one); each step prints a
// line the script checks.
import Foundation
import ParseSDK
import SQLConnect

@main
struct ParseLogin {
    static func main() async {
        do {
            try await run()
        } catch {
            print("failed: \(error)")
            exit(1)
        }
    }

    static func run() async throws {
        let endpoint = URL(string: ProcessInfo.processInfo.environment["PARSE_URL"] ?? "http://127.0.0.1:1337/graphql")
        let connector = DataConnect.parseConnector
        if let endpoint {
            connector.dataConnect.useTransport(GraphQLHTTPTransport(endpoint: endpoint, headers: ["X-Parse-Application-Id": "sqlgen-parse-test"]))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parse-login-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = AuthSession(store: FileSessionStore(service: "parse-login", directory: folder), placement: .header("X-Parse-Session-Token"))
        connector.dataConnect.useAuth(session)

        let username = "ann-\(UUID().uuidString.prefix(8))"
        let signedUp = try await session.signIn {
            let viewer = try await connector.signUpMutation.execute(username: username, password: "correct horse").data?.signUp.viewer
            guard let viewer else { throw DataConnectError.configuration(key: "signUp", message: "no viewer") }
            return AuthCredential(token: viewer.sessionToken, userID: viewer.user.objectId)
        }
        print("signed up: \(username) (session stored: \(session.isSignedIn), user \(signedUp.userID ?? "?"))")
        let viewer = try await connector.viewerQuery.execute(fetchPolicy: .serverOnly).data?.viewer.user.username
        print("viewer: \(viewer ?? "nobody")")
        _ = try await connector.createNoteMutation.execute(text: "Buy milk")
        let notes = try await connector.myNotesQuery.execute(fetchPolicy: .serverOnly).data?.notes
        print("notes: \(notes?.count ?? 0) \(notes?.edges?.compactMap { $0?.node?.text } ?? [])")

        try await session.signOut { _ = try await connector.logOutMutation.execute() }
        print("signed out: \(!session.isSignedIn)")
        print("notes after sign-out: \(await outcome { try await connector.myNotesQuery.execute(fetchPolicy: .serverOnly) })")

        print("wrong password: \(await outcome { try await logIn(connector, session, username, "wrong") })")
        try await logIn(connector, session, username, "correct horse")
        let again = try await connector.myNotesQuery.execute(fetchPolicy: .serverOnly).data?.notes.count ?? 0
        print("signed in again: \(again) note\(again == 1 ? "" : "s")")

        // A token the server has forgotten: refused before any GraphQL runs (HTTP 400, code 209).
        try await session.signIn { AuthCredential(token: "r:forgotten") }
        print("stale session: \(await outcome { try await connector.viewerQuery.execute(fetchPolicy: .serverOnly) })")
    }

    @discardableResult
    static func logIn(_ connector: ParseConnector, _ session: AuthSession, _ username: String, _ password: String) async throws -> AuthCredential {
        try await session.signIn {
            let viewer = try await connector.logInMutation.execute(username: username, password: password).data?.logIn.viewer
            guard let viewer else { throw DataConnectError.configuration(key: "logIn", message: "no viewer") }
            return AuthCredential(token: viewer.sessionToken, userID: viewer.user.objectId)
        }
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
