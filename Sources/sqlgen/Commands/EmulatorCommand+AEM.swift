import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage

/// `sqlgen emulator` for `backend: aem` connectors: content fragments from `--content` (or
/// `sqlgen.aem.content`) in SQLite, the connector's queries persisted under its configuration by
/// file name, served with AEM's protocol; `--author` requires credentials on every request.
extension EmulatorCommand {
    static func runAEM(_ options: Options, inputs: Inputs) -> Int32 {
        let parsed = options.parsed
        let config = inputs.config
        let contentPath = parsed.value("--content")
            ?? config.sqlgen.aem?.content.map { ($0 as NSString).isAbsolutePath ? $0 : (config.directory as NSString).appendingPathComponent($0) }
        let content: JSONValue?
        switch readContent(contentPath) {
        case .success(let read): content = read
        case .failure(let error):
            Output.error(error.message)
            return 1
        }
        let named = inputs.connectors.flatMap(\.operationSources).map { (name: AEMSettings.persistedQueryName(forOperationFile: $0.name), source: $0) }
        let engine: EmulatorEngine
        do {
            engine = try EmulatorEngine(aemSchemaSources: inputs.schema, operations: named, configuration: config.sqlgen.aem?.configuration ?? config.connectorId,
                                        content: content, databasePath: options.databasePath, isAuthor: parsed.has("--author"))
        } catch {
            Output.error(error.message)
            return 1
        }
        let server = EmulatorServer(engine: engine, configuration: options.settings.configuration, persistedOnly: parsed.has("--persisted-only"),
                                    access: options.settings.access, assetsDirectory: parsed.value("--assets"))
        let counts = blocking { await engine.fragmentCounts() }
        let queries = blocking { await engine.operationList() }.sorted { ($0.connector, $0.name) < ($1.connector, $1.name) }
        let served = serve(server, options) { port in
            ["sqlgen emulator (AEM \(parsed.has("--author") ? "author, Basic or Bearer auth required" : "publish")) " + listening(options, port: port),
             "database: \(options.databasePath); content: \(contentPath ?? "none loaded (fragments from an earlier run)")",
             "assets: " + (parsed.value("--assets").map { "files under \($0), placeholders for the rest" } ?? "placeholder images"),
             "content fragments: " + counts.map { "\($0.count) \($0.typeName)" }.joined(separator: ", "),
             "serving \(queries.count) persisted quer\(queries.count == 1 ? "y" : "ies"):"]
                + queries.map { "  GET /graphql/execute.json/\($0.connector)/\($0.name)" }
        }
        guard served else { return 1 }
        say("stopped")
        return 0
    }

    /// The content file's JSON (AEM's export format), nil without one.
    private static func readContent(_ path: String?) -> Result<JSONValue?, EmulatorError> {
        guard let path else { return .success(nil) }
        guard let bytes = FileBytes.read(path) else { return .failure(EmulatorError("cannot read the content file \(path)")) }
        do {
            return .success(try JSONParser.parse(bytes))
        } catch {
            return .failure(EmulatorError("\(path): \(error)"))
        }
    }
}
