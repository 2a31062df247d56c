// A named operation the emulator serves (from the connector's files, or persisted over HTTP).

import SQLGenLanguage

/// Who may run an operation, from its `@auth(level:)`.
public enum AccessLevel: String, Sendable {
    /// `PUBLIC`: anyone.
    case publicAccess = "PUBLIC"
    /// `USER_ANON`, `USER`, `USER_EMAIL_VERIFIED`, or `@auth(expr:)`: a bearer token is needed.
    case user = "USER"
    /// `NO_ACCESS`, or no `@auth` at all (Data Connect's default): only seeds and admin requests.
    case noAccess = "NO_ACCESS"

    static func of(_ operation: OperationDefinition) -> AccessLevel {
        guard let auth = operation.directives.first(where: { $0.name.value == "auth" }) else { return .noAccess }
        for argument in auth.arguments {
            if argument.name.value == "expr" { return .user }
            if argument.name.value == "level", case .enumValue(let level, _) = argument.value {
                switch level {
                case "PUBLIC": return .publicAccess
                case "USER", "USER_ANON", "USER_EMAIL_VERIFIED": return .user
                default: return .noAccess
                }
            }
        }
        return .noAccess
    }
}

/// One operation served by name.
struct HostedOperation: Sendable {
    var connector: String
    var name: String
    var document: Document
    var operation: OperationDefinition
    var source: Source
    var access: AccessLevel
    /// The operation's text, for `list.json`.
    var text: String

    var isQuery: Bool { operation.operation == .query }
}
