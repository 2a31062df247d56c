// The emulator's state: the expanded schema, what it stores (Data Connect's tables or AEM's
// content fragments), the hosted operations and the database's writing connection. An actor, so
// the connection is only ever used from one place at a time. Either dialect is served the same
// way; `EngineDialect` holds what differs.

import SQLGenLanguage
import SQLGenSchema
import Synchronization

/// The emulator: schema, storage and operations, for Data Connect or AEM.
public actor EmulatorEngine {
    /// The schema operations are validated and executed against.
    public private(set) var schema: Schema
    /// The expanded schema as SDL (`GET /schema.graphql`).
    public private(set) var schemaSDL: String
    public nonisolated let limits: ExecutionLimits
    /// The GraphQL dialect the engine serves: a Data Connect service or an AEM instance (the
    /// database's SQL dialect is `dialect`).
    nonisolated let graphQLDialect: EngineDialect
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
    let readers: ConnectionPool<ReadConnection>
    /// Where mutations run side by side, each thread on a writing connection of its own (none where
    /// the database has one writer: mutations then run on the engine's connection, one at a time).
    nonisolated let writers: WritingThreads
    /// Where requests run their database work.
    nonisolated let databaseThreads: DatabaseThreads
    /// Where the actor's own work runs: the writing connection's, one job at a time.
    nonisolated let engineThread = EngineThread()
    public nonisolated var unownedExecutor: UnownedSerialExecutor { engineThread.asUnownedSerialExecutor() }
    /// What hosted queries need, readable without entering the actor (so a query goes from the
    /// HTTP task straight to a read connection); republished whenever schema or operations change.
    nonisolated let published: Mutex<Published>
    /// Whether planned queries use their plans (tests turn it off to compare with the generic path).
    nonisolated let planning = Atomic<Bool>(true)
    /// Answers written by a `QueryPlan` (tests check that planning is really used).
    nonisolated let plannedAnswers = Atomic<Int>(0)
    /// Plans' statements worked out for a request's arguments (tests check a batch does it once).
    nonisolated let preparedPlans = Atomic<Int>(0)
    /// The database steps an answer on the event loop may take (a `WorkLimit` of steps): about a
    /// millisecond or two. A query that needs more (a bounded list filtered on an unindexed
    /// column of a large table scans all of it) continues in a task, which answers it in full.
    /// Tests lower it.
    nonisolated let inlineStepBudget = Atomic<Int>(200_000)
    /// The time an answer on the event loop may take, where steps do not bound it (a database
    /// server, whose work the emulator cannot count): past it, the statement is cancelled and the
    /// request continues in a task. Tests lower it.
    nonisolated let inlineTimeBudget: Mutex<Duration?>
    /// Whether one-statement queries the event loop answers go to a database server together
    /// (`PipelinedLookups`), where the read connections can queue statements. Tests turn it off.
    nonisolated let pipelinesLookups: Atomic<Bool>
    nonisolated let pipelinedCounts = PipelineCounts()
    nonisolated let pipelinedWriteCounts = PipelineCounts()
    /// Inline answers given up because they ran out of steps or time (for tests).
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
        let opened = try Self.open(backend, readConnections: readConnections) { database in
            if reset { try SchemaMigrator.dropAll(database, model: loaded.model) }
            _ = try SchemaMigrator.migrate(database, model: loaded.model)
        }
        self.init(dialect: .dataConnect, loaded: loaded, connectorIDs: connectors.map(\.id), opened: opened, limits: limits, requestTimeout: requestTimeout)
    }

    /// An engine over an open database, serving what `loaded` holds in `dialect`.
    init(dialect: EngineDialect, loaded: Loaded, connectorIDs: [String], opened: OpenedDatabase, limits: ExecutionLimits, requestTimeout: Duration?) {
        graphQLDialect = dialect
        schema = loaded.schema
        schemaSDL = loaded.sdl
        model = loaded.model
        operations = loaded.operations
        operationOrder = loaded.order
        self.connectorIDs = connectorIDs
        self.limits = limits
        self.requestTimeout = requestTimeout
        database = opened.writer
        readers = opened.readers
        writers = opened.writers
        databaseThreads = DatabaseThreads(readConnections: opened.readers.count)
        inlineTimeBudget = Mutex(opened.eventLoopTimeBudget)
        pipelinesLookups = Atomic(opened.readersPipeline)
        published = Mutex(Published(schema: loaded.schema, model: loaded.model, operations: loaded.operations))
    }

    deinit {
        writers.closeConnections()
    }

    /// The engine's writing connection, the read connections, and the threads that run mutations side by side.
    struct OpenedDatabase {
        let writer: any SQLConnection
        let readers: ConnectionPool<ReadConnection>
        let writers: WritingThreads
        /// How long a read answered on the event loop may take, where steps do not bound it.
        let eventLoopTimeBudget: Duration?
        /// Whether the read connections can queue statements to run together.
        let readersPipeline: Bool
    }

    /// Opens `backend`'s writing connection, lets `prepare` create or migrate what the dialect
    /// stores, then opens `readConnections` read-only connections (none where the backend has none)
    /// and the threads that run mutations side by side where the backend writes in parallel.
    static func open(_ backend: any DatabaseBackend, readConnections: Int,
                     prepare: (any SQLConnection) throws -> Void) throws(EmulatorError) -> OpenedDatabase {
        do {
            let writer = try backend.openWriter()
            try prepare(writer)
            // Pages a killed emulator left in the WAL go into the file before anyone reads.
            writer.checkpoint(.passive)
            var readers: [ReadConnection] = []
            for _ in 0..<readConnections {
                guard let reader = try backend.openReader() else { break }
                readers.append(ReadConnection(reader))
            }
            let writers = WritingThreads(limit: backend.parallelWriteConnections) { () throws(DatabaseError) in try backend.openWriter() }
            return OpenedDatabase(writer: writer, readers: ConnectionPool(readers), writers: writers,
                                  eventLoopTimeBudget: backend.eventLoopTimeBudget, readersPipeline: readers.first?.pipelining != nil)
        } catch {
            throw EmulatorError("database \(backend.location): \(error)")
        }
    }

    /// Reloads schema and operations while running: new tables and columns are added; a change
    /// that would lose data (a table or column gone, a type or key changed) is refused unless
    /// `allowReset`, which then drops and recreates every table. Returns what changed.
    public func reload(schemaSources: [Source], operationSources: [Source], allowReset: Bool) throws(EmulatorError) -> [String] {
        try reload(schemaSources: schemaSources, connectors: [HostedConnector(id: connectorIDs.first ?? "", operationSources: operationSources)], allowReset: allowReset)
    }

    /// As `reload(schemaSources:operationSources:allowReset:)`, for every connector of a service.
    public func reload(schemaSources: [Source], secondarySchemaSources: [Source] = [], connectors: [HostedConnector], allowReset: Bool) throws(EmulatorError) -> [String] {
        guard case .dataConnect = graphQLDialect else { throw EmulatorError("only Data Connect connectors reload") }
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


    /// A hosted operation: its connector, name, kind (`query`, `mutation`), access and text (as
    /// `list.json` shows it).
    public typealias ListedOperation = (connector: String, name: String, kind: String, access: AccessLevel, text: String)

    /// Every hosted operation, in load order.
    public func operationList() -> [ListedOperation] {
        operationOrder.compactMap { connector, name in
            operations[connector]?[name].map { ($0.connector, $0.name, $0.operation.operation.rawValue, $0.access, $0.text) }
        }
    }

    public func operationText(connector: String, name: String) -> String? { operations[connector]?[name]?.text }

    /// Whether `connector` serves an operation called `name`.
    public func hasOperation(connector: String, name: String) -> Bool { operations[connector]?[name] != nil }

    /// Adds (or replaces) a persisted operation. Data Connect's text holds exactly one named
    /// operation; AEM's one operation, named or not, whose answers carry the cache headers
    /// given (AEM's defaults otherwise), kept in the database for the next runs.
    public func persist(connector: String, name: String, text: String, cacheControl: String? = nil, surrogateControl: String? = nil) throws(EmulatorError) {
        nextSourceID += 1
        let operation: CompiledOperation
        switch graphQLDialect {
        case .dataConnect:
            let source = Source(text, name: "\(connector)/\(name)", id: SourceID(nextSourceID))
            let loaded = try Self.load([source], connector: connector, schema: schema, model: model, limits: limits)
            guard loaded.count == 1, var named = loaded.first else { throw EmulatorError("A persisted query must hold exactly one named operation.") }
            named.name = name
            operation = named
        case .aem(let instance):
            let cache = AEMCacheHeaders(cacheControl: cacheControl, surrogateControl: surrogateControl)
            operation = try persistQuery(instance, configuration: connector, name: name, text: text, cache: cache, sourceID: nextSourceID)
        }
        if operations[connector]?[name] == nil { operationOrder.append((connector, name)) }
        operations[connector, default: [:]][name] = operation
        publish()
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
