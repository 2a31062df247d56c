// The login tutorial's screens with generated code: a login form, and the signed-in user's notes
// with a sign-out button. Compiled only where SwiftUI exists (Apple platforms); on Linux CI
// type-checks them against stub modules (scripts/check-apple-code.sh).
#if canImport(SwiftUI)
import ParseSDK
import SQLConnect
import SwiftUI

@available(iOS 17, macOS 14, *)
struct LoginView: View {
    let session: AuthSession
    @State private var username = ""
    @State private var password = ""
    @State private var problem: String?
    @State private var isSignedIn = false

    var body: some View {
        if isSignedIn {
            NotesView(session: session) { isSignedIn = false }
        } else {
            VStack(alignment: .leading) {
                TextField("User name", text: $username)
                SecureField("Password", text: $password)
                Button("Log in") {
                    Task { await logIn() }
                }
                if let problem { Text(problem).foregroundStyle(.red) }
            }
            .padding()
            .task { isSignedIn = session.isSignedIn }
        }
    }

    private func logIn() async {
        do {
            try await session.signIn {
                let viewer = try await DataConnect.parseConnector.logInMutation.execute(username: username, password: password).data?.logIn.viewer
                guard let viewer else { throw DataConnectError.configuration(key: "logIn", message: "The server sent no session.") }
                return AuthCredential(token: viewer.sessionToken, userID: viewer.user.objectId)
            }
            (problem, isSignedIn) = (nil, true)
        } catch DataConnectError.auth(let failure) where failure.reason == .wrongCredentials {
            problem = "Wrong user name or password."
        } catch {
            problem = String(describing: error)
        }
    }
}

@available(iOS 17, macOS 14, *)
struct NotesView: View {
    let session: AuthSession
    let signedOut: @MainActor () -> Void
    let notes = DataConnect.parseConnector.myNotesQuery.ref()

    var body: some View {
        NavigationStack {
            List(notes.data?.notes.edges?.compactMap { $0?.node } ?? [], id: \.id) { note in
                Text(note.text)
            }
            .toolbar {
                Button("Sign out") {
                    Task {
                        try? await session.signOut { _ = try await DataConnect.parseConnector.logOutMutation.execute() }
                        if !session.isSignedIn { signedOut() }
                    }
                }
            }
            .task { _ = try? await notes.execute(fetchPolicy: .serverOnly) }
            .navigationTitle("Notes")
        }
    }
}
#endif
