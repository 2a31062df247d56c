import SQLGenDialects
import SQLGenLanguage
import SQLGenSchema

/// One connector loaded the way `generate` and `validate` load it, for a tool that keeps it open
/// and validates its operations itself (the language server): its files, its schema in its
/// dialect, and the problems found on the way. Files are read with the tool's `read`, so an
/// editor's unsaved text counts.
public struct LoadedConnector: Sendable {
    public let config: ConnectorConfig
    public let project: DataConnectProject?
    public let schemaFiles: [String]
    public let operationFiles: [String]
    /// Nil when the schema could not be built (`diagnostics` say why).
    public let schema: Schema?
    public let dialect: Dialect
    /// Config, project and discovery warnings and schema problems, as `validate` reports them.
    public let diagnostics: [Diagnostic]
    /// The schema files as read, each with the `SourceID` its definitions' ranges carry.
    public let schemaSources: [Source]
    /// The tables' keys, for the names of the key structs.
    let tableKeys: TableKeys?

    /// The rules the connector's operations are validated with.
    public var operationRules: [ValidationRule] { dialect.operationRules }

    /// Names the generated package would declare twice (an operation's class and a schema type,
    /// a schema type and a key struct or the connector's class), as `generate` reports them.
    public func nameClashes(in documents: [Document]) -> [GraphQLError] {
        guard let schema, let tableKeys else { return [] }
        return TopLevelNameClashes.find(in: documents, schema: schema, tableKeys: tableKeys, connectorClass: SwiftNaming.connectorTypeName(config.connectorId))
    }

    /// Whether each operation file is one persisted query named after the file (AEM).
    public var namesOperationsAfterFiles: Bool { config.sqlgen.aem != nil }

    /// Every connector `configPath` names, each with its files and schema; the diagnostics of a
    /// configuration that could not be read at all otherwise.
    public static func load(configPath: String, read: (String) -> [UInt8]?) -> (connectors: [LoadedConnector], diagnostics: [Diagnostic]) {
        do {
            let connectors = try GeneratorPipeline.loadConnectors(configPath)
            return (connectors.map { load($0.config, project: $0.project, read: read) }, [])
        } catch {
            return ([], error.diagnostics)
        }
    }

    private static func load(_ config: ConnectorConfig, project: DataConnectProject?, read: (String) -> [UInt8]?) -> LoadedConnector {
        var diagnostics = DiagnosticCollector()
        diagnostics.add(config.warnings)
        if let project { diagnostics.add(project.warnings) }
        let inputs = ConnectorInputs.discover(config, project: project, listings: nil, diagnostics: &diagnostics)
        let loaded = inputs.flatMap {
            ConnectorSchemaLoader.load(files: $0.schemaFiles, secondaryFiles: $0.secondaryFiles, assumeValid: config.sqlgen.assumeValidSchema,
                                       backend: config.sqlgen.backend, read: read, diagnostics: &diagnostics)
        }
        return LoadedConnector(
            config: config, project: project, schemaFiles: (inputs?.schemaFiles ?? []) + (inputs?.secondaryFiles ?? []),
            operationFiles: inputs?.operationFiles ?? [], schema: loaded?.schema, dialect: loaded?.dialect ?? .graphQL,
            diagnostics: diagnostics.diagnostics, schemaSources: diagnostics.sources,
            tableKeys: loaded.map { TableKeys(schema: $0.schema, model: $0.tables) })
    }

    /// An AEM operation file's document with its operation named after the file, as `generate`
    /// names it, and the errors of a file holding more than one operation.
    public static func namedAfterFile(_ document: Document, path: String) -> (document: Document, errors: [GraphQLError]) {
        var errors: [GraphQLError] = []
        var persistedNames: [String: String] = [:]
        let named = OperationLoader.nameAfterFile(document, path: path, errors: &errors, persistedNames: &persistedNames)
        return (named, errors)
    }
}
