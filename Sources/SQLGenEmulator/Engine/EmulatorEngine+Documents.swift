// Ad-hoc documents (GraphQL over HTTP, AEM's GraphiQL endpoint) and seed files: each operation is
// compiled when it arrives, then answered through the one respond path, with admin rights.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

extension EmulatorEngine {
    /// Runs an ad-hoc request (`POST /graphql`, seed files) with admin rights.
    /// `queryOnly` refuses mutations (GraphQL over HTTP: no mutations over GET).
    public func executeDocument(_ text: String, operationName: String?, variables: JSONValue, caller: Caller = Caller(isAdmin: true),
                                sourceName: String = "GraphQL request", queryOnly: Bool = false) async -> EngineResponse {
        let source = Source(text, name: sourceName)
        let operation: CompiledOperation
        switch compileDocument(source, operationName: operationName) {
        case .compiled(let compiled): operation = compiled
        case .refused(let problem): return refusal(problem, source: source).response
        }
        if queryOnly, !operation.isQuery {
            return Self.requestError(405, "Mutations cannot be sent with GET; use POST.", code: "INVALID_ARGUMENT")
        }
        let state = published.withLock { $0 }
        return await respond(operation, OperationRequest(variables: .json(variables), caller: caller), state: state).response
    }

    /// Answers an ad-hoc document in the dialect's wording (AEM's endpoint): the refusal of a
    /// document that does not run, or the answer of the operation it asks for.
    func respond(toDocument text: String, operationName: String?, _ request: OperationRequest) async -> EngineAnswer {
        let source = Source(text, name: "GraphQL request")
        switch compileDocument(source, operationName: operationName) {
        case .compiled(let operation): return await respond(operation, request, state: published.withLock { $0 })
        case .refused(let problem): return refusal(problem, source: source)
        }
    }

    private enum AdHocCompilation {
        case compiled(CompiledOperation)
        case refused(DocumentProblem)
    }

    /// Parses, checks and validates an ad-hoc document, and compiles the operation it asks for.
    private func compileDocument(_ source: Source, operationName: String?) -> AdHocCompilation {
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            return .refused(.syntax(error))
        }
        // Limits first: a hostile document should not reach the validator's recursion.
        let fragments = document.fragmentsByName
        var compiled: [CompiledOperation] = []
        for case .operation(let operation) in document.definitions {
            let candidate = CompiledOperation.adHoc(operation, in: document, fragments: fragments, source: source, limits: limits)
            if let failure = candidate.limitFailure { return .refused(.limits(failure)) }
            compiled.append(candidate)
        }
        var errors = validate(schema: schema, document: document)
        if errors.isEmpty, let error = ExpressionSyntax.firstError(in: document) { errors = [error] }
        if !errors.isEmpty { return .refused(.invalid(errors, document)) }
        let chosen = operationName.map { name in compiled.first { $0.operation.name?.value == name } } ?? (compiled.count == 1 ? compiled.first : nil)
        guard let chosen else { return .refused(.unknownOperation(operationName)) }
        return .compiled(chosen)
    }

    /// Runs every operation of a seed file in order, with admin rights and no time limit; stops
    /// at the first error.
    public func runSeed(_ text: String, name: String) async throws(EmulatorError) -> Int {
        let source = Source(text, name: name)
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            throw EmulatorError("\(name): \(error.message)")
        }
        let fragments = document.fragmentsByName
        var count = 0
        for case .operation(let operation) in document.definitions {
            let compiled = CompiledOperation.adHoc(operation, in: document, fragments: fragments, source: source, limits: limits)
            let request = OperationRequest(variables: .json(.object([])), caller: Caller(isAdmin: true), timed: false)
            let answer = await respond(compiled, request, state: published.withLock { $0 })
            if let error = answer.response.result.errors.first {
                throw EmulatorError("\(name): \(operation.name?.value ?? "anonymous operation"): \(error.message)")
            }
            count += 1
        }
        return count
    }
}
