import Foundation

/// Keeps the login token between launches: a login mutation saves it, logout clears it, and
/// `Authorization.session(store)` sends it with every request.
public protocol SessionStore: Sendable {
    func loadToken() throws -> String?
    func saveToken(_ token: String) throws
    func clear() throws
}

/// The platform's store: the Keychain on Apple platforms, a 0600 file in the user's data folder elsewhere.
public func defaultSessionStore(service: String) -> any SessionStore {
    #if canImport(Security)
    return KeychainSessionStore(service: service)
    #else
    return FileSessionStore(service: service)
    #endif
}
