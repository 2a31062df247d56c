/// Every name of the SQLConnect runtime that generated code uses, in one place.
enum Runtime {
    static let module = "SQLConnect"
    static let dataConnect = "DataConnect"
    static let connectorConfig = "ConnectorConfig"
    static let cacheSettings = "CacheSettings"
    static let operationVariable = "OperationVariable"
    static let optionalVariable = "@OptionalVariable"
    static let operationResult = "OperationResult"
    static let queryFetchPolicy = "QueryFetchPolicy"
    static let responseDecodable = "ResponseDecodable"
    static let responseObject = "ResponseObject"
    static let responseRecordDecodable = "ResponseRecordDecodable"
    static let responseShape = "ResponseShape"
    static let responseRecord = "ResponseRecord"
    /// A result struct's record and shape: `__` names, which GraphQL reserves, so no field's
    /// response key can take them (aliases starting with `__` are refused when building the IR).
    static let recordProperty = "__record"
    static let shapeProperty = "__shape"
    static let memberKey = "MemberKey"
    static let queryRef = "QueryRef"
    static let mutationRef = "MutationRef"
    static let observationRef = "QueryRefObservation"
    static let observableObjectRef = "QueryRefObservableObject"
    /// `DataConnect`'s methods that make refs, and that choose where operations go.
    static let queryFactory = "query"
    static let mutationFactory = "mutation"
    static let observableQueryFactory = "observableQuery"
    static let observableObjectQueryFactory = "observableObjectQuery"
    static let useEmulator = "useEmulator"
    static let useTransport = "useTransport"
    static let emulatorTransport = "EmulatorTransport"
    static let graphQLHTTPTransport = "GraphQLHTTPTransport"
    static let transportProtocol = "Transport"
    static let emulatorDefaultHost = "DataConnect.EmulatorDefaults.host"
    static let emulatorDefaultPort = "DataConnect.EmulatorDefaults.port"
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

/// The SQLConnect names the AEM client code uses.
enum AEMRuntime {
    static let transport = "AEMTransport"
    static let configuration = "AEMConfiguration"
}
