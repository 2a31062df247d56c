// What the engine takes and gives: the caller of a request, the engine's response, and its
// answer as the HTTP layer sends it.

import SQLGenJSON
import SQLGenLanguage

/// The caller of a request.
public struct Caller: Sendable {
    /// `auth.uid`: from the bearer token, nil when signed out.
    public var uid: String?
    /// `auth.token`: the token's claims (`email_verified`, `firebase.sign_in_provider`, custom claims).
    public var claims: JSONValue
    /// Admin callers (seed files, the ad-hoc endpoint) bypass `@auth`.
    public var isAdmin: Bool
    /// The bearer token was a JWT whose `exp` is past: the caller counts as signed out.
    public var tokenExpired = false

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

/// The engine's answer to a request: the status, and the result executed or the JSON body a
/// `QueryPlan` wrote straight from the rows.
struct EngineAnswer: Sendable {
    enum Content: Sendable {
        case result(ExecutionResult)
        case written([UInt8])
    }

    var status: Int
    var content: Content
    /// Where the body names each error's kind (the dialect's wording).
    var kindKey = ErrorKindKey.code
    /// Headers the answer carries to whichever endpoint sends it (AEM's cache headers).
    var headers: [(String, String)] = []

    init(status: Int, body: [UInt8]) {
        self.status = status
        content = .written(body)
    }

    init(_ response: EngineResponse) {
        status = response.status
        content = .result(response.result)
    }

    /// The JSON body.
    var body: [UInt8] {
        switch content {
        case .result(let result): result.json(kindKey: kindKey).serialized()
        case .written(let body): body
        }
    }

    /// As the public API gives it (a written body read back).
    var response: EngineResponse {
        switch content {
        case .result(let result):
            return EngineResponse(status: status, result: result)
        case .written(let body):
            let json = (try? JSONParser.parse(body)) ?? .null
            return EngineResponse(status: status, result: ExecutionResult(data: json["data"], errors: []))
        }
    }
}
