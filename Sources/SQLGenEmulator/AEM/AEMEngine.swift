// The emulator for AEM schemas: the derived schema, the content fragments in SQLite and the
// persisted queries (by configuration and name, anonymous operations allowed as in AEM).

import SQLGenAEM
import SQLGenLanguage
import SQLGenSchema

/// A persisted query as AEM stores it.
struct AEMPersistedQuery {
    var configuration: String
    var name: String
    var text: String
    var document: Document
    var operation: OperationDefinition
    var source: Source
    /// `cache-control` / `surrogate-control` overrides given when persisting.
    var cacheControl: String?
    var surrogateControl: String?
}

/// The outcome of an AEM request: status and JSON body.
public struct AEMResponse: Sendable {
    public var status: Int
    public var body: JSONValue
    /// Cache headers for successful persisted-query responses.
    public var headers: [(String, String)]

    init(status: Int, body: JSONValue, headers: [(String, String)] = []) {
        self.status = status
        self.body = body
        self.headers = headers
    }
}

/// AEM content fragments and persisted queries served from the emulator's database.
public actor AEMEngine {
    public nonisolated let schema: Schema
    /// The expanded schema as SDL (`endpoint.GQLschema`).
    public nonisolated let schemaSDL: String
    public nonisolated let models: [AEMModel]
    /// The configuration the connector's queries are persisted in (`wknd-shared`).
    public nonisolated let configuration: String
    /// Author tier: every request needs credentials, and responses are cached for less time.
    public nonisolated let isAuthor: Bool
    private let database: any SQLConnection
    private let store: AEMContentStore
    private var queries: [String: [String: AEMPersistedQuery]] = [:]
    private var nextSourceID: UInt32 = 5000

    /// Builds the schema from `schemaSources`, opens the database, replaces its fragments with
    /// `content` (when given) and persists `operationSources` under `configuration`, each named
    /// by its file name without extension (the `name` of each pair).
    public init(schemaSources: [Source], operations: [(name: String, source: Source)], configuration: String, content: JSONValue?,
                databasePath: String, isAuthor: Bool = false) throws(EmulatorError) {
        let documents = try EmulatorError.parse(schemaSources)
        let expansion = AEMDialect.expand(documents)
        if let error = expansion.errors.first { throw EmulatorError("schema: \(error.message)") }
        let built = SchemaBuilder.build(documents: [expansion.document])
        if let error = built.errors.first { throw EmulatorError("schema: \(error.message)") }
        schema = built.schema
        schemaSDL = Printer.print(expansion.document)
        models = AEMDialect.models(in: documents).models
        self.configuration = configuration
        self.isAuthor = isAuthor
        do {
            database = try SQLiteBackend(path: databasePath).openWriter()
            store = try AEMContentStore(database: database)
        } catch {
            throw EmulatorError("database \(databasePath): \(error)")
        }
        if let content {
            let fragments = try AEMContentReader.fragments(content, models: models)
            do {
                try store.replaceAll(fragments)
            } catch {
                throw EmulatorError("database \(databasePath): \(error)")
            }
        }
        // Queries persisted over HTTP in an earlier run come back; the connector's files win.
        for saved in (try? store.savedQueries()) ?? [] {
            if let query = try? Self.compile(configuration: saved.configuration, name: saved.name, text: saved.query, schema: schema, sourceID: 4000) {
                queries[saved.configuration, default: [:]][saved.name] = query
            }
        }
        for (name, source) in operations {
            let query = try Self.compile(configuration: configuration, name: name, source: source, schema: schema)
            queries[configuration, default: [:]][name] = query
        }
    }

    private static func compile(configuration: String, name: String, text: String, schema: Schema, sourceID: UInt32) throws(EmulatorError) -> AEMPersistedQuery {
        try compile(configuration: configuration, name: name, source: Source(text, name: "/\(configuration)/\(name)", id: SourceID(sourceID)), schema: schema)
    }

    private static func compile(configuration: String, name: String, source: Source, schema: Schema) throws(EmulatorError) -> AEMPersistedQuery {
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            throw EmulatorError("\(source.name): \(error.message)")
        }
        if let error = validate(schema: schema, document: document).first {
            let location = error.ranges.first.map { " (\(source.location(at: $0.start)))" } ?? ""
            throw EmulatorError("\(source.name)\(location): \(error.message)")
        }
        let operations = document.definitions.compactMap { definition -> OperationDefinition? in
            if case .operation(let operation) = definition { return operation }
            return nil
        }
        guard operations.count == 1, let operation = operations.first else {
            throw EmulatorError("\(source.name): a persisted query holds exactly one operation, found \(operations.count)")
        }
        return AEMPersistedQuery(configuration: configuration, name: name, text: source.text, document: document, operation: operation, source: source)
    }

    // MARK: Persisted queries

    /// `(configuration, name, text)` of every persisted query, sorted.
    public func persistedQueries() -> [(configuration: String, name: String, text: String)] {
        queries.keys.sorted().flatMap { configuration in
            (queries[configuration] ?? [:]).keys.sorted().compactMap { name in
                queries[configuration]?[name].map { ($0.configuration, $0.name, $0.text) }
            }
        }
    }

    /// Whether a query of that name exists.
    public func hasQuery(configuration: String, name: String) -> Bool { queries[configuration]?[name] != nil }

    /// Stores (or replaces) a persisted query; the text must validate.
    public func persist(configuration: String, name: String, text: String, cacheControl: String? = nil, surrogateControl: String? = nil) throws(EmulatorError) {
        nextSourceID += 1
        var query = try Self.compile(configuration: configuration, name: name, text: text, schema: schema, sourceID: nextSourceID)
        query.cacheControl = cacheControl
        query.surrogateControl = surrogateControl
        queries[configuration, default: [:]][name] = query
        try? store.saveQuery(configuration: configuration, name: name, query: text)
    }

    /// Runs a persisted query with variables from the URL's `;name=value` pairs.
    public func execute(configuration: String, name: String, pathVariables: [(String, String)], origin: String) -> AEMResponse {
        guard let query = queries[configuration]?[name] else { return Self.notFound(configuration: configuration, name: name) }
        var types: [String: TypeReference] = [:]
        for definition in query.operation.variableDefinitions { types[definition.variable.name.value] = definition.type }
        var members: [JSONMember] = []
        // Undeclared variables are ignored, as AEM does.
        for (key, raw) in pathVariables where types[key] != nil {
            members.append(JSONMember(key, EmulatorEngine.pathValue(raw, type: types[key], schema: schema)))
        }
        return run(query, variables: .object(members), origin: origin)
    }

    /// Runs a persisted query with JSON variables (`POST execute.json`).
    public func execute(configuration: String, name: String, variables: JSONValue, origin: String) -> AEMResponse {
        guard let query = queries[configuration]?[name] else { return Self.notFound(configuration: configuration, name: name) }
        return run(query, variables: variables, origin: origin)
    }

    private func run(_ query: AEMPersistedQuery, variables: JSONValue, origin: String) -> AEMResponse {
        let executor = AEMExecutor(schema: schema, models: models, store: store, document: query.document, operation: query.operation, source: query.source, origin: origin)
        let result = executor.execute(variableValues: variables)
        let maxAge = isAuthor ? 60 : 7200
        return AEMResponse(status: 200, body: Self.body(result), headers: [
            ("Cache-Control", query.cacheControl ?? "max-age=60"),
            ("Surrogate-Control", query.surrogateControl ?? "max-age=\(maxAge),stale-while-revalidate=86400,stale-if-error=86400"),
        ])
    }

    /// Runs an ad-hoc query (`POST .../endpoint.json`).
    public func executeDocument(_ text: String, operationName: String?, variables: JSONValue, origin: String) -> AEMResponse {
        nextSourceID += 1
        let source = Source(text, name: "GraphQL request", id: SourceID(nextSourceID))
        let document: Document
        do {
            document = try Parser.parse(source)
        } catch {
            return AEMResponse(status: 200, body: Self.body(ExecutionResult(data: nil, errors: [AEMErrorWording.syntaxError(error, source: source)])))
        }
        let errors = validate(schema: schema, document: document)
        if !errors.isEmpty {
            let worded = errors.map { AEMErrorWording.validationError($0, document: document, source: source) }
            return AEMResponse(status: 200, body: Self.body(ExecutionResult(data: nil, errors: worded)))
        }
        let operations = document.definitions.compactMap { definition -> OperationDefinition? in
            if case .operation(let operation) = definition { return operation }
            return nil
        }
        let chosen = operationName.map { name in operations.first { $0.name?.value == name } } ?? (operations.count == 1 ? operations.first : nil)
        guard let operation = chosen else {
            return AEMResponse(status: 200, body: Self.errorBody(operationName.map { "Unknown operation named '\($0)'." } ?? "Must provide operation name if query contains multiple operations.", locations: [], classification: "ValidationError"))
        }
        let executor = AEMExecutor(schema: schema, models: models, store: store, document: document, operation: operation, source: source, origin: origin)
        return AEMResponse(status: 200, body: Self.body(executor.execute(variableValues: variables)))
    }

    /// The number of stored fragments per model type.
    public func fragmentCounts() -> [(typeName: String, count: Int)] {
        models.map { ($0.typeName, ((try? store.fragments(ofType: $0.typeName)) ?? []).count) }
    }

    // MARK: Response shapes

    /// graphql-java's shape: `extensions.classification` rather than `extensions.code`.
    static func body(_ result: ExecutionResult) -> JSONValue {
        var members: [JSONMember] = []
        if !result.errors.isEmpty {
            members.append(JSONMember("errors", .array(result.errors.map { error in
                var fields = [JSONMember("message", .string(error.message))]
                if !error.locations.isEmpty {
                    fields.append(JSONMember("locations", .array(error.locations.map {
                        .object([JSONMember("line", .int(Int64($0.line))), JSONMember("column", .int(Int64($0.column)))])
                    })))
                }
                if !error.path.isEmpty { fields.append(JSONMember("path", .array(error.path))) }
                fields.append(JSONMember("extensions", .object([JSONMember("classification", .string(error.code))])))
                return .object(fields)
            })))
        }
        if let data = result.data { members.append(JSONMember("data", data)) }
        return .object(members)
    }

    static func errorBody(_ message: String, locations: [SourceLocation], classification: String) -> JSONValue {
        body(ExecutionResult(data: nil, errors: [ResponseError(message: message, locations: locations, code: classification)]))
    }

    /// AEM's servlet-level error object.
    static func servletError(_ type: String, message: String, details: String) -> JSONValue {
        .object([JSONMember("errors", .array([.object([
            JSONMember("errorType", .string(type)), JSONMember("message", .string(message)), JSONMember("details", .string(details)),
        ])]))])
    }

    static func notFound(configuration: String, name: String) -> AEMResponse {
        AEMResponse(status: 404, body: servletError("PersistenceError", message: "Could not find Persisted Query",
                                                    details: "Configuration: '\(configuration)' and Query Name: '\(name)' does not resolve to an existing Persistent Query"))
    }
}
