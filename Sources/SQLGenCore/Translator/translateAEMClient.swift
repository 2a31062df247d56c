// The connector class members that differ for `backend: aem`: the default transport comes from the
// AEM sample's environment keys (AEM_SCHEME, AEM_HOST, AEM_AUTH_TYPE, AEM_USERNAME, AEM_PASSWORD,
// AEM_TOKEN), the local emulator when AEM_HOST is not set; `useEmulator` speaks AEM's persisted
// query protocol to the emulator.

extension SDKTranslator {
    /// The name of the generated transport that fails every request with a configuration error.
    var unconfiguredTransportName: String { connectorTypePrefix + "UnconfiguredTransport" }

    /// The default `DataConnect` of an AEM connector.
    func aemDefaultDataConnect(className: String, cacheArgument: String) -> String {
        "\(Runtime.dataConnect)(connectorConfig: \(className).connectorConfig, transport: \(className).environmentTransport(), cacheSettings: \(cacheArgument))"
    }

    /// `aemConfiguration`, `environmentTransport`, `emulatorTransport`, `useAEM` and `useEmulator`.
    func aemClientMembers(className: String) -> [SwiftDeclaration] {
        let configuration = SwiftLiteral.string(connector.aemConfiguration ?? connector.connectorID)
        return [
            .variable(SwiftVariable(documentation: ["The AEM configuration holding this connector's persisted queries."], isStatic: true, isLet: true, name: "aemConfiguration", type: nil, initialValue: configuration)),
            .function(SwiftFunction(
                documentation: [
                    "The AEM instance named by `AEM_SCHEME`, `AEM_HOST`, `AEM_AUTH_TYPE` (`basic` or `token`),",
                    "`AEM_USERNAME`, `AEM_PASSWORD` and `AEM_TOKEN`; the local emulator when `AEM_HOST` is not set.",
                    "An invalid setting gives a transport whose requests fail with that configuration error.",
                ],
                isStatic: true, kind: .function(name: "environmentTransport"),
                parameters: [SwiftParameter(name: "environment", type: "[String: String]", defaultValue: "ProcessInfo.processInfo.environment")],
                returnType: "any \(Runtime.transportProtocol)",
                body: [
                    .block(header: "guard let host = environment[\"AEM_HOST\"], !host.trimmingCharacters(in: .whitespaces).isEmpty else", body: [
                        .line("return emulatorTransport()"),
                    ]),
                    .block(header: "do", body: [
                        .line("return \(AEMRuntime.transport)(configuration: try \(AEMRuntime.configuration)(environment: environment), configurationName: aemConfiguration)"),
                    ], trailer: " catch {"),
                    .line("    return \(unconfiguredTransportName)(error: error)"),
                    .line("}"),
                ])),
            .function(SwiftFunction(
                documentation: ["AEM's persisted-query protocol against the sqlgen emulator at `host:port`."],
                isStatic: true, kind: .function(name: "emulatorTransport"),
                parameters: [
                    SwiftParameter(name: "host", type: "String", defaultValue: Runtime.emulatorDefaultHost),
                    SwiftParameter(name: "port", type: "Int", defaultValue: Runtime.emulatorDefaultPort),
                ],
                returnType: "any \(Runtime.transportProtocol)",
                body: [
                    .block(header: "do", body: [
                        .line("return \(AEMRuntime.transport)(configuration: try \(AEMRuntime.configuration)(scheme: \"http\", host: \"\\(host):\\(port)\"), configurationName: aemConfiguration)"),
                    ], trailer: " catch {"),
                    .line("    return \(unconfiguredTransportName)(error: error)"),
                    .line("}"),
                ])),
            .function(SwiftFunction(
                documentation: ["Sends every persisted query to the AEM instance `configuration` describes."],
                kind: .function(name: "useAEM"),
                parameters: [SwiftParameter(label: "_", name: "configuration", type: AEMRuntime.configuration)],
                body: [.line("dataConnect.\(Runtime.useTransport)(\(AEMRuntime.transport)(configuration: configuration, configurationName: \(className).aemConfiguration))")])),
            .function(SwiftFunction(
                documentation: ["Sends every persisted query to the sqlgen emulator at `host:port`."],
                kind: .function(name: Runtime.useEmulator),
                parameters: [
                    SwiftParameter(name: "host", type: "String", defaultValue: Runtime.emulatorDefaultHost),
                    SwiftParameter(name: "port", type: "Int", defaultValue: Runtime.emulatorDefaultPort),
                ],
                body: [.line("dataConnect.\(Runtime.useTransport)(\(className).emulatorTransport(host: host, port: port))")])),
        ]
    }

    /// A transport that reports why no real one could be configured, at the first request.
    func aemUnconfiguredTransport() -> SwiftDeclaration {
        .structure(SwiftTypeDeclaration(
            documentation: ["Fails every request with the configuration error that prevented a real transport."],
            name: unconfiguredTransportName, conformances: [Runtime.transportProtocol],
            members: [
                .variable(SwiftVariable(isLet: true, name: "error", type: "any Error")),
                .function(SwiftFunction(kind: .function(name: "send"), parameters: [SwiftParameter(label: "_", name: "request", type: "OperationRequest")],
                                        isAsync: true, throwsKeyword: "throws", returnType: "TransportResponse", body: [.line("throw error")])),
            ]))
    }
}
