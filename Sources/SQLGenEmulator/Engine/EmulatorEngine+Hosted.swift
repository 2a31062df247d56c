// Hosted operations: queries by name from a GET URL or a POST body, answered on a read
// connection (straight from the rows when the operation has a `QueryPlan`), on the event loop
// when cheap, and mutations through the actor. Every answer runs under the request's limits.

import SQLGenLanguage
import SQLGenSchema

extension EmulatorEngine {
    /// Runs a hosted query from a GET URL's `;name=value` pairs: raw text for String-like
    /// variables, JSON for the others (AEM's encoding).
    public nonisolated func execute(connector: String, name: String, pathVariables: [(String, String)], caller: Caller) async -> EngineResponse {
        let state = published.withLock { $0 }
        guard let operation = state.operations[connector]?[name] else {
            return await execute(connector: connector, name: name, variables: .object([]), caller: caller, queryOnly: true)
        }
        let variables = Self.variables(fromPath: pathVariables, of: operation, schema: state.schema)
        return await execute(connector: connector, name: name, variables: variables, caller: caller, queryOnly: true)
    }

    /// Whether the hosted operation has a `QueryPlan` (for tests).
    nonisolated func hasPlan(connector: String, name: String) -> Bool {
        published.withLock { $0 }.operations[connector]?[name]?.plan != nil
    }

    /// Answers a hosted query from a GET URL's `;name=value` pairs on the calling thread, without
    /// waiting for anything: only an operation that `InlineLookup` found cheap, and only when a
    /// read connection is free right now. Nil means "not here": the caller then uses the async
    /// `answer(connector:name:pathVariables:caller:)`, which gives the same answer.
    nonisolated func answerInline(connector: String, name: String, pathVariables: [(String, String)], caller: Caller) -> PersistedAnswer? {
        let state = published.withLock { $0 }
        guard answersOnEventLoop, let operation = state.operations[connector]?[name], operation.answersInline else { return nil }
        let serverValues: ServerValues
        switch Self.admit(operation, caller: caller, queryOnly: true) {
        case .refused(let response): return PersistedAnswer(response)
        case .allowed(let condition): serverValues = Self.serverValues(caller, authCondition: condition)
        }
        let variables = Self.variables(fromPath: pathVariables, of: operation, schema: state.schema)
        let limit = WorkLimit(steps: inlineStepBudget.load(ordering: .relaxed))
        let answered = readers.withFreeReader { reader in
            answer(operation, state: state, variables: variables, serverValues: serverValues, on: reader, limit: limit)
        }
        guard let answered else { return nil }
        if answered == nil { inlineBudgetsSpent.add(1, ordering: .relaxed) }
        return answered
    }

    /// Answers a hosted query from a GET URL's `;name=value` pairs, as `execute` would, written
    /// straight from the rows when the operation has a `QueryPlan`.
    nonisolated func answer(connector: String, name: String, pathVariables: [(String, String)], caller: Caller) async -> PersistedAnswer {
        let state = published.withLock { $0 }
        guard let operation = state.operations[connector]?[name] else {
            return PersistedAnswer(await execute(connector: connector, name: name, pathVariables: pathVariables, caller: caller))
        }
        let variables = Self.variables(fromPath: pathVariables, of: operation, schema: state.schema)
        return await answer(operation, state: state, variables: variables, caller: caller, queryOnly: true)
    }

    /// Answers a hosted operation (a POST's variables), as `execute` would.
    nonisolated func answer(connector: String, name: String, variables: JSONValue, caller: Caller) async -> PersistedAnswer {
        let state = published.withLock { $0 }
        guard let operation = state.operations[connector]?[name] else {
            return PersistedAnswer(await execute(connector: connector, name: name, variables: variables, caller: caller))
        }
        return await answer(operation, state: state, variables: variables, caller: caller, queryOnly: false)
    }

    private nonisolated func answer(_ operation: HostedOperation, state: Published, variables: JSONValue, caller: Caller, queryOnly: Bool) async -> PersistedAnswer {
        guard operation.plan != nil, !readers.isEmpty, case .object = variables else {
            return PersistedAnswer(await execute(connector: operation.connector, name: operation.name, variables: variables, caller: caller, queryOnly: queryOnly))
        }
        let serverValues: ServerValues
        switch Self.admit(operation, caller: caller, queryOnly: queryOnly) {
        case .refused(let response): return PersistedAnswer(response)
        case .allowed(let condition): serverValues = Self.serverValues(caller, authCondition: condition)
        }
        let outcome = await underWorkLimit(timeout: requestTimeout, isMutation: false) { limit in
            await readers.withReader { reader in
                answer(operation, state: state, variables: variables, serverValues: serverValues, on: reader, limit: limit)
            }
        }
        switch outcome {
        case .success(let answer): return answer
        case .failure(let stopped): return PersistedAnswer(stopped.response)
        }
    }

    /// Runs an admitted query on `reader` under `limit`: its plan when it has one and it covers
    /// the request, else the generic executor; nil when the limit stopped it.
    private nonisolated func answer(_ operation: HostedOperation, state: Published, variables: JSONValue, serverValues: ServerValues,
                                    on reader: ReadConnection, limit: WorkLimit) -> PersistedAnswer? {
        if let plan = operation.plan, planning.load(ordering: .relaxed),
           let body = reader.runPlan(plan, schema: state.schema, model: state.model, document: operation.document, operation: operation.operation,
                                     source: operation.source, variables: variables, serverValues: serverValues, limits: limits, limit: limit) {
            plannedAnswers.add(1, ordering: .relaxed)
            return PersistedAnswer(status: 200, body: body)
        }
        guard limit.stopReason == nil,
              let result = reader.run(schema: state.schema, model: state.model, document: operation.document, operation: operation.operation,
                                      source: operation.source, variables: variables, serverValues: serverValues, limits: limits, limit: limit)
        else { return nil }
        return PersistedAnswer(Self.response(result))
    }

    private static func variables(fromPath pairs: [(String, String)], of operation: HostedOperation, schema: Schema) -> JSONValue {
        var types: [String: TypeReference] = [:]
        for definition in operation.operation.variableDefinitions { types[definition.variable.name.value] = definition.type }
        var members: [JSONMember] = []
        for (key, raw) in pairs {
            members.append(JSONMember(key, Self.pathValue(raw, type: types[key], schema: schema)))
        }
        return .object(members)
    }

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

    /// Whether `caller` may run `operation`: the `@auth(expr:)` condition the executor checks
    /// (nil for admins and levels), or the refusal to send.
    private enum Admission {
        case allowed(authCondition: String?)
        case refused(EngineResponse)
    }

    private static func admit(_ operation: HostedOperation, caller: Caller, queryOnly: Bool) -> Admission {
        if queryOnly, !operation.isQuery {
            return .refused(requestError(405, "\"\(operation.name)\" is a mutation: send it with POST.", code: "INVALID_ARGUMENT"))
        }
        if !caller.isAdmin, let refusal = operation.access.refusal(caller, operation: operation.name) {
            return .refused(requestError(refusal.status, refusal.message, code: refusal.code))
        }
        return .allowed(authCondition: caller.isAdmin ? nil : operation.authExpression)
    }

    /// Runs a hosted operation by name.
    public nonisolated func execute(connector: String, name: String, variables: JSONValue, caller: Caller, queryOnly: Bool = false) async -> EngineResponse {
        let state = published.withLock { $0 }
        let operations = state.operations
        guard let operation = operations[connector]?[name] else {
            let known = operations[connector] == nil ? "connector \"\(connector)\" is not served" : "no operation named \"\(name)\" in connector \"\(connector)\""
            return Self.requestError(404, "Operation \"\(name)\" not found: \(known).", code: "NOT_FOUND")
        }
        let authCondition: String?
        switch Self.admit(operation, caller: caller, queryOnly: queryOnly) {
        case .refused(let response): return response
        case .allowed(let condition): authCondition = condition
        }
        if operation.isQuery, !readers.isEmpty {
            // Queries never enter the actor: a read connection executes them in this task.
            guard case .object = variables else { return Self.requestError(400, "\"variables\" must be a JSON object.", code: "INVALID_ARGUMENT") }
            let serverValues = Self.serverValues(caller, authCondition: authCondition)
            let outcome = await underWorkLimit(timeout: requestTimeout, isMutation: false) { limit in
                await readers.withReader { reader in
                    reader.run(schema: state.schema, model: state.model, document: operation.document, operation: operation.operation,
                               source: operation.source, variables: variables, serverValues: serverValues, limits: limits, limit: limit)
                }
            }
            return Self.response(outcome)
        }
        return await run(operation.document, operation: operation.operation, source: operation.source, variables: variables, caller: caller,
                         authCondition: authCondition)
    }
}
