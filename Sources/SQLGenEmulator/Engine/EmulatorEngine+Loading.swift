import SQLGenLanguage
import SQLGenDataConnect
import SQLGenSchema

// Reading the schema and the connectors' operation files into what the engine serves.
extension EmulatorEngine {
    struct Loaded {
        var schema: Schema
        var sdl: String
        var model: StoreModel
        var operations: [String: [String: CompiledOperation]]
        var order: [(String, String)]
    }

    static func build(schemaSources: [Source], secondarySchemaSources: [Source], connectors: [HostedConnector],
                      limits: ExecutionLimits) throws(EmulatorError) -> Loaded {
        let documents = try EmulatorError.parse(schemaSources)
        let (expansion, tables) = DataConnectDialect.expandResolvingModel(documents)
        if let error = expansion.errors.first { throw EmulatorError("schema: \(error.message)") }
        let secondary = try EmulatorError.parse(secondarySchemaSources).map(DataConnectDialect.secondarySchema)
        let built = SchemaBuilder.build(documents: [expansion.document] + secondary)
        if let error = built.errors.first { throw EmulatorError("schema: \(error.message)") }
        let model = StoreModel(model: tables)
        var hosted: [String: [String: CompiledOperation]] = [:]
        var order: [(String, String)] = []
        for connector in connectors {
            for operation in try Self.load(connector.operationSources, connector: connector.id, schema: built.schema, model: model, limits: limits) {
                if hosted[connector.id]?[operation.name] != nil { throw EmulatorError("\(operation.source.name): operation \"\(operation.name)\" is defined twice.") }
                hosted[connector.id, default: [:]][operation.name] = operation
                order.append((connector.id, operation.name))
            }
        }
        if let error = ExpressionSyntax.firstError(in: model) { throw EmulatorError("schema: \(error)") }
        return Loaded(schema: built.schema, sdl: Printer.print(expansion.document), model: model, operations: hosted, order: order)
    }

    /// A connector's operation files, parsed and validated together as Data Connect reads them:
    /// a fragment may be defined in one file and spread in another.
    static func load(_ sources: [Source], connector: String, schema: Schema, model: StoreModel,
                     limits: ExecutionLimits) throws(EmulatorError) -> [CompiledOperation] {
        var definitions: [Definition] = []
        for source in sources {
            let parsed: Document
            do {
                parsed = try Parser.parse(source, options: EmulatorError.fileOptions)
            } catch {
                throw EmulatorError("\(source.name): \(error.message)")
            }
            if let error = ExpressionSyntax.firstError(in: parsed) { throw located(error, sources) }
            definitions += parsed.definitions
        }
        let document = Document(definitions: definitions)
        if let error = validate(schema: schema, document: document, rules: DataConnectDialect.operationRules).first { throw located(error, sources) }
        var result: [CompiledOperation] = []
        let fragments = document.fragmentsByName
        for case .operation(let operation) in document.definitions {
            guard let name = operation.name?.value, let source = sources.first(where: { $0.id == operation.range.source }) ?? sources.first else { continue }
            result.append(.hosted(operation, named: name, connector: connector, in: document, fragments: fragments, source: source,
                                  text: printed(document, operation: operation), schema: schema, model: model, limits: limits))
        }
        return result
    }

    /// `file (line:column): message` for an error in one of `sources`.
    private static func located(_ error: GraphQLError, _ sources: [Source]) -> EmulatorError {
        guard let range = error.ranges.first, let source = sources.first(where: { $0.id == range.source }) else {
            let file = sources.first { $0.id == error.source }?.name ?? sources.first?.name
            return EmulatorError("\(file ?? "operations"): \(error.message)")
        }
        return EmulatorError("\(source.name) (\(source.location(at: range.start))): \(error.message)")
    }

    private static func printed(_ document: Document, operation: OperationDefinition) -> String {
        Printer.print(Document(definitions: document.definitions.filter {
            if case .operation(let other) = $0 { return other.name?.value == operation.name?.value }
            return true
        }))
    }
}
