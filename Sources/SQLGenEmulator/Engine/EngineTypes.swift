// What the engine takes and gives: the caller of a request, the engine's response, a hosted
// operation's answer as bytes, and the answer to work that a limit stopped.

import SQLGenLanguage

/// The caller of a request.
public struct Caller: Sendable {
    /// `auth.uid`: from the bearer token, nil when signed out.
    public var uid: String?
    /// `auth.token`: the token's claims (`email_verified`, `firebase.sign_in_provider`, custom claims).
    public var claims: JSONValue
    /// Admin callers (seed files, the ad-hoc endpoint) bypass `@auth`.
    public var isAdmin: Bool

    public init(uid: String? = nil, claims: JSONValue = .object([]), isAdmin: Bool = false) {
        self.uid = uid
        self.claims = claims
        self.isAdmin = isAdmin
    }
}

/// How a request turned out, for the HTTP layer.
public struct EngineResponse: Sendable {
    /// 200 for executed operations; 4xx for request errors.
    public var status: Int
    public var result: ExecutionResult
}

/// A hosted operation's answer as the HTTP layer sends it: status and JSON body.
struct PersistedAnswer: Sendable {
    var status: Int
    var body: [UInt8]

    init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }

    init(_ response: EngineResponse) {
        self.init(status: response.status, body: response.result.json.serialized())
    }
}

