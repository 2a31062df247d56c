// The connector class members that differ for `backend: aem`: the default transport comes from the
// AEM sample's environment keys (AEM_SCHEME, AEM_HOST, AEM_AUTH_TYPE, AEM_USERNAME, AEM_PASSWORD,
// AEM_TOKEN), the local emulator when AEM_HOST is not set; `useEmulator` speaks AEM's persisted
// query protocol to the emulator.

extension SDKTranslator {
    /// The name of the generated transport that fails every request with a configuration error.
    var unconfiguredTransportName: String { connectorTypePrefix + "UnconfiguredTransport" }

    /// `aemConfiguration`, `environmentTransport`, `emulatorTransport`, `useAEM` and `useEmulator`.
    func aemClientMembers(className: String) -> [SwiftDeclaration] {
        let configuration = SwiftExpression.string(connector.info.aemConfiguration ?? connector.info.connectorID)
        let environment = SwiftExpression.identifier("environment")
        let host = SwiftExpression.identifier("host")
        let aemHost = SwiftCondition.optionalBinding(name: "host", value: .subscriptOf(environment, [SwiftArgument(nil, .string("AEM_HOST"))]))
        let hostIsBlank = host.dot("trimmingCharacters").call([("in", .implicitMember("whitespaces"))]).dot("isEmpty")
        let labels = Runtime.aemConfigurationLabels
        let emulatorHost = SwiftExpression.interpolatedString([.expression(host), .text(":"), .expression(.identifier("port"))])
        let connectorClass = SwiftExpression.type(className)
        return [
            .variable(SwiftVariable(documentation: ["The AEM configuration holding this connector's persisted queries."], isStatic: true, isLet: true, name: "aemConfiguration", type: nil, initialValue: configuration)),
            .function(SwiftFunction(
                documentation: [
                    "The AEM instance named by `AEM_SCHEME`, `AEM_HOST`, `AEM_AUTH_TYPE` (`basic` or `token`),",
                    "`AEM_USERNAME`, `AEM_PASSWORD` and `AEM_TOKEN`; the local emulator when `AEM_HOST` is not set.",
                    "An invalid setting gives a transport whose requests fail with that configuration error.",
                ],
                isStatic: true, kind: .function(name: "environmentTransport"),
                parameters: [SwiftParameter(name: "environment", type: "[String: String]", defaultValue: SwiftExpression.type("ProcessInfo").dot("processInfo").dot("environment"))],
                returnType: "any \(Runtime.transportProtocol)",
                body: [
                    .guardStatement(conditions: [aemHost, .expression(.prefix("!", hostIsBlank))], elseBody: [
                        .returnStatement(SwiftExpression.identifier("emulatorTransport").call()),
                    ]),
                    aemTransportOrError([(labels.environment, environment)]),
                ])),
            .function(SwiftFunction(
                documentation: ["AEM's persisted-query protocol against the sqlgen emulator at `host:port`."],
                isStatic: true, kind: .function(name: "emulatorTransport"),
                parameters: emulatorParameters,
                returnType: "any \(Runtime.transportProtocol)",
                body: [aemTransportOrError([(labels.scheme, .string("http")), (labels.host, emulatorHost)])])),
            .function(SwiftFunction(
                documentation: ["Sends every persisted query to the AEM instance `configuration` describes."],
                kind: .function(name: "useAEM"),
                parameters: [SwiftParameter(label: "_", name: "configuration", type: Runtime.aemConfiguration)],
                body: [useTransport(aemTransport(configuration: .identifier("configuration"), name: connectorClass.dot("aemConfiguration")))])),
            .function(SwiftFunction(
                documentation: ["Sends every persisted query to the sqlgen emulator at `host:port`."],
                kind: .function(name: Runtime.useEmulator),
                parameters: emulatorParameters,
                body: [useTransport(connectorClass.dot("emulatorTransport").call(emulatorArguments))])),
        ]
    }

    /// `AEMTransport(configuration: configuration, configurationName: name)`
    private func aemTransport(configuration: SwiftExpression, name: SwiftExpression) -> SwiftExpression {
        let labels = Runtime.aemTransportLabels
        return SwiftExpression.type(Runtime.aemTransport).call([(labels.configuration, configuration), (labels.configurationName, name)])
    }

    /// The AEM transport of the configuration these arguments make, or the unconfigured
    /// transport with the error that making it threw.
    private func aemTransportOrError(_ configurationArguments: [(String?, SwiftExpression)]) -> SwiftStatement {
        let configuration = SwiftExpression.tryExpression(SwiftExpression.type(Runtime.aemConfiguration).call(configurationArguments))
        return .doCatch(
            body: [.returnStatement(aemTransport(configuration: configuration, name: .identifier("aemConfiguration")))],
            catchBody: [.returnStatement(SwiftExpression.type(unconfiguredTransportName).call([("error", .identifier("error"))]))])
    }

    /// `dataConnect.useTransport(transport)`
    private func useTransport(_ transport: SwiftExpression) -> SwiftStatement {
        .expression(SwiftExpression.identifier("dataConnect").dot(Runtime.useTransport).call([(nil, transport)]))
    }

    /// A transport that reports why no real one could be configured, at the first request.
    func aemUnconfiguredTransport() -> SwiftDeclaration {
        .structure(SwiftTypeDeclaration(
            documentation: ["Fails every request with the configuration error that prevented a real transport."],
            name: unconfiguredTransportName, conformances: [Runtime.transportProtocol],
            members: [
                .variable(SwiftVariable(isLet: true, name: "error", type: "any Error")),
                .function(SwiftFunction(kind: .function(name: Runtime.transportSend), parameters: [SwiftParameter(label: "_", name: "request", type: Runtime.operationRequest)],
                                        isAsync: true, throwsKeyword: "throws", returnType: Runtime.transportResponse, body: [.throwStatement(.identifier("error"))])),
            ]))
    }
}
