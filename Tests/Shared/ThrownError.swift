/// The error `body` throws, or `nil`.
func thrownError(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
