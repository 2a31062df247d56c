// An engine serving AEM: the schema derived from `@model` types, the content fragments in the
// database, and the persisted queries by configuration and name (anonymous operations allowed,
// as in AEM), which the engine answers through its one respond path.

import SQLGenAEM
import SQLGenDataConnect
import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

extension EmulatorEngine {
    /// An AEM instance: builds the schema from `schemaSources`, opens the database at
    /// `databasePath`, replaces its fragments with `content` (when given) and persists
    /// `operations` under `configuration`, each named by its file name without extension (the
    /// `name` of each pair). `isAuthor`: the author tier rather than publish.
    public init(aemSchemaSources schemaSources: [Source], operations: [(name: String, source: Source)], configuration: String,
                content: JSONValue?, databasePath: String, isAuthor: Bool = false, readConnections: Int = 2) throws(EmulatorError) {
        let documents = try EmulatorError.parse(schemaSources)
        let expansion = AEMDialect.expand(documents)
        if let error = expansion.errors.first { throw EmulatorError("schema: \(error.message)") }
        let built = SchemaBuilder.build(documents: [expansion.document])
        if let error = built.errors.first { throw EmulatorError("schema: \(error.message)") }
        let instance = AEMInstance(models: AEMDialect.models(in: documents).models, configuration: configuration, isAuthor: isAuthor)
        let fragments = try content.map { content throws(EmulatorError) in try AEMContentReader.fragments(content, models: instance.models) }
        let opened = try Self.open(SQLiteBackend(path: databasePath), readConnections: readConnections) { database in
            let store = try AEMContentStore.create(on: database)
            if let fragments { try store.replaceAll(fragments) }
        }
        let limits = ExecutionLimits()
        var loaded = Loaded(schema: built.schema, sdl: Printer.print(expansion.document), model: StoreModel(model: DataConnectModel(documents: [])),
                            operations: [:], order: [])
        // Queries persisted over HTTP in an earlier run come back; the connector's files win.
        for saved in (try? AEMContentStore(database: opened.writer).savedQueries()) ?? [] {
            let source = Source(saved.query, name: "/\(saved.configuration)/\(saved.name)", id: SourceID(4000))
            if let query = try? instance.persistedQuery(source, configuration: saved.configuration, name: saved.name, schema: built.schema, limits: limits) {
                loaded.add(query)
            }
        }
        for (name, source) in operations {
            loaded.add(try instance.persistedQuery(source, configuration: configuration, name: name, schema: built.schema, limits: limits))
        }
        self.init(dialect: .aem(instance), loaded: loaded, connectorIDs: [configuration], opened: opened, limits: limits, requestTimeout: nil)
    }

    /// An AEM query persisted over HTTP, kept in the database so the next run serves it too.
    func persistQuery(_ instance: AEMInstance, configuration: String, name: String, text: String, cache: AEMCacheHeaders,
                      sourceID: UInt32) throws(EmulatorError) -> CompiledOperation {
        let source = Source(text, name: "/\(configuration)/\(name)", id: SourceID(sourceID))
        let query = try instance.persistedQuery(source, configuration: configuration, name: name, schema: schema, limits: limits, cache: cache)
        try? AEMContentStore(database: database).saveQuery(configuration: configuration, name: name, query: text)
        return query
    }

    /// The number of stored fragments per model type (none when the engine serves Data Connect).
    public func fragmentCounts() -> [(typeName: String, count: Int)] {
        guard case .aem(let instance) = graphQLDialect else { return [] }
        let store = AEMContentStore(database: database)
        return instance.models.map { ($0.typeName, (try? store.count(ofType: $0.typeName)) ?? 0) }
    }
}

extension EmulatorEngine.Loaded {
    /// Serves `operation` under its connector and name, replacing one of the same name.
    mutating func add(_ operation: CompiledOperation) {
        if operations[operation.connector]?[operation.name] == nil { order.append((operation.connector, operation.name)) }
        operations[operation.connector, default: [:]][operation.name] = operation
    }
}
