#if canImport(Observation)
import Observation

/// A query ref for SwiftUI's Observation: `data`, `lastError`, `source` and `isLoading` update on the
/// main actor after each `execute`; the request and decoding run off it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class QueryRefObservation<ResultData: Decodable & Sendable, Variables: OperationVariable> {
    /// The last result's data (kept when a later execute fails).
    public private(set) var data: ResultData?
    /// The last execute's error; cleared by a success.
    public private(set) var lastError: DataConnectError?
    /// Where the last result came from.
    public private(set) var source: DataSource?
    /// True while an execute is running.
    public private(set) var isLoading = false
    /// The underlying ref (shared with `DataConnect.query(...)`).
    @ObservationIgnored public let ref: QueryRef<ResultData, Variables>

    /// Nonisolated, so `ref(...)` can hand one out from any context; it is used on the main actor.
    public nonisolated init(ref: QueryRef<ResultData, Variables>) {
        self.ref = ref
        // Results of the same query run elsewhere (another screen, `execute` on the connector)
        // reach this ref too, on the main actor. Wrappers are registered once per operation and
        // variables, so the subscription lives as long as the ref; a released wrapper ignores it.
        _ = ref.addResultObserver { [weak self] result in
            Task { @MainActor in self?.receive(result) }
        }
    }

    private func receive(_ result: OperationResult<ResultData>) {
        data = result.data
        source = result.source
        lastError = nil
    }

    public var variables: Variables { ref.variables }

    /// Runs the query and publishes the outcome; also rethrows it.
    @discardableResult
    public func execute(fetchPolicy: QueryFetchPolicy = .preferCache) async throws -> OperationResult<ResultData> {
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

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension DataConnect {
    /// The observable ref for query `name` with `variables`; one instance per operation and variables.
    public func observableQuery<ResultData: Decodable & Sendable, Variables: OperationVariable>(
        name: String, variables: Variables, resultsDataType: ResultData.Type = ResultData.self,
        variablesType: Variables.Type = Variables.self, document: String? = nil
    ) -> QueryRefObservation<ResultData, Variables> {
        let ref = query(name: name, variables: variables, resultsDataType: ResultData.self, variablesType: Variables.self, document: document)
        guard case .success(let request) = ref.request else { return QueryRefObservation(ref: ref) }
        return registry.ref(key: "observation:" + request.requestID) { QueryRefObservation(ref: ref) }
    }
}
#endif
