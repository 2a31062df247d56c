import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client for one connector: its transport, cache, retry policy and refs.
///
/// Generated code creates one per connector and calls `query(...)` / `mutation(...)`; refs for the same
/// operation and variables are the same instance while anyone holds them.
public final class DataConnect: Sendable {
    /// The emulator's default address, as in Data Connect.
    public enum EmulatorDefaults {
        public static let host = EmulatorTransport.defaultHost
        public static let port = EmulatorTransport.defaultPort
    }

    public let connectorConfig: ConnectorConfig
    /// `nil` disables the cache: `.preferCache` always goes to the server, `.cacheOnly` finds nothing.
    public let cacheSettings: CacheSettings?
    public let retryPolicy: RetryPolicy
    private let transportBox: Locked<any Transport>
    private let authBox = Locked<AuthSession?>(nil)
    let cache: (any CacheStore)?
    let inFlight = InFlightRequests()
    let registry = RefRegistry()
    let now: @Sendable () -> Date

    /// The default transport is the local emulator at 127.0.0.1:9399.
    public convenience init(connectorConfig: ConnectorConfig, transport: any Transport = EmulatorTransport(),
                            cacheSettings: CacheSettings? = nil, retryPolicy: RetryPolicy = .default) {
        self.init(connectorConfig: connectorConfig, transport: transport, cacheSettings: cacheSettings, retryPolicy: retryPolicy, now: { Date() })
    }

    init(connectorConfig: ConnectorConfig, transport: any Transport, cacheSettings: CacheSettings?, retryPolicy: RetryPolicy,
         now: @escaping @Sendable () -> Date) {
        self.connectorConfig = connectorConfig
        self.cacheSettings = cacheSettings
        self.retryPolicy = retryPolicy
        self.now = now
        transportBox = Locked(transport)
        switch cacheSettings?.storage {
        case nil:
            cache = nil
        case .memory:
            cache = MemoryCacheStore()
        case .persistent:
            let identity = "\(connectorConfig.serviceId)-\(connectorConfig.location)-\(connectorConfig.connector)"
            cache = FileCacheStore(directory: cacheSettings?.directory ?? FileCacheStore.defaultDirectory(identity: identity))
        }
    }

    /// The transport requests go through now.
    public var transport: any Transport {
        transportBox.withLock { $0 }
    }

    /// Sends later requests to the sqlgen emulator at `host:port`.
    public func useEmulator(host: String = EmulatorDefaults.host, port: Int = EmulatorDefaults.port, authorization: Authorization = .none) {
        useTransport(EmulatorTransport(host: host, port: port, authorization: authorization))
    }

    /// Sends later requests through `transport`.
    public func useTransport(_ transport: any Transport) {
        transportBox.withLock { $0 = transport }
    }

    /// Drops every cached result (an `AuthSession` does it when its user changes).
    public func clearCache() {
        cache?.removeAll()
    }

    /// The signed-in user whose credential later requests carry, and whose results the cache
    /// keeps apart from other users'; nil sends the transport's own authorization.
    public var auth: AuthSession? {
        authBox.withLock { $0 }
    }

    /// Sends later requests as `session`'s signed-in user (several clients may share one session).
    public func useAuth(_ session: AuthSession?) {
        session?.attach(self)
        authBox.withLock { $0 = session }
    }

    /// The ref for query `name` with `variables`; `document` is the operation text (GraphQL over HTTP).
    public func query<ResultData: Decodable & Sendable, Variables: OperationVariable>(
        name: String, variables: Variables, resultsDataType: ResultData.Type = ResultData.self,
        variablesType: Variables.Type = Variables.self, document: String? = nil
    ) -> QueryRef<ResultData, Variables> {
        let request = makeRequest(name: name, kind: .query, variables: variables, document: document)
        guard case .success(let built) = request else {
            return QueryRef(dataConnect: self, name: name, variables: variables, request: request)
        }
        return registry.ref(key: "query:" + built.requestID) {
            QueryRef(dataConnect: self, name: name, variables: variables, request: request)
        }
    }

    /// The ref for mutation `name` with `variables`.
    public func mutation<ResultData: Decodable & Sendable, Variables: OperationVariable>(
        name: String, variables: Variables, resultsDataType: ResultData.Type = ResultData.self,
        variablesType: Variables.Type = Variables.self, document: String? = nil
    ) -> MutationRef<ResultData, Variables> {
        let request = makeRequest(name: name, kind: .mutation, variables: variables, document: document)
        guard case .success(let built) = request else {
            return MutationRef(dataConnect: self, name: name, variables: variables, request: request)
        }
        return registry.ref(key: "mutation:" + built.requestID) {
            MutationRef(dataConnect: self, name: name, variables: variables, request: request)
        }
    }

    private func makeRequest<Variables: Encodable>(name: String, kind: OperationKind, variables: Variables, document: String?) -> Result<OperationRequest, DataConnectError> {
        do {
            return .success(try OperationRequest(connector: connectorConfig, operationName: name, kind: kind, variables: variables, document: document))
        } catch let error as DataConnectError {
            return .failure(error)
        } catch {
            return .failure(.decoding(DecodingFailure(codingPath: "variables", message: "\(error)")))
        }
    }
}
