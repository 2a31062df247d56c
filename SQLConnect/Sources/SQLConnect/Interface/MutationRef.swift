/// A mutation with fixed variables, from `DataConnect.mutation(...)`. Never cached or retried.
public final class MutationRef<ResultData: Decodable & Sendable, Variables: OperationVariable>: Sendable {
    public let name: String
    public let variables: Variables
    public let dataConnect: DataConnect
    let request: Result<OperationRequest, DataConnectError>

    init(dataConnect: DataConnect, name: String, variables: Variables, request: Result<OperationRequest, DataConnectError>) {
        self.dataConnect = dataConnect
        self.name = name
        self.variables = variables
        self.request = request
    }

    /// Runs the mutation once. Throws `DataConnectError` or `CancellationError`.
    public func execute() async throws -> OperationResult<ResultData> {
        try await dataConnect.executeMutation(request.get())
    }
}
