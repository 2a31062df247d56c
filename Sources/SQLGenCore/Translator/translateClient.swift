extension SDKTranslator {
    /// `DataConnect.<connector>Connector` and the connector class with one property per operation.
    func clientDeclarations(operations: [(name: String, kind: OperationIR.Kind)]) -> [SwiftDeclaration] {
        let className = SwiftNaming.connectorTypeName(connector.info.connectorID)
        let classNames = operations.map { operationClassName(name: $0.name, kind: $0.kind) }
        var members: [SwiftDeclaration] = [
            .variable(SwiftVariable(documentation: ["Identifies the connector on the server."], isStatic: true, isLet: true, name: "connectorConfig", type: nil, initialValue: connectorConfig)),
            .variable(SwiftVariable(documentation: ["The client that runs this connector's operations (transport, cache, auth)."], isLet: true, name: "dataConnect", type: Runtime.dataConnect)),
        ]
        members += classNames.map { .variable(SwiftVariable(isLet: true, name: SwiftNaming.identifier(SwiftNaming.lowerCamel($0)), type: $0)) }
        let documentation: String
        var transport: SwiftExpression?
        if connector.info.backend == .aem {
            documentation = "A connector over `dataConnect`; by default the AEM instance the environment names (`AEM_HOST`...), else the local emulator."
            transport = SwiftExpression.type(className).dot("environmentTransport").call()
        } else if connector.info.backend == .graphql {
            documentation = "A connector over `dataConnect`; by default GraphQL over HTTP to `endpoint`, else the local emulator."
            transport = SwiftExpression.type(className).dot("defaultTransport").call()
            members += graphQLClientMembers()
        } else {
            documentation = "A connector over `dataConnect`; by default a client for the local emulator."
        }
        let initializerBody = [SwiftStatement.assignSelf("dataConnect")] + classNames.map {
            .assignSelf(SwiftNaming.lowerCamel($0), SwiftExpression.type($0).call([("dataConnect", .identifier("dataConnect"))]))
        }
        members.append(.function(SwiftFunction(
            documentation: [documentation],
            kind: .initializer(failable: false),
            parameters: [SwiftParameter(name: "dataConnect", type: Runtime.dataConnect, defaultValue: defaultDataConnect(className: className, transport: transport))],
            body: initializerBody)))
        if connector.info.backend == .aem {
            return clientTypes(className: className, members: members + aemClientMembers(className: className)) + [aemUnconfiguredTransport()]
        }
        members.append(.function(SwiftFunction(
            documentation: ["Sends every operation to the sqlgen emulator at `host:port`."],
            kind: .function(name: Runtime.useEmulator),
            parameters: emulatorParameters,
            body: [.expression(SwiftExpression.identifier("dataConnect").dot(Runtime.useEmulator).call(emulatorArguments))])))
        return clientTypes(className: className, members: members)
    }

    /// `ConnectorConfig(serviceId: "local", location: "local", connector: "movies")`
    private var connectorConfig: SwiftExpression {
        let labels = Runtime.connectorConfigLabels
        return SwiftExpression.type(Runtime.connectorConfig).call([
            (labels.serviceID, .string(connector.info.serviceID)),
            (labels.location, .string(connector.info.location)),
            (labels.connector, .string(connector.info.connectorID)),
        ])
    }

    /// `DataConnect(connectorConfig: MoviesConnector.connectorConfig, transport: ..., cacheSettings: nil)`,
    /// without `transport:` when the runtime's default (the emulator) is the one.
    private func defaultDataConnect(className: String, transport: SwiftExpression?) -> SwiftExpression {
        var arguments = [SwiftArgument(Runtime.connectorConfigLabel, SwiftExpression.type(className).dot("connectorConfig"))]
        if let transport { arguments.append(SwiftArgument(Runtime.transportLabel, transport)) }
        arguments.append(SwiftArgument(Runtime.cacheSettingsLabel, cacheSettings))
        return .call(.type(Runtime.dataConnect), arguments)
    }

    /// `CacheSettings(storage: .memory, maxAge: 5)`, or `nil` without a client cache.
    private var cacheSettings: SwiftExpression {
        guard let storage = connector.info.settings.cacheStorage else { return .nilLiteral }
        let seconds = connector.info.settings.cacheMaxAge
        let maxAge: SwiftExpression = Double(Int(seconds)) == seconds ? .integer(Int(seconds)) : .literal(.double(seconds))
        let labels = Runtime.cacheSettingsLabels
        return SwiftExpression.type(Runtime.cacheSettings).call([(labels.storage, .implicitMember(storage.rawValue)), (labels.maxAge, maxAge)])
    }

    /// `host: String = DataConnect.EmulatorDefaults.host, port: Int = DataConnect.EmulatorDefaults.port`
    var emulatorParameters: [SwiftParameter] {
        let defaults = SwiftExpression.type(Runtime.dataConnect).dot(Runtime.emulatorDefaults)
        return [
            SwiftParameter(name: Runtime.hostLabel, type: "String", defaultValue: defaults.dot(Runtime.hostLabel)),
            SwiftParameter(name: Runtime.portLabel, type: "Int", defaultValue: defaults.dot(Runtime.portLabel)),
        ]
    }

    /// `host: host, port: port`
    var emulatorArguments: [SwiftArgument] {
        [SwiftArgument(Runtime.hostLabel, .identifier(Runtime.hostLabel)), SwiftArgument(Runtime.portLabel, .identifier(Runtime.portLabel))]
    }

    /// The `DataConnect.<accessor>` extension and the connector class.
    private func clientTypes(className: String, members: [SwiftDeclaration]) -> [SwiftDeclaration] {
        let accessor = SwiftNaming.lowerCamel(connector.info.connectorID) + "Connector"
        return [
            .extensionOf(SwiftExtension(access: .public, type: Runtime.dataConnect, members: [
                .variable(SwiftVariable(documentation: ["The `\(connector.info.connectorID)` connector."], access: nil, isStatic: true, isLet: true, name: accessor, type: className,
                                        initialValue: SwiftExpression.type(className).call())),
            ])),
            .classType(SwiftTypeDeclaration(
                documentation: ["The `\(connector.info.connectorID)` connector: one property per operation."],
                isFinal: true, name: className, conformances: ["Sendable"], members: members)),
        ]
    }

    /// For `backend: graphql`: the configured endpoint, headers and credential header, and the
    /// transport that POSTs the documents.
    private func graphQLClientMembers() -> [SwiftDeclaration] {
        let endpoint = connector.endpoint.map { SwiftExpression.type("URL").call([("string", .string($0))]) } ?? .nilLiteral
        let headers = connector.info.settings.headers
        var transportArguments: [(String?, SwiftExpression)] = [(Runtime.endpointLabel, .identifier("endpoint"))]
        if !headers.isEmpty { transportArguments.append((Runtime.headersLabel, .identifier("headers"))) }
        let httpTransport = SwiftExpression.type(Runtime.graphQLHTTPTransport).call(transportArguments)
        let placement: SwiftExpression = connector.info.settings.credentialHeader.map {
            .implicitMember(Runtime.credentialPlacementCases.header).call([(nil, .string($0))])
        } ?? .implicitMember(Runtime.credentialPlacementCases.bearer)
        let headerMembers: [SwiftDeclaration] = headers.isEmpty ? [] : [
            .variable(SwiftVariable(documentation: ["The headers every request carries, from `sqlgen.headers`."], isStatic: true, isLet: true, name: "headers",
                                    type: "[String: String]", initialValue: .dictionary(headers.map { SwiftDictionaryEntry(.string($0.name), .string($0.value)) }))),
        ]
        return [
            .variable(SwiftVariable(documentation: ["The GraphQL over HTTP endpoint from `sqlgen.endpoint`."], isStatic: true, isLet: true, name: "endpoint", type: "URL?", initialValue: endpoint)),
        ] + headerMembers + [
            .variable(SwiftVariable(documentation: ["How a signed-in user's token travels (`sqlgen.auth.header`): give it to the `AuthSession`."],
                                    isStatic: true, isLet: true, name: "credentialPlacement", type: Runtime.credentialPlacement, initialValue: placement)),
            .function(SwiftFunction(
                documentation: ["GraphQL over HTTP to `endpoint` (the operation's text is sent), or the emulator without one."],
                isStatic: true, kind: .function(name: "defaultTransport"), returnType: "any \(Runtime.transportProtocol)",
                body: [
                    .guardStatement(conditions: [.optionalBinding(name: "endpoint", value: nil)], elseBody: [.returnStatement(SwiftExpression.type(Runtime.emulatorTransport).call())]),
                    .returnStatement(httpTransport),
                ])),
        ]
    }
}
