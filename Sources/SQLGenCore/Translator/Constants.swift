/// Every name of the SQLConnect runtime that generated code uses, in one place: types, methods,
/// properties and argument labels. `GeneratedSDKTests` compiles the golden packages against the
/// runtime, so a name that drifts from SQLConnect fails the tests.
enum Runtime {
    static let module = "SQLConnect"

    // MARK: The client and its configuration

    static let dataConnect = "DataConnect"
    /// `DataConnect(connectorConfig:transport:cacheSettings:)`
    static let connectorConfigLabel = "connectorConfig"
    static let transportLabel = "transport"
    static let cacheSettingsLabel = "cacheSettings"
    static let connectorConfig = "ConnectorConfig"
    /// `ConnectorConfig(serviceId:location:connector:)`
    static let connectorConfigLabels = (serviceID: "serviceId", location: "location", connector: "connector")
    static let cacheSettings = "CacheSettings"
    /// `CacheSettings(storage:maxAge:)`
    static let cacheSettingsLabels = (storage: "storage", maxAge: "maxAge")
    /// `DataConnect.useEmulator(host:port:)` and its defaults, `DataConnect.EmulatorDefaults.host`.
    static let useEmulator = "useEmulator"
    static let emulatorDefaults = "EmulatorDefaults"
    static let hostLabel = "host"
    static let portLabel = "port"
    static let useTransport = "useTransport"

    // MARK: Transports

    static let transportProtocol = "Transport"
    /// `Transport.send(_ request: OperationRequest) async throws -> TransportResponse`
    static let transportSend = "send"
    static let operationRequest = "OperationRequest"
    static let transportResponse = "TransportResponse"
    static let emulatorTransport = "EmulatorTransport"
    static let graphQLHTTPTransport = "GraphQLHTTPTransport"
    static let endpointLabel = "endpoint"
    static let headersLabel = "headers"
    static let credentialPlacement = "CredentialPlacement"
    /// `CredentialPlacement`'s cases: `.bearer`, `.header("X-Parse-Session-Token")`.
    static let credentialPlacementCases = (bearer: "bearer", header: "header")

    // MARK: Operations and refs

    static let operationVariable = "OperationVariable"
    static let optionalVariable = "@OptionalVariable"
    static let memberKey = "MemberKey"
    static let operationResult = "OperationResult"
    static let queryRef = "QueryRef"
    static let mutationRef = "MutationRef"
    static let observationRef = "QueryRefObservation"
    static let observableObjectRef = "QueryRefObservableObject"
    /// The modules the observable refs need, tested with `#if canImport`.
    static let observationModule = "Observation"
    static let combineModule = "Combine"
    /// `DataConnect`'s methods that make refs, and their labels.
    static let queryFactory = "query"
    static let mutationFactory = "mutation"
    static let observableQueryFactory = "observableQuery"
    static let observableObjectQueryFactory = "observableObjectQuery"
    static let refFactoryLabels = (name: "name", variables: "variables", resultsDataType: "resultsDataType", document: "document")
    /// `QueryRef.execute(fetchPolicy:)`, `MutationRef.execute()`.
    static let execute = "execute"
    static let queryFetchPolicy = "QueryFetchPolicy"
    static let fetchPolicyLabel = "fetchPolicy"
    static let preferCache = "preferCache"

    // MARK: Decoding results

    static let responseDecodable = "ResponseDecodable"
    static let responseObject = "ResponseObject"
    /// `ResponseObject`'s readers: `string(forKey:)`, `stringIfPresent(forKey:)`, `contains(_:)`.
    static let responseString = "string"
    static let responseStringIfPresent = "stringIfPresent"
    static let forKeyLabel = "forKey"
    static let responseContains = "contains"
    /// The label of `init(response:)`, the decoder of interfaces and unions.
    static let responseLabel = "response"
    static let responseRecordDecodable = "ResponseRecordDecodable"
    static let responseShape = "ResponseShape"
    /// The member types `ResponseShape` spells with a letter (the rest by their place in its
    /// metatype list).
    static let shapeScalarCodes = ["String": "S", "Int": "I", "Double": "D", "Bool": "B", "UUID": "U", "Int64": "L", "AnyValue": "A"]
    static let responseRecord = "ResponseRecord"
    /// A result struct's record and shape: `__` names, which GraphQL reserves, so no field's
    /// response key can take them (aliases starting with `__` are refused when building the IR).
    static let recordProperty = "__record"
    static let shapeProperty = "__shape"
    /// Swift scalar types → the `ResponseRecord` methods that read them (`string(_:)`; the
    /// optional reads add `IfPresent`).
    static let recordScalarReads = [
        "String": "string", "Int": "int", "Double": "double", "Bool": "bool", "UUID": "uuid", "Int64": "int64",
    ]
    static let recordOptionalSuffix = "IfPresent"

    // MARK: Scalar types

    static let localDate = "LocalDate"
    static let timestamp = "Timestamp"
    static let anyValue = "AnyValue"

    // MARK: Enums

    /// `case _UNKNOWN(String)`, the value an SDK was not generated with.
    static let unknownEnumCase = "_UNKNOWN"
    /// `static let knownCases`, every value the SDK was generated with.
    static let knownEnumCases = "knownCases"

    // MARK: AEM

    static let aemTransport = "AEMTransport"
    static let aemConfiguration = "AEMConfiguration"
    /// `AEMTransport(configuration:configurationName:)`, `AEMConfiguration(environment:)` and
    /// `AEMConfiguration(scheme:host:)`.
    static let aemTransportLabels = (configuration: "configuration", configurationName: "configurationName")
    static let aemConfigurationLabels = (environment: "environment", scheme: "scheme", host: "host")

    /// Every runtime type generated code names, which a schema's types must not shadow.
    static let typeNames: Set<String> = [
        dataConnect, connectorConfig, cacheSettings, emulatorDefaults, transportProtocol, operationRequest, transportResponse,
        emulatorTransport, graphQLHTTPTransport, credentialPlacement, operationVariable, String(optionalVariable.dropFirst()), memberKey,
        operationResult, queryRef, mutationRef, observationRef, observableObjectRef, queryFetchPolicy,
        responseDecodable, responseObject, responseRecordDecodable, responseShape, responseRecord,
        localDate, timestamp, anyValue, aemTransport, aemConfiguration,
    ]
}

/// A generated file: its path inside the package and its exact contents.
public struct GeneratedFile: Sendable, Hashable {
    public var path: String
    public var contents: String
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
