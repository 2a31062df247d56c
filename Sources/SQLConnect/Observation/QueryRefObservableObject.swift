#if canImport(Combine)
import Combine

/// A query ref for `ObservableObject` users (`@StateObject`): `@Published` `data`, `lastError`,
/// `source` and `isLoading`, set on the main actor; the request and decoding run off it.
@MainActor
public final class QueryRefObservableObject<Data: Decodable & Sendable, Variables: OperationVariable>: ObservableObject {
    @Published public private(set) var data: Data?
    @Published public private(set) var lastError: DataConnectError?
    @Published public private(set) var source: DataSource?
    @Published public private(set) var isLoading = false
    /// The underlying ref (shared with `DataConnect.query(...)`).
    public let ref: QueryRef<Data, Variables>

    public init(ref: QueryRef<Data, Variables>) {
        self.ref = ref
    }

    public var variables: Variables { ref.variables }

    /// Runs the query and publishes the outcome; also rethrows it.
    @discardableResult
    public func execute(fetchPolicy: QueryFetchPolicy = .preferCache) async throws -> OperationResult<Data> {
        isLoading = true
        defer { isLoading = false }
        do {
            let result = try await ref.execute(fetchPolicy: fetchPolicy)
            data = result.data
            source = result.source
            lastError = nil
            return result
        } catch let error as DataConnectError {
            lastError = error
            throw error
        }
    }
}

extension DataConnect {
    /// The `ObservableObject` ref for query `name` with `variables`; one instance per operation and variables.
    @MainActor
    public func observableObjectQuery<Data: Decodable & Sendable, Variables: OperationVariable>(
        name: String, variables: Variables, resultsDataType: Data.Type = Data.self,
        variablesType: Variables.Type = Variables.self, document: String? = nil
    ) -> QueryRefObservableObject<Data, Variables> {
        let ref = query(name: name, variables: variables, resultsDataType: Data.self, variablesType: Variables.self, document: document)
        guard case .success(let request) = ref.request else { return QueryRefObservableObject(ref: ref) }
        return registry.ref(key: "observableObject:" + request.requestID) { QueryRefObservableObject(ref: ref) }
    }
}
#endif
