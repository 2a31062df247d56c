// The accounts Firebase Auth's emulator keeps: email and password, or anonymous. Passwords are
// kept as the Firebase Auth emulator keeps them (as given): this is a local test server.

import Foundation

/// One account of the emulator's sign-in endpoints.
public struct AuthAccount: Sendable, Equatable {
    public var uid: String
    /// Nil for an anonymous account.
    public var email: String?
    public var password: String?
    public var emailVerified: Bool
    public var createdAt: Date
    public var lastSignInAt: Date

    public var provider: String { email == nil ? "anonymous" : "password" }
}

/// Where accounts and refresh tokens live: the emulator's database, or memory in tests.
public protocol AuthAccountStore: Sendable {
    func account(uid: String) throws -> AuthAccount?
    func account(email: String) throws -> AuthAccount?
    /// Adds `account`; false when its email is taken.
    func insert(_ account: AuthAccount) throws -> Bool
    func update(_ account: AuthAccount) throws
    /// The account a refresh token belongs to.
    func uid(ofRefreshToken token: String) throws -> String?
    func saveRefreshToken(_ token: String, uid: String) throws
}

/// Accounts in memory (tests, and `:memory:` databases).
public final class MemoryAuthAccountStore: AuthAccountStore, @unchecked Sendable {
    private let lock = NSLock()
    private var accounts: [String: AuthAccount] = [:]
    private var refreshTokens: [String: String] = [:]

    public init() {}

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    public func account(uid: String) -> AuthAccount? { locked { accounts[uid] } }

    public func account(email: String) -> AuthAccount? {
        locked { accounts.values.first { $0.email == email } }
    }

    public func insert(_ account: AuthAccount) -> Bool {
        locked {
            if let email = account.email, accounts.values.contains(where: { $0.email == email }) { return false }
            accounts[account.uid] = account
            return true
        }
    }

    public func update(_ account: AuthAccount) { locked { accounts[account.uid] = account } }

    public func uid(ofRefreshToken token: String) -> String? { locked { refreshTokens[token] } }

    public func saveRefreshToken(_ token: String, uid: String) { locked { refreshTokens[token] = uid } }
}
