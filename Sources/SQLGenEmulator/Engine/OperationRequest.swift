// A request to run a compiled operation, and the prelude every request goes through once before
// any work: the method, the caller's access, the variables (read and coerced), the limits and
// `@auth(expr:)`.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// One request for a compiled operation.
struct OperationRequest: Sendable {
    /// Variables as a JSON object, or as a GET path's `;name=value` pairs (AEM's encodings).
    enum Variables: Sendable {
        case json(JSONValue)
        case path([(String, String)])
    }

    var variables: Variables
    var caller: Caller
    /// A GET: mutations are refused.
    var queryOnly = false
    /// Whether the time limit per request applies (seeds run without one).
    var timed = true
    /// `scheme://host` the request was sent to, for answers that link back (AEM's `_publishUrl`).
    var origin = ""
}

/// A request the prelude let through: its coerced variables and the server values its
/// expressions read.
struct AdmittedRequest: Sendable {
    let variables: [String: JSONValue]
    let serverValues: ServerValues
    var origin = ""
}

/// What the prelude made of a request.
enum Admission {
    case admitted(AdmittedRequest)
    /// The answer that refuses it.
    case refused(EngineAnswer)
}

extension EmulatorEngine {
    /// The prelude: the request admitted, or the answer that refuses it.
    static func admit(_ operation: CompiledOperation, _ request: OperationRequest, schema: Schema) -> Admission {
        if request.queryOnly, !operation.isQuery {
            return .refused(EngineAnswer(requestError(405, "\"\(operation.name)\" is a mutation: send it with POST.", code: "INVALID_ARGUMENT")))
        }
        let caller = request.caller
        if !caller.isAdmin, let refusal = operation.access.refusal(caller, operation: operation.name) {
            return .refused(EngineAnswer(requestError(refusal.status, refusal.message, code: refusal.code)))
        }
        let given: JSONValue
        switch request.variables {
        case .json(let json):
            guard case .object = json else {
                return .refused(EngineAnswer(requestError(400, "\"variables\" must be a JSON object.", code: "INVALID_ARGUMENT")))
            }
            given = json
        case .path(let pairs):
            given = .object(pairs.map { JSONMember($0.0, pathValue($0.1, type: operation.variableTypes[$0.0], schema: schema)) })
        }
        let variables: [String: JSONValue]
        do {
            variables = try InputCoercer(schema: schema).coerceVariables(operation.operation.variableDefinitions, values: given)
        } catch {
            return .refused(refused(ResponseError(message: error.message, locations: locations(error.range ?? operation.operation.range, in: operation),
                                                  code: "INVALID_ARGUMENT")))
        }
        if let failure = operation.limitFailure {
            return .refused(refused(ResponseError(message: failure.message, locations: locations(operation.operation.range, in: operation), code: failure.code)))
        }
        var serverValues = ServerValues(authUID: caller.uid, claims: caller.claims, requestTime: ScalarFormats.nowMicros())
        serverValues.operationName = operation.operation.operation.rawValue
        serverValues.variables = variables
        if !caller.isAdmin, let condition = operation.authExpression {
            if let denied = authorize(condition, operation: operation, serverValues: serverValues) { return .refused(refused(denied)) }
        }
        return .admitted(AdmittedRequest(variables: variables, serverValues: serverValues, origin: request.origin))
    }

    /// `@auth(expr:)`: a request error unless the condition is true for this caller and these variables.
    private static func authorize(_ condition: String, operation: CompiledOperation, serverValues: ServerValues) -> ResponseError? {
        let name = operation.operation.name?.value ?? "the operation"
        do throws(CELError) {
            if try serverValues.condition(condition) { return nil }
            return ResponseError(message: "\"\(name)\" is not allowed for this caller: @auth(expr: \"\(condition)\") is false.", code: "PERMISSION_DENIED")
        } catch {
            return ResponseError(message: "\"\(name)\" is not allowed: @auth(expr: \"\(condition)\") could not be evaluated: \(error.description).",
                                 code: "PERMISSION_DENIED")
        }
    }

    /// A request refused before execution: the client's mistake (403 for a denied `@auth(expr:)`).
    private static func refused(_ error: ResponseError) -> EngineAnswer {
        EngineAnswer(response(ExecutionResult(data: nil, errors: [error])))
    }

    private static func locations(_ range: SourceRange, in operation: CompiledOperation) -> [SourceLocation] {
        range == .none ? [] : [operation.source.location(at: range.start)]
    }

    /// A variable's value from a GET path: the raw text for String-like types, JSON for the
    /// others and for undeclared variables (AEM's encoding).
    static func pathValue(_ raw: String, type: TypeReference?, schema: Schema) -> JSONValue {
        var isNonNull = false
        var isList = false
        switch type {
        case .nonNull(.list, _)?: isNonNull = true; isList = true
        case .nonNull?: isNonNull = true
        case .list?: isList = true
        default: break
        }
        let named = type?.namedType.name.value ?? ""
        var isTextual = ["String", "ID", "UUID", "Int64", "Date", "Timestamp"].contains(named)
        if case .enumType? = schema.type(named: named) { isTextual = true }
        if case .scalar? = schema.type(named: named), named.hasSuffix("_Expr") { isTextual = true }
        if type == nil || isList || !isTextual {
            return (try? JSONParser.parse(raw)) ?? .string(raw)
        }
        return raw == "null" && !isNonNull ? .null : .string(raw)
    }
}
