// Who may run an operation: Data Connect's `@auth` levels, checked before any work.

import SQLGenLanguage

/// Who may run an operation, from its `@auth(level:)` or `@auth(expr:)`.
public enum AccessLevel: String, Sendable {
    /// `PUBLIC`: anyone.
    case publicAccess = "PUBLIC"
    /// `USER_ANON`: any signed-in caller, anonymous ones included.
    case userAnon = "USER_ANON"
    /// `USER`: a signed-in caller whose `firebase.sign_in_provider` is not `anonymous`.
    case user = "USER"
    /// `USER_EMAIL_VERIFIED`: a signed-in caller whose `email_verified` claim is true.
    case userEmailVerified = "USER_EMAIL_VERIFIED"
    /// `@auth(expr:)`: a CEL condition over `auth`, `vars` and `request`, checked once variables are coerced.
    case expression = "EXPR"
    /// `NO_ACCESS`, or no `@auth` at all (Data Connect's default): only seeds and admin requests.
    case noAccess = "NO_ACCESS"

    static func of(_ operation: OperationDefinition) -> (level: AccessLevel, expression: String?) {
        guard let auth = operation.directives.first(where: { $0.name.value == "auth" }) else { return (.noAccess, nil) }
        for argument in auth.arguments {
            if argument.name.value == "expr", case .string(let text) = argument.value { return (.expression, text.value) }
            if argument.name.value == "level", case .enumValue(let level, _) = argument.value {
                return (AccessLevel(rawValue: level).flatMap { $0 == .expression ? nil : $0 } ?? .noAccess, nil)
            }
        }
        return (.noAccess, nil)
    }

    /// Why `caller` may not run an operation at this level (status, message, code); nil when it may.
    /// `@auth(expr:)` is left to the executor, which knows the variables.
    func refusal(_ caller: Caller, operation name: String) -> (status: Int, message: String, code: String)? {
        switch self {
        case .publicAccess, .expression:
            return nil
        case .noAccess:
            return (403, "\"\(name)\" is not accessible to clients (@auth(level: NO_ACCESS), the default without @auth).", "PERMISSION_DENIED")
        case .userAnon, .user, .userEmailVerified:
            guard caller.uid != nil else {
                return (401, "\"\(name)\" needs a signed-in user: send \"Authorization: Bearer <token>\".", "UNAUTHENTICATED")
            }
            if self == .user, caller.claims["firebase"]?["sign_in_provider"]?.stringValue == "anonymous" {
                return (403, "\"\(name)\" needs a non-anonymous user (@auth(level: USER)); the token's firebase.sign_in_provider is \"anonymous\".", "PERMISSION_DENIED")
            }
            if self == .userEmailVerified, caller.claims["email_verified"] != .bool(true) {
                return (403, "\"\(name)\" needs a verified email (@auth(level: USER_EMAIL_VERIFIED)); the token has no \"email_verified\": true claim.", "PERMISSION_DENIED")
            }
            return nil
        }
    }
}
