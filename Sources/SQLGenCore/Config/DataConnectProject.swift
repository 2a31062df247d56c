import Foundation
import SQLGenLanguage
import SQLGenYAML

/// A Firebase Data Connect project: a folder with a `dataconnect.yaml` naming the schema folder
/// (`schema.source`, default `./schema`) and the connector folders (`connectorDirs`), each with
/// its `connector.yaml`. Existing Data Connect projects work unchanged.
///
/// ```yaml
/// specVersion: "v1"
/// serviceId: "dataconnect"
/// location: "us-central1"
/// schema:
///   source: "./schema"
///   datasource: {postgresql: {database: "fdcdb"}}    # accepted and ignored
/// connectorDirs: ["./movie-connector"]
/// ```
public struct DataConnectProject: Sendable, Hashable {
    /// Absolute path of `dataconnect.yaml`.
    public var path: String
    /// Absolute path of its folder.
    public var directory: String
    /// `specVersion`, `serviceId`, `location`: passed to the generated client's connector config.
    public var specVersion: String?
    public var serviceId: String?
    public var location: String?
    /// `schema.source` (default `./schema`), or the `schemas[].source` of newer projects whose
    /// datasource is PostgreSQL: the schema the Data Connect dialect expands.
    public var schemaSources: [ConfiguredPath]
    /// The `schemas[].source` whose datasource is `httpGraphql` (a secondary schema served by a
    /// GraphQL server of the user's): plain SDL merged into the expanded schema, its `Query`
    /// and `Mutation` fields added to the derived ones.
    public var secondarySchemaSources: [ConfiguredPath] = []
    /// Every connector of `connectorDirs`, in that order. A connector that does not set
    /// `sqlgen.schema` uses `schemaSources`.
    public var connectors: [ConnectorConfig]
    /// Warnings of `dataconnect.yaml` and of every connector.
    public var warnings: [Diagnostic]

    /// The `dataconnect.yaml` in `directory`, if there is one.
    public static func find(in directory: String) -> String? {
        let candidate = ConfigPaths.resolve("dataconnect.yaml", relativeTo: ConfigPaths.absolute(directory))
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// Reads `dataconnect.yaml` at `path` (or in the folder `path`) and every connector it lists.
    /// Throws every error found in any of the files.
    public static func load(path: String) throws(ConfigurationError) -> DataConnectProject {
        let (file, bytes) = try ConfigReader.readFile(path, defaultName: "dataconnect.yaml")
        var reader = ConfigReader(file: file, bytes: bytes)
        let absolutePath = ConfigPaths.absolute(file)
        let directory = ConfigPaths.parent(of: absolutePath)
        let project = read(&reader, path: absolutePath, directory: directory, shownPath: file)
        guard let project, !reader.hasErrors else {
            throw ConfigurationError(diagnostics: reader.diagnostics)
        }
        return project
    }

    private static func read(_ reader: inout ConfigReader, path: String, directory: String, shownPath: String) -> DataConnectProject? {
        guard let root = reader.parseYAML() else { return nil }
        guard let pairs = root.pairs else {
            reader.error("dataconnect.yaml must be a mapping of keys to values, found \(root.summary)", at: root)
            return nil
        }
        reader.checkKeys(pairs, in: "dataconnect.yaml", known: ["specVersion", "serviceId", "location", "schema", "schemas", "connectorDirs"])
        var project = DataConnectProject(
            path: path, directory: directory, specVersion: nil, serviceId: nil, location: nil,
            schemaSources: [ConfiguredPath(text: "./schema", absolutePath: ConfigPaths.resolve("schema", relativeTo: directory))],
            connectors: [], warnings: [])
        if let value = root["specVersion"] { project.specVersion = reader.string(value, "specVersion") }
        if let value = root["serviceId"] { project.serviceId = reader.nonEmptyString(value, "serviceId") }
        if let value = root["location"] { project.location = reader.nonEmptyString(value, "location") }

        readSchemas(root, into: &project, reader: &reader, directory: directory)
        guard let dirs = root["connectorDirs"] else {
            reader.error("missing required key 'connectorDirs' (the connector folders, such as [\"./movie-connector\"])", at: root)
            return nil
        }
        guard let entries = reader.stringList(dirs, "connectorDirs") else { return nil }
        for (text, node) in entries {
            if let connector = readConnector(text, node: node, of: project, reader: &reader, shownPath: shownPath) { project.connectors.append(connector) }
        }
        project.warnings = reader.diagnostics
        return project
    }

    /// `schema.source`, or the `schemas` list (where `httpGraphql` data sources are secondary schemas).
    private static func readSchemas(_ root: YAMLNode, into project: inout DataConnectProject, reader: inout ConfigReader, directory: String) {
        if let schema = root["schema"], let schemaPairs = reader.mapping(schema, "schema") {
            reader.checkKeys(schemaPairs, in: "'schema'", known: ["source", "datasource"], ignored: ["id"])
            if let source = schema["source"], let text = reader.nonEmptyString(source, "source") {
                project.schemaSources = [reader.configuredPath(text, node: source, directory: directory)]
            }
        }
        guard let schemas = root["schemas"] else { return }
        guard let items = schemas.items else {
            reader.error("'schemas' must be a list of mappings with 'id' and 'source', found \(schemas.summary)", at: schemas)
            return
        }
        var sources: [ConfiguredPath] = []
        for item in items {
            guard let itemPairs = reader.mapping(item, "schemas[]") else { continue }
            reader.checkKeys(itemPairs, in: "'schemas' entry", known: ["id", "source", "datasource"])
            guard let source = item["source"], let text = reader.nonEmptyString(source, "source") else { continue }
            let path = reader.configuredPath(text, node: source, directory: directory)
            if item["datasource"]?["httpGraphql"] != nil {
                project.secondarySchemaSources.append(path)
            } else {
                sources.append(path)
            }
        }
        if !sources.isEmpty { project.schemaSources = sources }
    }

    /// The connector in the folder `text` of `connectorDirs`, with the project's schema unless it names its own.
    private static func readConnector(_ text: String, node: YAMLNode, of project: DataConnectProject, reader: inout ConfigReader,
                                      shownPath: String) -> ConnectorConfig? {
        let connectorDirectory = ConfigPaths.resolve(text, relativeTo: project.directory)
        let connectorFile = connectorDirectory + "/connector.yaml"
        guard FileManager.default.fileExists(atPath: connectorFile) else {
            reader.error("no connector.yaml in connector folder '\(text)'", at: node)
            return nil
        }
        // Shown relative to where the user pointed us, like the project file itself.
        let shownDirectory = (shownPath as NSString).deletingLastPathComponent
        let shownConnector = ((shownDirectory as NSString).appendingPathComponent(text) as NSString).appendingPathComponent("connector.yaml")
        do {
            let file = try ConfigReader.readFile(connectorFile, defaultName: "connector.yaml")
            var connector = try ConnectorConfig.parse(bytes: file.bytes, path: standardize(shownConnector, fallback: connectorFile))
            if connector.sqlgen.schemaIsDefault {
                connector.sqlgen.schema = project.schemaSources
                connector.sqlgen.secondarySchema = project.secondarySchemaSources
            }
            reader.append(connector.warnings)
            return connector
        } catch {
            reader.append(error.diagnostics)
            return nil
        }
    }

    /// A display path without `./` noise; falls back to the absolute path.
    private static func standardize(_ shown: String, fallback: String) -> String {
        let cleaned = (shown as NSString).standardizingPath
        return cleaned.isEmpty ? fallback : cleaned
    }
}
