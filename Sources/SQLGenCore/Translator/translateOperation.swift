extension SDKTranslator {
    /// `ListMoviesQuery` / `CreateMovieMutation`: the operation's name and document, its
    /// `Variables` and `Data`, and `ref(...)` / `execute(...)` with required variables as labelled
    /// parameters and the optional ones set in a trailing closure.
    func translateOperation(_ operation: OperationIR) -> SwiftDeclaration {
        let className = operationClassName(operation)
        var members: [SwiftDeclaration] = [
            // Computed rather than stored: a stored static is a lazily initialized global, which
            // costs the compiler more, and these are read once per request at most.
            .variable(SwiftVariable(documentation: ["The name the server knows this operation by."], isStatic: true, name: "OperationName", type: "String",
                                    getter: [.expression(.string(operation.persistedName))])),
            .variable(SwiftVariable(documentation: ["The operation's text, for servers that take the document (GraphQL over HTTP)."], isStatic: true, name: "document", type: "String",
                                    getter: [.expression(.literal(.multilineString(operation.document)))])),
            .variable(SwiftVariable(access: nil, isLet: true, name: "dataConnect", type: Runtime.dataConnect)),
            .function(SwiftFunction(access: nil, kind: .initializer(failable: false), parameters: [SwiftParameter(name: "dataConnect", type: Runtime.dataConnect)], body: [.assignSelf("dataConnect")])),
        ]
        members += refTypeAlias(operation)
        members.append(.structure(SwiftTypeDeclaration(
            name: "Variables",
            conformances: [Runtime.operationVariable],
            members: inputMembers(operation.variables, typeName: "Variables", closureName: "optionalVariables"))))
        members.append(translateSelection(operation.data))
        members += operationMethods(operation)
        return .classType(SwiftTypeDeclaration(
            documentation: operation.documentation.isEmpty ? ["`\(operation.kind.rawValue) \(operation.name)`"] : operation.documentation,
            isFinal: true,
            name: className,
            conformances: ["Sendable"],
            members: members))
    }

    func operationClassName(_ operation: OperationIR) -> String {
        operationClassName(name: operation.name, kind: operation.kind)
    }

    func operationClassName(name: String, kind: OperationIR.Kind) -> String {
        SwiftNaming.operationTypeName(name, kind: kind)
    }

    func operationPropertyName(_ operation: OperationIR) -> String {
        SwiftNaming.lowerCamel(operationClassName(operation))
    }

    /// The ref type: observable for queries (by the configured publisher), plain for mutations.
    private func refTypeAlias(_ operation: OperationIR) -> [SwiftDeclaration] {
        guard operation.kind == .query else {
            return [.typeAlias(access: .public, name: "Ref", type: "\(Runtime.mutationRef)<Data, Variables>")]
        }
        let (module, observable) = connector.info.settings.publisher == .observableMacro
            ? (Runtime.observationModule, Runtime.observationRef)
            : (Runtime.combineModule, Runtime.observableObjectRef)
        return [.conditional(SwiftConditionalBlock(
            .canImport(module),
            [.typeAlias(access: .public, name: "Ref", type: "\(observable)<Data, Variables>")],
            otherwise: [.typeAlias(access: .public, name: "Ref", type: "\(Runtime.queryRef)<Data, Variables>")]))]
    }

    /// `ref(...)` and `execute(...)`: required variables as labelled parameters, optional ones set
    /// in a trailing closure. `ref` is nonisolated; `execute` runs on the caller's actor
    /// (`#isolation`), so the closure never crosses an isolation boundary and may read the
    /// caller's state, from the main actor, another actor or nonisolated code alike.
    private func operationMethods(_ operation: OperationIR) -> [SwiftDeclaration] {
        let required = operation.variables.filter(\.isRequired)
        let hasOptional = operation.variables.contains { !$0.isRequired }
        var parameters = required.map { ParameterNames.parameter($0.name, type: $0.type.swiftName) }
        let arguments = required.map { ParameterNames.argument($0.name) } + (hasOptional ? [SwiftArgument(nil, .identifier("optionalVariables"))] : [])
        let build = SwiftStatement.binding(.let, name: "variables", value: .call(.identifier("Variables"), arguments))
        var executeParameters = parameters
        if hasOptional {
            let closure = SwiftParameter(label: "_", name: "optionalVariables", type: "((inout Variables) -> Void)?", defaultValue: .nilLiteral)
            parameters.append(closure)
            executeParameters += [SwiftParameter(name: "isolation", type: "isolated (any Actor)?", defaultValue: .macro("isolation")), closure]
        }
        let plainRef = refCall(factory: Runtime.queryFactory)
        let refBody: [SwiftStatement]
        let executeBody: [SwiftStatement]
        let executeDoc: [String]
        switch operation.kind {
        case .query:
            let (module, factory) = connector.info.settings.publisher == .observableMacro
                ? (Runtime.observationModule, Runtime.observableQueryFactory)
                : (Runtime.combineModule, Runtime.observableObjectQueryFactory)
            refBody = [build, .conditional(SwiftConditionalBlock(.canImport(module), [.returnStatement(refCall(factory: factory))], otherwise: [.returnStatement(plainRef)]))]
            executeParameters.insert(SwiftParameter(name: "fetchPolicy", type: Runtime.queryFetchPolicy, defaultValue: .implicitMember(Runtime.preferCache)), at: 0)
            let execute = plainRef.dot(Runtime.execute).call([(Runtime.fetchPolicyLabel, .identifier("fetchPolicy"))])
            executeBody = [build, .returnStatement(execute.tryAwait)]
            executeDoc = ["Runs the query. `.preferCache` answers from the client cache while it is fresh."]
        case .mutation:
            refBody = [build, .returnStatement(refCall(factory: Runtime.mutationFactory))]
            executeBody = [.expression(SwiftExpression.selfValue.dot("ref").call(arguments).dot(Runtime.execute).call().tryAwait)]
            executeDoc = ["Runs the mutation."]
        }
        return [
            .function(SwiftFunction(documentation: ["A reference to this operation with these variables; the same variables give the same instance."], kind: .function(name: "ref"), parameters: parameters, returnType: "Ref", body: refBody)),
            .function(SwiftFunction(documentation: executeDoc, attributes: ["@discardableResult"], kind: .function(name: "execute"), parameters: executeParameters, isAsync: true, throwsKeyword: "throws", returnType: "\(Runtime.operationResult)<Data>", body: executeBody)),
        ]
    }

    /// `dataConnect.query(name: Self.OperationName, variables: variables, resultsDataType: Data.self, document: Self.document)`
    private func refCall(factory: String) -> SwiftExpression {
        let labels = Runtime.refFactoryLabels
        return SwiftExpression.identifier("dataConnect").dot(factory).call([
            (labels.name, SwiftExpression.selfType.dot("OperationName")),
            (labels.variables, .identifier("variables")),
            (labels.resultsDataType, .metatype("Data")),
            (labels.document, SwiftExpression.selfType.dot("document")),
        ])
    }
}
