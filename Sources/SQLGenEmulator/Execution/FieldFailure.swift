// Errors raised while resolving a field or running a request, with the GraphQL error code that
// goes into `extensions.code`.

import SQLGenLanguage

/// A field or request failure with a message meant for the client.
struct FieldFailure: Error {
    var message: String
    var code: String
    /// Where to point when it is not the field (an argument's value, as graphql-js reports it).
    var range: SourceRange?

    init(_ message: String, code: String = "INVALID_ARGUMENT", range: SourceRange? = nil) {
        self.message = message
        self.code = code
        self.range = range
    }

    static func unauthenticated(_ message: String) -> FieldFailure { FieldFailure(message, code: "UNAUTHENTICATED") }
    static func `internal`(_ message: String) -> FieldFailure { FieldFailure(message, code: "INTERNAL") }
}
