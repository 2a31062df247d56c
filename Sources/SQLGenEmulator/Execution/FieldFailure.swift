// Errors raised while resolving a field or running a request, with the GraphQL error code that
// goes into `extensions.code`.

/// A field or request failure with a message meant for the client.
struct FieldFailure: Error {
    var message: String
    var code: String

    init(_ message: String, code: String = "INVALID_ARGUMENT") {
        self.message = message
        self.code = code
    }

    static func unauthenticated(_ message: String) -> FieldFailure { FieldFailure(message, code: "UNAUTHENTICATED") }
    static func `internal`(_ message: String) -> FieldFailure { FieldFailure(message, code: "INTERNAL") }
}
