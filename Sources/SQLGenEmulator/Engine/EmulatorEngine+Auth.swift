// Signing in at the emulator: Firebase Auth's endpoints with their accounts in this engine's
// database, answered on the engine's actor like every write.

extension EmulatorEngine {
    /// The answer of the auth endpoint at `path` (see `AuthEndpoints`).
    public func respondAuth(method: String, path: String, body: [UInt8]) -> AuthResponse {
        do {
            let accounts = try DatabaseAuthAccountStore(connection: database)
            return AuthEndpoints(accounts: accounts).respond(method: method, path: path, body: body)
        } catch {
            return AuthEndpoints.failure("INTERNAL_ERROR: \(error)", status: 500)
        }
    }
}
