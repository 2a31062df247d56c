// An AEM instance as the engine serves it: the content fragment models, the configuration the
// connector's queries are persisted in, and the tier. It supplies AEM's prelude (graphql-java's
// variable errors, queries only), runs `AEMExecutor` over the content store, and words every
// answer as AEM does: status 200, graphql-java's `classification`, a query's cache headers.

import SQLGenAEM
import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// The cache headers given when persisting an AEM query; AEM's defaults where nil.
struct AEMCacheHeaders: Sendable {
    var cacheControl: String?
    var surrogateControl: String?
}

/// What an engine serving AEM knows beyond its schema and queries.
struct AEMInstance: Sendable {
    let models: [AEMModel]
    /// The models by type name, as the executor looks them up.
    let modelsByType: [String: AEMModel]
    /// The configuration the connector's queries are persisted in (`wknd-shared`).
    let configuration: String
    /// Author tier: every request needs credentials, and answers are cached for less time.
    let isAuthor: Bool

    init(models: [AEMModel], configuration: String, isAuthor: Bool) {
        self.models = models
        modelsByType = Dictionary(models.map { ($0.typeName, $0) }, uniquingKeysWith: { first, _ in first })
        self.configuration = configuration
        self.isAuthor = isAuthor
    }

    /// A persisted query: one operation, named or not, validated against `schema`; its answers
    /// carry `cache`'s headers.
    func persistedQuery(_ source: Source, configuration: String, name: String, schema: Schema, limits: ExecutionLimits,
                        cache: AEMCacheHeaders = AEMCacheHeaders()) throws(EmulatorError) -> CompiledOperation {
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            throw EmulatorError("\(source.name): \(error.message)")
        }
        if let error = validate(schema: schema, document: document).first {
            let location = error.ranges.first.map { " (\(source.location(at: $0.start)))" } ?? ""
            throw EmulatorError("\(source.name)\(location): \(error.message)")
        }
        let operations = document.definitions.compactMap { definition -> OperationDefinition? in
            if case .operation(let operation) = definition { return operation }
            return nil
        }
        guard operations.count == 1, let operation = operations.first else {
            throw EmulatorError("\(source.name): a persisted query holds exactly one operation, found \(operations.count)")
        }
        var query = CompiledOperation(connector: configuration, name: name, document: document, operation: operation, source: source,
                                      fragments: document.fragmentsByName, access: (.publicAccess, nil), text: source.text, limits: limits)
        query.answerHeaders = cacheHeaders(cache)
        return query
    }

    /// AEM's `Cache-Control` and `Surrogate-Control` for a persisted query's answers: the CDN
    /// keeps publish answers two hours, author answers a minute.
    func cacheHeaders(_ cache: AEMCacheHeaders) -> [(String, String)] {
        let maxAge = isAuthor ? 60 : 7200
        return [
            ("Cache-Control", cache.cacheControl ?? "max-age=60"),
            ("Surrogate-Control", cache.surrogateControl ?? "max-age=\(maxAge),stale-while-revalidate=86400,stale-if-error=86400"),
        ]
    }

    // MARK: The prelude and the work

    /// AEM's prelude: path variables the query does not declare are ignored, a required variable
    /// that is missing or null is graphql-java's error, and only queries run.
    func admit(_ operation: CompiledOperation, _ request: OperationRequest, schema: Schema) -> Admission {
        let given: JSONValue
        switch request.variables {
        case .json(let json):
            given = json
        case .path(let pairs):
            given = .object(pairs.compactMap { name, raw in
                operation.variableTypes[name].map { JSONMember(name, EmulatorEngine.pathValue(raw, type: $0, schema: schema)) }
            })
        }
        let definitions = operation.operation.variableDefinitions
        let missing = definitions.filter { definition in
            GraphQLTypeRef(definition.type).isNonNull && definition.defaultValue == nil && (given[definition.variable.name.value] ?? .null).isNull
        }
        if !missing.isEmpty { return .refused(answer(errors: missing.map { AEMErrorWording.nullVariable($0, source: operation.source) }, operation)) }
        let variables: [String: JSONValue]
        do {
            variables = try InputCoercer(schema: schema).coerceVariables(definitions, values: given)
        } catch {
            let range = error.range ?? operation.operation.range
            let locations = range == .none ? [] : [operation.source.location(at: range.start)]
            return .refused(answer(errors: [ResponseError(message: error.message, locations: locations, code: "ValidationError")], operation))
        }
        guard operation.isQuery else { return .refused(answer(errors: [ResponseError(message: "AEM serves queries only.", code: "ValidationError")], operation)) }
        if let failure = operation.limitFailure {
            return .refused(answer(errors: [ResponseError(message: failure.message, code: "ExecutionAborted")], operation))
        }
        let unused = ServerValues(authUID: nil, requestTime: 0)
        return .admitted(AdmittedRequest(variables: variables, serverValues: unused, origin: request.origin))
    }

    /// The admitted query's answer from the content on `database`.
    func answer(_ operation: CompiledOperation, _ admitted: AdmittedRequest, schema: Schema, on database: any SQLConnection) -> EngineAnswer {
        let executor = AEMExecutor(schema: schema, models: modelsByType, store: AEMContentStore(database: database), operation: operation,
                                   variables: admitted.variables, origin: admitted.origin)
        return answer(executor.execute(), operation)
    }

    // MARK: Wording

    /// An answer as AEM gives it: 200 whatever the errors, worded by graphql-java, with the
    /// operation's cache headers.
    private func answer(_ result: ExecutionResult, _ operation: CompiledOperation?) -> EngineAnswer {
        var answer = EngineAnswer(EngineResponse(status: 200, result: result))
        answer.kindKey = .classification
        answer.headers = operation?.answerHeaders ?? []
        return answer
    }

    private func answer(errors: [ResponseError], _ operation: CompiledOperation?) -> EngineAnswer {
        answer(ExecutionResult(data: nil, errors: errors), operation)
    }

    /// The answer to an ad-hoc document that does not run, as graphql-java words it.
    func refusal(_ problem: DocumentProblem, source: Source) -> EngineAnswer {
        let errors: [ResponseError]
        switch problem {
        case .syntax(let error):
            errors = [AEMErrorWording.syntaxError(error, source: source)]
        case .limits(let failure):
            errors = [ResponseError(message: failure.message, code: "ExecutionAborted")]
        case .invalid(let invalid, let document):
            errors = invalid.map { AEMErrorWording.validationError($0, document: document, source: source) }
        case .unknownOperation(let name):
            let message = name.map { "Unknown operation named '\($0)'." } ?? "Must provide operation name if query contains multiple operations."
            errors = [ResponseError(message: message, code: "ValidationError")]
        }
        return answer(errors: errors, nil)
    }

    /// The servlet error for a persisted query that is not there.
    static func notFound(configuration: String, name: String) -> EngineAnswer {
        let details = "Configuration: '\(configuration)' and Query Name: '\(name)' does not resolve to an existing Persistent Query"
        return EngineAnswer(status: 404, body: AEMErrorWording.servletError("PersistenceError", message: "Could not find Persisted Query", details: details).serialized())
    }
}
