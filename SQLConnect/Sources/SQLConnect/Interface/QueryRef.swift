/// A query with fixed variables. Get it from `DataConnect.query(...)`; the same operation and
/// variables give the same instance.
public final class QueryRef<ResultData: Decodable & Sendable, Variables: OperationVariable>: Sendable {
    public let name: String
    public let variables: Variables
    public let dataConnect: DataConnect
    let request: Result<OperationRequest, DataConnectError>
    /// Who hears about every result this ref produces, whoever called `execute`: the observable
    /// wrappers subscribe here so a view bound to a ref updates when any code runs the query.
    private let observers = Locked<(next: Int, bodies: [Int: @Sendable (OperationResult<ResultData>) -> Void])>((0, [:]))

    init(dataConnect: DataConnect, name: String, variables: Variables, request: Result<OperationRequest, DataConnectError>) {
        self.dataConnect = dataConnect
        self.name = name
        self.variables = variables
        self.request = request
    }

    /// Runs the query. Decoding happens off the main actor. Throws `DataConnectError` or `CancellationError`.
    public func execute(fetchPolicy: QueryFetchPolicy = .preferCache) async throws -> OperationResult<ResultData> {
        let result: OperationResult<ResultData> = try await dataConnect.executeQuery(request.get(), policy: fetchPolicy)
        for body in observers.withLock({ Array($0.bodies.values) }) { body(result) }
        return result
    }

    /// Calls `body` with every later result of this ref (observable wrappers live as long as the
    /// ref, so there is no unsubscribing); returns the observer's number.
    func addResultObserver(_ body: @escaping @Sendable (OperationResult<ResultData>) -> Void) -> Int {
        observers.withLock { state in
            state.next += 1
            state.bodies[state.next] = body
            return state.next
        }
    }
}
