import SQLGenLanguage
import SQLGenSchema

extension GeneratorPipeline {
    /// The schema a connector's operations are validated against (the first connector's, for a
    /// project): the files `configPath` names, the dialect expanded, secondary schemas merged.
    public static func schema(configPath: String) -> (schema: Schema?, diagnostics: [Diagnostic]) {
        var diagnostics = DiagnosticCollector()
        do {
            guard let (config, project) = try loadConnectors(configPath).first else { return (nil, []) }
            diagnostics.add(config.warnings)
            let files = try schemaFiles(config, project: project, diagnostics: &diagnostics)
            let schema = ConnectorSchemaLoader.load(
                files: files, secondaryFiles: secondaryFiles(config), assumeValid: config.sqlgen.assumeValidSchema,
                backend: config.sqlgen.backend, diagnostics: &diagnostics)
            return (schema?.schema, diagnostics.diagnostics)
        } catch {
            diagnostics.add(error.diagnostics)
            return (nil, diagnostics.diagnostics)
        }
    }

    /// The schema files of a connector: the project's `schema.source` unless the connector names
    /// its own.
    static func schemaFiles(_ config: ConnectorConfig, project: DataConnectProject?, diagnostics: inout DiagnosticCollector) throws(ConfigurationError) -> [String] {
        if config.sqlgen.schemaIsDefault, let project {
            return try project.discoverSchemaFiles()
        }
        let discovered = try config.discoverSchemaFiles()
        diagnostics.add(discovered.warnings)
        return discovered.files
    }

    /// The files of a project's secondary (`httpGraphql`) schemas.
    public static func secondaryFiles(_ config: ConnectorConfig) -> [String] {
        config.sqlgen.secondarySchema.flatMap { ConfigFileWalker.graphQLFiles(under: $0.absolutePath, excluding: []) }.sorted()
    }
}

extension GeneratorPipeline {
    /// One connector's input files, for tools that load them themselves (the emulator).
    public struct ConnectorFiles: Sendable {
        public var config: ConnectorConfig
        public var schemaFiles: [String]
        public var operationFiles: [String]
    }

    /// The input files of every connector `configPath` names (every connector of a project).
    public static func inputFiles(configPath: String) throws(ConfigurationError) -> [ConnectorFiles] {
        var diagnostics = DiagnosticCollector()
        return try loadConnectors(configPath).map { (config, project) throws(ConfigurationError) in
            ConnectorFiles(config: config, schemaFiles: try schemaFiles(config, project: project, diagnostics: &diagnostics),
                           operationFiles: try config.discoverOperationFiles().files)
        }
    }
}

/// The files one connector is generated from.
struct ConnectorInputs {
    var schemaFiles: [String]
    /// A project's secondary (`httpGraphql`) schemas, merged after the dialect's expansion.
    var secondaryFiles: [String]
    var operationFiles: [String]

    /// The connector's files, found with `listings` when given; nil when a path is unusable
    /// (the problem is in `diagnostics`).
    static func discover(_ config: ConnectorConfig, project: DataConnectProject?, listings: DirectoryListings?,
                         diagnostics: inout DiagnosticCollector) -> ConnectorInputs? {
        do {
            let schemaFiles = try GeneratorPipeline.schemaFiles(config, project: project, diagnostics: &diagnostics)
            let discovered = try config.discoverOperationFiles(listings: listings)
            diagnostics.add(discovered.warnings)
            return ConnectorInputs(schemaFiles: schemaFiles, secondaryFiles: GeneratorPipeline.secondaryFiles(config), operationFiles: discovered.files)
        } catch {
            diagnostics.add(error.diagnostics)
            return nil
        }
    }
}
