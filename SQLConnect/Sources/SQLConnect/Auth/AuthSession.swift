import Foundation

/// Who is signed in to a backend: the credential a sign-in gave, kept in a `SessionStore` between
/// launches, sent with every request of the clients that use it (`DataConnect.useAuth`), renewed
/// before it expires, and forgotten at sign-out together with the results cached for it.
///
/// ```swift
/// let auth = AuthSession(store: defaultSessionStore(service: "com.example.movies"))
/// connector.dataConnect.useAuth(auth)
/// try await auth.signIn { try await FirebaseAuthClient.emulator().signIn(email: email, password: password) }
/// ```
public final class AuthSession: Sendable {
    public let placement: CredentialPlacement
    private let store: any SessionStore
    private let refresher: (any CredentialRefresher)?
    private let state: Locked<State>
    /// Renew a token that expires within this margin before using it.
    static let refreshMargin: TimeInterval = 60

    private struct State {
        var loaded = false
        var credential: AuthCredential?
        var refreshing: Task<AuthCredential, any Error>?
        var clients: [WeakClient] = []
    }

    private struct WeakClient {
        weak var client: DataConnect?
    }

    /// `placement` says how requests carry the token (`.header("X-Parse-Session-Token")` for
    /// Parse); `refresher` renews expiring tokens (`FirebaseAuthClient`).
    public init(store: any SessionStore, placement: CredentialPlacement = .bearer, refresher: (any CredentialRefresher)? = nil) {
        self.store = store
        self.placement = placement
        self.refresher = refresher
        state = Locked(State())
    }

    /// The signed-in user's credential, as last stored; nil when signed out.
    public var credential: AuthCredential? {
        state.withLock { state in
            if !state.loaded {
                state.credential = (try? store.loadToken()).flatMap { $0.flatMap(AuthCredential.init(stored:)) }
                state.loaded = true
            }
            return state.credential
        }
    }

    public var isSignedIn: Bool { credential != nil }

    /// Signs in with what `signIn` returns (a call to the auth endpoints, a login mutation's
    /// session token), keeps it, and returns it. A failed sign-in leaves the previous user signed in.
    /// `signIn` runs on the caller's actor, so it may use the caller's state.
    @discardableResult
    public func signIn(isolation: isolated (any Actor)? = #isolation, _ signIn: () async throws -> AuthCredential) async throws -> AuthCredential {
        let credential: AuthCredential
        do {
            credential = try await signIn()
        } catch let error as DataConnectError {
            throw AuthFailure.of(error, sentCredential: false).map(DataConnectError.auth) ?? error
        }
        try replace(with: credential)
        return credential
    }

    /// Signs out: runs `signOut` first while the token is still sent (a logout mutation, so the
    /// server forgets the session too), then forgets the credential and the results cached for it.
    /// If `signOut` fails for any reason but an already invalid session, nothing is forgotten and
    /// the error is thrown, so the app can try again rather than drop a token nobody revoked.
    public func signOut(isolation: isolated (any Actor)? = #isolation, _ signOut: (() async throws -> Void)? = nil) async throws {
        if let signOut {
            do {
                try await signOut()
            } catch let error as DataConnectError {
                let failure = AuthFailure.of(error, sentCredential: true)
                guard failure?.reason == .sessionExpired || failure?.reason == .notSignedIn else { throw error }
            }
        }
        try replace(with: nil)
    }

    /// The header for a request: the credential, renewed first when it is about to expire.
    func requestCredential() async throws -> RequestCredential? {
        guard var credential = credential else { return nil }
        if credential.expires(within: Self.refreshMargin, of: Date()), let refresher, credential.refreshToken != nil {
            credential = try await refreshed(credential, with: refresher)
        }
        return RequestCredential(headerName: placement.headerName, headerValue: placement.headerValue(credential.token))
    }

    /// Who the results a client caches belong to; nil when signed out.
    var identity: String? {
        credential.map { $0.userID.map { "user:" + $0 } ?? "token:" + String(SHA256.hexDigest($0.token).prefix(32)) }
    }

    func attach(_ client: DataConnect) {
        state.withLock { state in
            state.clients.removeAll { $0.client == nil || $0.client === client }
            state.clients.append(WeakClient(client: client))
        }
    }

    /// One renewal at a time: concurrent requests wait for the same one.
    private func refreshed(_ credential: AuthCredential, with refresher: any CredentialRefresher) async throws -> AuthCredential {
        let task = state.withLock { state in
            if let running = state.refreshing { return running }
            let task = Task { try await refresher.refresh(credential) }
            state.refreshing = task
            return task
        }
        defer { state.withLock { $0.refreshing = nil } }
        do {
            let renewed = try await task.value
            if credential == self.credential { try replace(with: renewed, keepingCache: true) }
            return renewed
        } catch let error as DataConnectError {
            throw AuthFailure.of(error, sentCredential: true).map(DataConnectError.auth) ?? error
        }
    }

    /// Stores `credential` (nil: signed out); a different user's cached results are dropped.
    private func replace(with credential: AuthCredential?, keepingCache: Bool = false) throws {
        if let credential { try store.saveToken(credential.stored) } else { try store.clear() }
        let (previous, clients) = state.withLock { state -> (String?, [DataConnect]) in
            let previous = state.credential
            (state.credential, state.loaded) = (credential, true)
            return (previous.map(\.token), state.clients.compactMap(\.client))
        }
        guard !keepingCache, previous != nil else { return }
        for client in clients { client.clearCache() }
    }
}
