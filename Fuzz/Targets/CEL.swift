// `cel`: the CEL expressions of `@auth(expr:)`, `@check(expr:)` and `_expr` fields, parsed and
// evaluated against a signed-in caller's bindings (and a signed-out one's). Errors are
// `CELError`s; nothing may crash or hang.

@testable import SQLGenEmulator
import SQLGenJSON

let celTarget = FuzzTarget(name: "cel", run: fuzzCEL)

private let claims: JSONValue = .object([
    JSONMember("email_verified", .bool(true)), JSONMember("email", .string("alice@example.com")),
    JSONMember("firebase", .object([JSONMember("sign_in_provider", .string("password"))])),
    JSONMember("roles", .array([.string("editor"), .string("viewer")])), JSONMember("age", .int(42)),
])

private let signedIn: [String: CELValue] = [
    "auth": .json(.object([JSONMember("uid", .string("alice")), JSONMember("token", claims)])),
    "vars": .json(.object([JSONMember("id", .string("0123456789abcdef0123456789abcdef")), JSONMember("count", .int(3)),
                           JSONMember("ratio", .double(0.5)), JSONMember("list", .array([.int(1), .null, .string("x")]))])),
    "request": .map([("time", .timestamp(1_700_000_000_000_000)), ("operationName", .json(.string("getMovie")))]),
    "response": .json(.object([JSONMember("query", .object([JSONMember("movie", .object([JSONMember("id", .string("m1"))]))]))])),
    "this": .bytes([0, 1, 2, 255]),
]

private let signedOut: [String: CELValue] = ["auth": .json(.null), "vars": .json(.object([]))]

private func fuzzCEL(_ bytes: [UInt8]) {
    guard let text = utf8Text(bytes) else { return }
    guard let expression = try? CELParser.parse(text) else { return }
    for bindings in [signedIn, signedOut] {
        _ = try? CELEvaluator(bindings: bindings).evaluate(expression).json
    }
}
