// What an engine serves. The dialect decides the prelude a request passes, how its admitted work is
// answered and the wording of the answer; loading, the one respond path and where the work runs
// (event loop, read connection, writing connection) are the engine's, whatever the dialect.

import SQLGenLanguage
import SQLGenSchema

/// The dialect an engine serves.
enum EngineDialect: Sendable {
    /// A Data Connect service: tables in SQL, `@auth`, queries and mutations, Data Connect's errors.
    case dataConnect
    /// An AEM instance: content fragments, queries only, graphql-java's wording, cache headers.
    case aem(AEMInstance)
}

/// Why an ad-hoc document does not run.
enum DocumentProblem {
    case syntax(GraphQLError)
    case limits(FieldFailure)
    case invalid([GraphQLError], Document)
    /// No operation of that name (nil: the document holds several and names none).
    case unknownOperation(String?)
}

extension EmulatorEngine {
    /// The prelude of the engine's dialect: the request admitted, or the answer that refuses it.
    nonisolated func admit(_ operation: CompiledOperation, _ request: OperationRequest, state: Published) -> Admission {
        switch graphQLDialect {
        case .dataConnect: Self.admit(operation, request, schema: state.schema)
        case .aem(let instance): instance.admit(operation, request, schema: state.schema)
        }
    }

    /// The answer to an ad-hoc document that does not run, in the dialect's wording.
    nonisolated func refusal(_ problem: DocumentProblem, source: Source) -> EngineAnswer {
        switch graphQLDialect {
        case .dataConnect: EngineAnswer(Self.refusal(problem, source: source))
        case .aem(let instance): instance.refusal(problem, source: source)
        }
    }

    /// Data Connect's request errors: 400 with `INVALID_ARGUMENT` (limits: their own code).
    private static func refusal(_ problem: DocumentProblem, source: Source) -> EngineResponse {
        func located(_ error: GraphQLError) -> ResponseError {
            ResponseError(message: error.message, locations: error.ranges.map { source.location(at: $0.start) }, code: "INVALID_ARGUMENT")
        }
        switch problem {
        case .syntax(let error):
            return EngineResponse(status: 400, result: ExecutionResult(data: nil, errors: [located(error)]))
        case .limits(let failure):
            return requestError(400, failure.message, code: failure.code)
        case .invalid(let errors, _):
            return EngineResponse(status: 400, result: ExecutionResult(data: nil, errors: errors.map(located)))
        case .unknownOperation(let name):
            let message = name.map { "Unknown operation named \"\($0)\"." } ?? "Must provide operation name if query contains multiple operations."
            return requestError(400, message, code: "INVALID_ARGUMENT")
        }
    }

    /// The answer for a hosted operation that is not there, in the dialect's wording.
    nonisolated func notFound(connector: String, name: String, state: Published) -> EngineAnswer {
        if case .aem = graphQLDialect { return AEMInstance.notFound(configuration: connector, name: name) }
        let known = state.operations[connector] == nil ? "connector \"\(connector)\" is not served" : "no operation named \"\(name)\" in connector \"\(connector)\""
        return EngineAnswer(Self.requestError(404, "Operation \"\(name)\" not found: \(known).", code: "NOT_FOUND"))
    }
}
