import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenEmulator
import SQLGenHTTP
import SQLGenLanguage

/// `sqlgen emulator` for `backend: aem` connectors: content fragments from `--content` (or
/// `sqlgen.aem.content`) in SQLite, the connector's queries persisted under its configuration by
/// file name, served with AEM's protocol; `--author` requires credentials on every request.
extension EmulatorCommand {
    static func runAEM(_ parsed: CommandArguments, config: ConnectorConfig, schema: [Source], operations: [Source],
                       settings: ServerSettings, databasePath: String, started: Date) -> Int32 {
        let host = settings.configuration.host
        let port = settings.configuration.port
        let configuration = config.sqlgen.aem?.configuration ?? config.connectorId
        var content: JSONValue?
        let contentPath = parsed.value("--content")
            ?? config.sqlgen.aem?.content.map { ($0 as NSString).isAbsolutePath ? $0 : (config.directory as NSString).appendingPathComponent($0) }
        if let contentPath {
            guard let data = FileManager.default.contents(atPath: contentPath) else {
                Output.error("cannot read the content file \(contentPath)")
                return 1
            }
            do {
                content = try JSONParser.parse([UInt8](data))
            } catch {
                Output.error("\(contentPath): \(error)")
                return 1
            }
        }
        let named = operations.map { (name: AEMSettings.persistedQueryName(forOperationFile: $0.name), source: $0) }
        let engine: AEMEngine
        do {
            engine = try AEMEngine(schemaSources: schema, operations: named, configuration: configuration, content: content,
                                   databasePath: databasePath, isAuthor: parsed.has("--author"))
        } catch {
            Output.error(error.message)
            return 1
        }
        let server = AEMServer(engine: engine, configuration: settings.configuration, assetsDirectory: parsed.value("--assets"),
                               access: settings.access)
        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            Output.error("cannot listen on \(host):\(port): \(error)")
            return 1
        }
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        let counts = blocking { await engine.fragmentCounts() }
        let queries = blocking { await engine.persistedQueries() }
        say("sqlgen emulator (AEM \(parsed.has("--author") ? "author, Basic or Bearer auth required" : "publish")) listening on http://\(host):\(boundPort) (started in \(milliseconds) ms)")
        say("database: \(databasePath); content: \(contentPath ?? "none loaded (fragments from an earlier run)")")
        say("assets: " + (parsed.value("--assets").map { "files under \($0), placeholders for the rest" } ?? "placeholder images"))
        say("content fragments: " + counts.map { "\($0.count) \($0.typeName)" }.joined(separator: ", "))
        say("serving \(queries.count) persisted quer\(queries.count == 1 ? "y" : "ies"):")
        for query in queries {
            say("  GET /graphql/execute.json/\(query.configuration)/\(query.name)")
        }
        waitForTermination()
        say("stopping: finishing in-flight requests")
        blocking { await server.stop() }
        say("stopped")
        return 0
    }
}
