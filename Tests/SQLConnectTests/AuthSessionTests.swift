import Foundation
import Testing
@testable import SQLConnect

/// Signing in, carrying the credential, renewing it, keeping each user's cached results apart and
/// signing out, against a scripted loopback server speaking Firebase Auth's and Parse's dialects.
@Suite struct AuthSessionTests {
    static let signedIn = #"{"idToken":"id-1","email":"ann@example.com","refreshToken":"refresh-1","expiresIn":"3600","localId":"ann"}"#

    static func session(_ directory: URL, placement: CredentialPlacement = .bearer, refresher: (any CredentialRefresher)? = nil) -> AuthSession {
        AuthSession(store: FileSessionStore(service: "movies", directory: directory), placement: placement, refresher: refresher)
    }

    static func auth(_ server: RecordingServer) -> FirebaseAuthClient {
        FirebaseAuthClient.emulator(port: server.port)
    }

    static func listMovies(_ client: DataConnect, policy: QueryFetchPolicy = .preferCache, name: String = "ListMovies") async throws -> OperationResult<MoviesData> {
        try await client.query(name: name, variables: NoVariables(), resultsDataType: MoviesData.self).execute(fetchPolicy: policy)
    }

    /// `body` with a scripted server, a session kept in a temporary folder, and a client using it.
    static func withSession(placement: CredentialPlacement = .bearer, refresher: ((RecordingServer) -> any CredentialRefresher)? = nil,
                            cache: CacheSettings? = nil, authorization: Authorization = .none,
                            _ body: (RecordingServer, AuthSession, DataConnect, URL) async throws -> Void) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await RecordingServer.with { server in
            let session = Self.session(directory, placement: placement, refresher: refresher?(server))
            let client = server.client(cache: cache, authorization: authorization)
            client.useAuth(session)
            try await body(server, session, client, directory)
        }
    }

    @Test func aSignInIsKeptAndSentWithEveryRequest() async throws {
        try await Self.withSession { server, session, client, directory in
            server.enqueueJSON(Self.signedIn)
            let credential = try await session.signIn { try await Self.auth(server).signIn(email: "ann@example.com", password: "secret") }
            #expect(credential.userID == "ann" && credential.refreshToken == "refresh-1")
            server.enqueueJSON(Fixtures.moviesJSON)
            _ = try await Self.listMovies(client)

            let signIn = try #require(server.requests.first)
            #expect(signIn.target == "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key")
            #expect(signIn.bodyJSON == .object(["email": .string("ann@example.com"), "password": .string("secret"), "returnSecureToken": .bool(true)]))
            #expect(server.requests.last?.header("Authorization") == "Bearer id-1")
            // A new launch finds the user signed in.
            #expect(Self.session(directory).credential == credential)
        }
    }

    @Test func aSessionHeaderOfItsOwnReplacesAuthorization() async throws {
        try await Self.withSession(placement: .header("X-Parse-Session-Token"), authorization: .bearer("static")) { server, session, client, _ in
            try await session.signIn { AuthCredential(token: "r:parse-session") }
            server.enqueueJSON(Fixtures.moviesJSON)
            _ = try await Self.listMovies(client)
            #expect(server.requests.last?.header("X-Parse-Session-Token") == "r:parse-session")
            #expect(server.requests.last?.header("Authorization") == nil)
        }
    }

    @Test func anExpiringTokenIsRenewedOnceBeforeUse() async throws {
        try await Self.withSession(refresher: { Self.auth($0) }) { server, session, client, _ in
            try await session.signIn { AuthCredential(token: "old", userID: "ann", refreshToken: "refresh-1", expiresAt: Date().addingTimeInterval(5)) }
            server.enqueue(.delayed(0.2, .json(status: 200, #"{"id_token":"new","refresh_token":"refresh-2","expires_in":"3600","user_id":"ann"}"#)))
            server.enqueueJSON(Fixtures.moviesJSON)
            server.enqueueJSON(Fixtures.moviesJSON)
            async let first = Self.listMovies(client, policy: .serverOnly)
            async let second = Self.listMovies(client, policy: .serverOnly, name: "ListMoviesAgain")
            _ = try await (first, second)

            let refreshes = server.requests.filter { $0.target.hasPrefix("/securetoken.googleapis.com/v1/token") }
            #expect(refreshes.count == 1)
            #expect(refreshes.first?.bodyText == "grant_type=refresh_token&refresh_token=refresh-1")
            #expect(server.requests.filter { $0.target.hasPrefix("/graphql") }.map { $0.header("Authorization") } == ["Bearer new", "Bearer new"])
            #expect(session.credential?.token == "new")
        }
    }

    @Test func cachedResultsBelongToTheirUser() async throws {
        try await Self.withSession(cache: CacheSettings(maxAge: 300)) { server, session, client, _ in
            try await session.signIn { AuthCredential(token: "ann-token", userID: "ann") }
            server.enqueueJSON(Fixtures.moviesJSON)
            #expect(try await Self.listMovies(client).source == .server)
            #expect(try await Self.listMovies(client).source == .cache)

            try await session.signOut()
            try await session.signIn { AuthCredential(token: "bob-token", userID: "bob") }
            server.enqueueJSON(#"{"data":{"movies":[]}}"#)
            let bobs = try await Self.listMovies(client)
            #expect(bobs.source == .server && bobs.data?.movies.isEmpty == true)
        }
    }

    @Test func signingOutRunsTheLogoutFirstAndKeepsTheSessionWhenItFails() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = Self.session(directory)
        try await session.signIn { AuthCredential(token: "r:parse-session") }
        let unreachable = await thrownError { try await session.signOut { throw DataConnectError.transport(URLError(.notConnectedToInternet)) } }
        #expect(unreachable != nil)
        #expect(session.isSignedIn)
        // A session the server no longer knows is signed out anyway.
        try await session.signOut { throw DataConnectError.httpStatus(code: 400, body: Data(#"{"code":209,"error":"Invalid session token"}"#.utf8)) }
        #expect(!session.isSignedIn)
        #expect(Self.session(directory).credential == nil)
    }

    @Test func refusalsAreOneTypedErrorWhateverTheirShape() async throws {
        try await Self.withSession { server, session, client, _ in
            func reason(_ error: (any Error)?) -> AuthFailure.Reason? {
                if case .auth(let failure)? = error as? DataConnectError { return failure.reason }
                return nil
            }
            server.enqueueJSON(#"{"error":{"code":400,"message":"INVALID_PASSWORD"}}"#, status: 400)
            #expect(reason(await thrownError { try await session.signIn { try await Self.auth(server).signIn(email: "a@b.c", password: "no") } }) == .wrongCredentials)
            server.enqueueJSON(#"{"errors":[{"message":"needs a signed-in user","extensions":{"code":"UNAUTHENTICATED"}}]}"#, status: 401)
            #expect(reason(await thrownError { _ = try await Self.listMovies(client) }) == .notSignedIn)

            try await session.signIn { AuthCredential(token: "r:stale") }
            server.enqueueJSON(#"{"code":209,"error":"Invalid session token"}"#, status: 400)
            #expect(reason(await thrownError { _ = try await Self.listMovies(client, policy: .serverOnly) }) == .sessionExpired)
            server.enqueueJSON(#"{"data":null,"errors":[{"message":"Invalid session token","extensions":{"code":209}}]}"#)
            #expect(reason(await thrownError { _ = try await Self.listMovies(client, policy: .serverOnly) }) == .sessionExpired)
        }
    }
}

/// `signIn` and `signOut` take closures that run on the caller's actor: they compile (Swift 6
/// language mode) and run from the main actor, another actor, nonisolated code and a detached task.
@Suite struct AuthSessionIsolationTests {
    actor Account {
        var token = "from-an-actor"
        func signIn(_ session: AuthSession) async throws {
            try await session.signIn { AuthCredential(token: self.token) }
            try await session.signOut { self.token = "" }
        }
    }

    @MainActor final class LoginModel {
        var token = "from-the-main-actor"
        func signIn(_ session: AuthSession) async throws {
            try await session.signIn { AuthCredential(token: self.token) }
            try await session.signOut { self.token = "" }
        }
    }

    nonisolated static func signInNonisolated(_ session: AuthSession) async throws {
        var token = "nonisolated"
        try await session.signIn { AuthCredential(token: token) }
        try await session.signOut { token = "" }
    }

    @Test func everyContext() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = AuthSession(store: FileSessionStore(service: "isolation", directory: directory))
        try await Account().signIn(session)
        try await LoginModel().signIn(session)
        try await Self.signInNonisolated(session)
        try await Task.detached {
            try await session.signIn { AuthCredential(token: "detached") }
            #expect(session.credential?.token == "detached")
        }.value
        #expect(session.isSignedIn)
    }
}
