// The emulator's state: the expanded schema, the stored tables, the hosted operations and the
// database's writing connection. An actor, so the connection is only ever used from one place
// at a time.

import SQLGenLanguage
import SQLGenSchema
import Synchronization

/// The emulator: schema, storage and operations.
public actor EmulatorEngine {
    /// The schema operations are validated and executed against.
    public private(set) var schema: Schema
    /// The expanded Data Connect schema as SDL (`GET /schema.graphql`).
    public private(set) var schemaSDL: String
    public nonisolated let limits: ExecutionLimits
    /// How long one request's SQL and execution may take (nil: no limit); past it the work is
    /// stopped and the answer says so.
    public nonisolated let requestTimeout: Duration?
    private(set) var model: StoreModel
    let database: any SQLConnection
    /// The connectors whose operations the files define (a reload replaces theirs; operations
    /// persisted over HTTP under other names stay).
    private var connectorIDs: [String]
    private var operations: [String: [String: CompiledOperation]] = [:]
    private var operationOrder: [(String, String)] = []
    private var nextSourceID: UInt32 = 1000
    /// Read-only connections for queries (none for an in-memory database, which other connections cannot see).
    let readers: ReaderPool
    /// What hosted queries need, readable without entering the actor (so a query goes from the
    /// HTTP task straight to a read connection); republished whenever schema or operations change.
    nonisolated let published: Mutex<Published>
    /// Whether planned queries use their plans (tests turn it off to compare with the generic path).
    nonisolated let planning = Atomic<Bool>(true)
    /// Answers written by a `QueryPlan` (tests check that planning is really used).
    nonisolated let plannedAnswers = Atomic<Int>(0)
    /// The database steps an answer on the event loop may take (a `WorkLimit` of steps): about a
    /// millisecond or two. A query that needs more (a bounded list filtered on an unindexed
    /// column of a large table scans all of it) continues in a task, which answers it in full.
    /// Tests lower it.
    nonisolated let inlineStepBudget = Atomic<Int>(200_000)
    /// Whether cheap queries may be answered on the event loop (not when each is a round trip to a server).
    nonisolated let answersOnEventLoop: Bool
    /// Inline answers given up because they ran out of steps (for tests).
    nonisolated let inlineBudgetsSpent = Atomic<Int>(0)
    /// Requests that went through the prelude (for tests: once per request, wherever it ran).
    nonisolated let preludes = Atomic<Int>(0)
    /// Writes so far, and whether a checkpoint waits for them to stop (`checkpointWhenIdle`).
    private var writeGeneration: UInt64 = 0
    private var idleCheckpointPending = false
    static let idleCheckpointDelay = Duration.milliseconds(250)

    /// Schema, model and operations as of the last change.
    final class Published: Sendable {
        let schema: Schema
        let model: StoreModel
        let operations: [String: [String: CompiledOperation]]

        init(schema: Schema, model: StoreModel, operations: [String: [String: CompiledOperation]]) {
            self.schema = schema
            self.model = model
            self.operations = operations
        }
    }

    private func publish() {
        let current = Published(schema: schema, model: model, operations: operations)
        published.withLock { $0 = current }
    }

    /// Loads the schema and operations, and opens (creating or migrating) the database at
    /// `databasePath` (`:memory:` for a private one). Any error in the schema, an operation or the
    /// database stops the load with a message naming the file.
    /// `readConnections` read-only connections serve queries in parallel with each other and with writes.
    public init(schemaSources: [Source], operationSources: [Source], connectorId: String, databasePath: String,
                limits: ExecutionLimits = ExecutionLimits(), requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
                readConnections: Int = 2) throws(EmulatorError) {
        try self.init(schemaSources: schemaSources, connectors: [HostedConnector(id: connectorId, operationSources: operationSources)],
                      databasePath: databasePath, limits: limits, requestTimeout: requestTimeout, readConnections: readConnections)
    }

    /// Several connectors over one schema and one database, as Data Connect serves a service:
    /// each connector's operations under its own id.
    /// `secondarySchemaSources` (a project's `httpGraphql` schemas) are merged so operations that
    /// use them validate; their fields answer an error that says the emulator does not call them.
    public init(schemaSources: [Source], secondarySchemaSources: [Source] = [], connectors: [HostedConnector], databasePath: String,
                limits: ExecutionLimits = ExecutionLimits(), requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
                readConnections: Int = 2) throws(EmulatorError) {
        try self.init(schemaSources: schemaSources, secondarySchemaSources: secondarySchemaSources, connectors: connectors,
                      backend: SQLiteBackend(path: databasePath), limits: limits, requestTimeout: requestTimeout, readConnections: readConnections)
    }

    /// As the public initializers, over any database `backend`.
    /// `reset` drops the schema's tables first (a database that is not a file of the emulator's own).
    init(schemaSources: [Source], secondarySchemaSources: [Source], connectors: [HostedConnector], backend: any DatabaseBackend,
         limits: ExecutionLimits, requestTimeout: Duration?, readConnections: Int, reset: Bool = false) throws(EmulatorError) {
        let loaded = try Self.build(schemaSources: schemaSources, secondarySchemaSources: secondarySchemaSources, connectors: connectors, limits: limits)
        schema = loaded.schema
        schemaSDL = loaded.sdl
        model = loaded.model
        operations = loaded.operations
        operationOrder = loaded.order
        connectorIDs = connectors.map(\.id)
        self.limits = limits
        self.requestTimeout = requestTimeout
        do {
            database = try backend.openWriter()
            if reset { try SchemaMigrator.dropAll(database, model: loaded.model) }
            try SchemaMigrator.migrate(database, model: loaded.model)
            // Pages a killed emulator left in the WAL go into the file before anyone reads.
            database.checkpoint(.passive)
        } catch {
            throw EmulatorError("database \(backend.location): \(error)")
        }
        var readers: [ReadConnection] = []
        for _ in 0..<readConnections {
            do {
                guard let reader = try backend.openReader() else { break }
                readers.append(ReadConnection(reader))
            } catch {
                throw EmulatorError("database \(backend.location): \(error)")
            }
        }
        self.readers = ReaderPool(readers)
        answersOnEventLoop = backend.answersOnEventLoop
        published = Mutex(Published(schema: loaded.schema, model: loaded.model, operations: loaded.operations))
    }

    /// Reloads schema and operations while running: new tables and columns are added; a change
    /// that would lose data (a table or column gone, a type or key changed) is refused unless
    /// `allowReset`, which then drops and recreates every table. Returns what changed.
    public func reload(schemaSources: [Source], operationSources: [Source], allowReset: Bool) throws(EmulatorError) -> [String] {
        try reload(schemaSources: schemaSources, connectors: [HostedConnector(id: connectorIDs.first ?? "", operationSources: operationSources)], allowReset: allowReset)
    }

    /// As `reload(schemaSources:operationSources:allowReset:)`, for every connector of a service.
    public func reload(schemaSources: [Source], secondarySchemaSources: [Source] = [], connectors: [HostedConnector], allowReset: Bool) throws(EmulatorError) -> [String] {
        let loaded = try Self.build(schemaSources: schemaSources, secondarySchemaSources: secondarySchemaSources, connectors: connectors, limits: limits)
        let destructive = SchemaMigrator.destructiveChanges(from: model, to: loaded.model, dialect: database.dialect)
            + SchemaMigrator.unfillableColumns(database, model: loaded.model)
        var changes: [String] = []
        do {
            if !destructive.isEmpty {
                guard allowReset else {
                    throw EmulatorError("schema change refused, it would lose data (\(destructive.joined(separator: "; "))); restart with --reset to start over")
                }
                try SchemaMigrator.dropAll(database, model: model)
                changes.append("reset the database (\(destructive.joined(separator: "; ")))")
            }
            changes += try SchemaMigrator.migrate(database, model: loaded.model)
        } catch let error as EmulatorError {
            throw error
        } catch {
            throw EmulatorError("database: \(error)")
        }
        schema = loaded.schema
        schemaSDL = loaded.sdl
        model = loaded.model
        // Operations persisted over HTTP stay unless the reload defines the same name; their
        // plans (and so whether the event loop answers them) follow the new tables.
        var operations = self.operations
        let reloaded = Set(connectors.map(\.id))
        for (connector, named) in operations where !reloaded.contains(connector) {
            for name in named.keys {
                operations[connector]?[name]?.replan(schema: loaded.schema, model: loaded.model)
            }
        }
        var order = operationOrder.filter { !reloaded.contains($0.0) }
        for connector in reloaded { operations[connector] = loaded.operations[connector] ?? [:] }
        connectorIDs = connectors.map(\.id)
        order = loaded.order + order
        self.operations = operations
        operationOrder = order
        publish()
        changes.append("serving \(loaded.order.count) operation\(loaded.order.count == 1 ? "" : "s")")
        return changes
    }


    /// `(connector, name, kind)` of every hosted operation, in load order.
    public func operationList() -> [(connector: String, name: String, kind: String, access: AccessLevel)] {
        operationOrder.compactMap { connector, name in
            operations[connector]?[name].map { ($0.connector, $0.name, $0.operation.operation.rawValue, $0.access) }
        }
    }

    public func operationText(connector: String, name: String) -> String? { operations[connector]?[name]?.text }

    /// Adds (or replaces) a persisted operation; the text must hold exactly one named operation.
    public func persist(connector: String, name: String, text: String) throws(EmulatorError) {
        nextSourceID += 1
        let loaded = try Self.load([Source(text, name: "\(connector)/\(name)", id: SourceID(nextSourceID))], connector: connector, schema: schema, model: model,
                                   limits: limits)
        guard loaded.count == 1, var operation = loaded.first else { throw EmulatorError("A persisted query must hold exactly one named operation.") }
        operation.name = name
        if operations[connector]?[name] == nil { operationOrder.append((connector, name)) }
        operations[connector, default: [:]][name] = operation
        publish()
    }

    // MARK: Ad-hoc operations and seeds

    /// Runs an ad-hoc request (`POST /graphql`, seed files) with admin rights.
    /// `queryOnly` refuses mutations (GraphQL over HTTP: no mutations over GET).
    public func executeDocument(_ text: String, operationName: String?, variables: JSONValue, caller: Caller = Caller(isAdmin: true),
                                sourceName: String = "GraphQL request", queryOnly: Bool = false) async -> EngineResponse {
        let operation: CompiledOperation
        switch compileDocument(Source(text, name: sourceName), operationName: operationName) {
        case .compiled(let compiled): operation = compiled
        case .refused(let refusal): return refusal
        }
        if queryOnly, !operation.isQuery {
            return Self.requestError(405, "Mutations cannot be sent with GET; use POST.", code: "INVALID_ARGUMENT")
        }
        let state = published.withLock { $0 }
        return await respond(operation, OperationRequest(variables: .json(variables), caller: caller), state: state).response
    }

    private enum AdHocCompilation {
        case compiled(CompiledOperation)
        case refused(EngineResponse)
    }

    /// Parses, checks and validates an ad-hoc document, and compiles the operation it asks for.
    private func compileDocument(_ source: Source, operationName: String?) -> AdHocCompilation {
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            return .refused(EngineResponse(status: 400, result: ExecutionResult(data: nil, errors: [
                ResponseError(message: error.message, locations: error.ranges.map { source.location(at: $0.start) }, code: "INVALID_ARGUMENT"),
            ])))
        }
        // Limits first: a hostile document should not reach the validator's recursion.
        let fragments = document.fragmentsByName
        var compiled: [CompiledOperation] = []
        for case .operation(let operation) in document.definitions {
            let candidate = CompiledOperation.adHoc(operation, in: document, fragments: fragments, source: source, limits: limits)
            if let failure = candidate.limitFailure { return .refused(Self.requestError(400, failure.message, code: failure.code)) }
            compiled.append(candidate)
        }
        var errors = validate(schema: schema, document: document)
        if errors.isEmpty, let error = ExpressionSyntax.firstError(in: document) { errors = [error] }
        if !errors.isEmpty {
            return .refused(EngineResponse(status: 400, result: ExecutionResult(data: nil, errors: errors.map {
                ResponseError(message: $0.message, locations: $0.ranges.map { source.location(at: $0.start) }, code: "INVALID_ARGUMENT")
            })))
        }
        let chosen = operationName.map { name in compiled.first { $0.operation.name?.value == name } } ?? (compiled.count == 1 ? compiled.first : nil)
        guard let chosen else {
            let message = operationName.map { "Unknown operation named \"\($0)\"." } ?? "Must provide operation name if query contains multiple operations."
            return .refused(Self.requestError(400, message, code: "INVALID_ARGUMENT"))
        }
        return .compiled(chosen)
    }

    /// Runs every operation of a seed file in order, with admin rights and no time limit; stops
    /// at the first error.
    public func runSeed(_ text: String, name: String) async throws(EmulatorError) -> Int {
        let source = Source(text, name: name)
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            throw EmulatorError("\(name): \(error.message)")
        }
        let fragments = document.fragmentsByName
        var count = 0
        for case .operation(let operation) in document.definitions {
            let compiled = CompiledOperation.adHoc(operation, in: document, fragments: fragments, source: source, limits: limits)
            let request = OperationRequest(variables: .json(.object([])), caller: Caller(isAdmin: true), timed: false)
            let answer = await respond(compiled, request, state: published.withLock { $0 })
            if let error = answer.response.result.errors.first {
                throw EmulatorError("\(name): \(operation.name?.value ?? "anonymous operation"): \(error.message)")
            }
            count += 1
        }
        return count
    }

    /// Execution that never started (bad variables, limits, a false @auth(expr:)) is the client's mistake.
    static func response(_ result: ExecutionResult) -> EngineResponse {
        guard result.data == nil else { return EngineResponse(status: 200, result: result) }
        return EngineResponse(status: result.errors.first?.code == "PERMISSION_DENIED" ? 403 : 400, result: result)
    }

    static func requestError(_ status: Int, _ message: String, code: String) -> EngineResponse {
        EngineResponse(status: status, result: ExecutionResult(data: nil, errors: [ResponseError(message: message, code: code)]))
    }

    /// Rows per table (for the start-up banner and tests).
    public func rowCounts() -> [(table: String, rows: Int)] {
        model.tableOrder.compactMap { name in
            guard let table = model.tables[name], !table.isView,
                  let row = try? database.query("SELECT COUNT(*) FROM \(database.dialect.quote(table.sqlName))").first,
                  case .integer(let count)? = row.first else { return nil }
            return (name, Int(count))
        }
    }

    // Shorthands for the transfer extension and tests.
    func databaseQuery(_ sql: String, _ params: [SQLValue] = []) throws(DatabaseError) -> [[SQLValue]] { try database.query(sql, params) }
    func databaseRun(_ sql: String, _ params: [SQLValue]) throws(DatabaseError) { try database.run(sql, params) }
    func databaseExecute(_ sql: String) throws(DatabaseError) { try database.execute(sql) }
    func databaseTransaction(_ body: () throws -> Void) throws { try database.transaction(.immediate, body) }
    var dialect: any SQLDialect { database.dialect }
    func suspendSearchIndexes(_ tables: [(table: StoreTable, newRows: Int)]) throws(DatabaseError) -> [String] {
        try database.dialect.suspendSearchIndexes(tables, on: database)
    }

    /// Checkpoints the WAL so the database file is complete on its own.
    public func checkpoint() {
        database.checkpoint(.truncate)
    }

    /// Copies the WAL's pages into the database file once writes have stopped for
    /// `idleCheckpointDelay`. Until then every page a reader fetches is first looked up in the
    /// WAL's index (and, when found, read from the WAL instead of the memory map); SQLite's own
    /// checkpoints come only every 1,000 pages. Passive: it never waits for a reader.
    func checkpointWhenIdle() {
        writeGeneration &+= 1
        guard !idleCheckpointPending else { return }
        idleCheckpointPending = true
        Task { [weak self] in
            while let self {
                let seen = await self.writeGeneration
                try? await Task.sleep(for: Self.idleCheckpointDelay)
                if await self.checkpointIfNoWrites(since: seen) { return }
            }
        }
    }

    private func checkpointIfNoWrites(since generation: UInt64) -> Bool {
        guard writeGeneration == generation else { return false }
        idleCheckpointPending = false
        checkpointNow()
        return true
    }

    /// A passive checkpoint: the WAL's pages that no reader still needs go into the file.
    func checkpointNow() {
        database.checkpoint(.passive)
    }
}
