import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenEmulator
import SQLGenHTTP
import SQLGenLanguage

/// `sqlgen emulator`: serves the connector's operations over HTTP from a local SQLite database or PostgreSQL.
enum EmulatorCommand: Command {
    static let name = "emulator"
    static let summary = "Run a local GraphQL server over SQLite that hosts the connector's operations"
    static let usage = """
    USAGE: sqlgen emulator [--config PATH] [--host 127.0.0.1] [--port 9399] [--data-dir .sqlgen]
                           [--database URL] [--reset] [--seed FILE ...] [--import FILE] [--export FILE] [--persisted-only]
                           [--allow-host NAME ...] [--allow-origin URL ...] [--request-timeout 5s]
                           [--content FILE] [--assets DIR] [--author]

    Loads the connector's (or the Data Connect project's) schema and operations, creates or migrates the
    tables in <data-dir>/emulator.sqlite (or the --database PostgreSQL), runs the seed files, and serves:
      GET  /graphql/execute.json/<connector>/<operation>;var=value...   queries (ETag, If-None-Match)
      POST /graphql/execute.json/<connector>/<operation>  {"variables": {...}}
      POST /graphql, GET /graphql?query=   ad-hoc operations (admin rights; off with --persisted-only)
      GET  /graphql/list.json, PUT /graphql/persist.json/<connector>/<name>, GET /schema.graphql, GET /healthz
    While it runs, changes to connector.yaml, schema or operation files reload the operations and
    add new tables and columns; a change that would lose data is refused unless --reset was given.
    Point an app at it with `connector.useEmulator()` (SQLConnect's EmulatorTransport).

    AUTH: the caller comes from "Authorization: Bearer <token>" (or X-Firebase-Auth-Token). A
    token header.payload.signature whose payload is base64url JSON (an unsigned JWT, as the Firebase
    Auth emulator issues; signatures are not checked) gives auth.uid from "sub" (or "user_id") and
    auth.token from the whole payload; any other token is the uid of a non-anonymous user without
    email_verified. PUBLIC is open; USER_ANON needs a token, USER one not from anonymous sign-in,
    USER_EMAIL_VERIFIED one with "email_verified": true. NO_ACCESS and operations without @auth
    run only from seed files and /graphql.

    OPTIONS:
      --config PATH       connector.yaml, dataconnect.yaml (every connector of the project, over
                          one database) or a folder holding one (default: ./connector.yaml, else
                          ./dataconnect.yaml)
      --host HOST         Address to listen on (default 127.0.0.1)
      --port PORT         Port (default 9399; 0 picks a free one)
      --data-dir DIR      Folder of emulator.sqlite (default .sqlgen)
      --database URL      Keep the data in PostgreSQL instead, as Data Connect does: a libpq URI
                          (postgresql://user:password@host:5432/dbname; default $SQLGEN_DATABASE_URL).
                          Several emulators may share one database
      --reset             Start with an empty database (on PostgreSQL: the schema's tables dropped)
      --seed FILE         A file of mutations to run at start (repeatable)
      --import FILE       Load rows from a JSON export at start (after --reset, before seeds)
      --export FILE       Write every row as JSON when stopping:
                          {"version": 1, "tables": {"Movie": [{"id": "...", ...}]}}
      --persisted-only    Refuse ad-hoc operations and persist.json
      --allow-host NAME   Also answer requests whose Host is NAME (repeatable; .example.com allows
                          a domain and its subdomains); localhost and the bound address always work
      --allow-origin URL  Let web pages at URL (http://localhost:5173) send any request, with CORS
                          answers and preflights (repeatable)
      --request-timeout D Time limit of one request's SQL and execution (default 5s; 0: none)
      -h, --help          Show this help

    SECURITY: it listens on 127.0.0.1 unless --host says otherwise. Requests whose Host is not
    localhost, a loopback or bound address or an --allow-host name get 403 (DNS rebinding).
    Requests that change data or run ad-hoc operations (any POST or PUT, GET /graphql?query=)
    from a web page of another origin than an --allow-origin one get 403; POST and PUT bodies
    must be Content-Type: application/json (415 otherwise), so a page cannot send them without
    a CORS preflight. Clients without Origin (curl, apps, SQLConnect) are not affected.
    Limits: --request-timeout per request (504 DEADLINE_EXCEEDED), 8 MiB bodies, 10 s to send a
    request (408), 512 connections (beyond: the longest-waiting idle or slow one is closed, or
    503 with Retry-After when all are busy). A client that disconnects cancels its request's
    work; SIGTERM answers requests in flight within half a second and stops in under a second.

    AEM CONNECTORS (backend: aem): stores the content fragments of --content (or sqlgen.aem.content)
    in <data-dir>/emulator.sqlite and serves AEM's protocol: GET /graphql/execute.json/<configuration>/<query>,
    PUT/POST /graphql/persist.json/..., GET /graphql/list.json, POST /content/_cq_graphql/<conf>/endpoint.json,
    and placeholder images under /content/dam/ and /adobe/dynamicmedia/deliver/. The connector's queries
    are persisted by file name (adventures-all.graphql → wknd-shared/adventures-all).
      --content FILE      Content fragments as AEM-style JSON: [{"_path": ..., "model": ..., <elements>}]
      --assets DIR        Serve /content/dam/<path> from DIR/<path> when the file exists
                          (real bytes); placeholders of the right type otherwise
      --author            Author tier: every request needs Basic or Bearer auth (401, empty body)

    EXIT STATUS:
      0 stopped by SIGINT or SIGTERM; 1 schema, operation, seed or database errors; 2 bad arguments
    """

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(arguments, flags: ["--reset", "--persisted-only", "--author"],
                                          options: Set(["--config", "--host", "--port", "--data-dir", "--database", "--seed", "--import", "--export", "--content", "--assets"])
                                            .union(securityOptions))
        } catch {
            return usageError(error.message)
        }
        if !parsed.operands.isEmpty { return usageError("unexpected argument '\(parsed.operands[0])'") }
        let host = parsed.value("--host") ?? "127.0.0.1"
        guard let port = Int(parsed.value("--port") ?? "9399"), (0...65535).contains(port) else { return usageError("--port must be a number from 0 to 65535") }
        let settings: ServerSettings
        switch serverSettings(parsed, host: host, port: port) {
        case .success(let value): settings = value
        case .failure(let error): return usageError(error.message)
        }
        let started = Date()

        let configPath = parsed.value("--config") ?? GenerateCommand.defaultConfigPath()
        let inputs: Inputs
        do {
            inputs = try readInputs(configPath: configPath)
        } catch let error as ConfigurationError {
            Output.diagnostics(error.diagnostics)
            return 1
        } catch {
            Output.error("\(error)")
            return 1
        }
        let config = inputs.config
        let dataDirectory = parsed.value("--data-dir") ?? ".sqlgen"
        let databasePath = (dataDirectory as NSString).appendingPathComponent("emulator.sqlite")
        do {
            try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
            if parsed.has("--reset") {
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: databasePath + suffix) {
                    try FileManager.default.removeItem(atPath: databasePath + suffix)
                }
            }
        } catch {
            Output.error("cannot prepare \(dataDirectory): \(error.localizedDescription)")
            return 1
        }

        // AEM hook: an AEM connector gets the AEM engine and server (EmulatorCommand+AEM.swift).
        if config.sqlgen.backend == .aem {
            if parsed.value("--request-timeout") != nil || parsed.value("--database") != nil {
                return usageError("--request-timeout and --database apply to Data Connect connectors (AEM keeps its content in <data-dir>)")
            }
            return runAEM(parsed, config: config, schema: inputs.schema, operations: inputs.connectors.flatMap(\.operationSources),
                          settings: settings, databasePath: databasePath, started: started)
        }
        if parsed.value("--content") != nil || parsed.value("--assets") != nil || parsed.has("--author") {
            return usageError("--content, --assets and --author apply to AEM connectors (sqlgen.backend: aem)")
        }
        // End of the AEM hook.

        let database = Self.database(parsed, databasePath: databasePath)
        let engine: EmulatorEngine
        do {
            engine = try openEngine(inputs, database: database, reset: parsed.has("--reset"), settings: settings)
        } catch {
            Output.error("\(error)")
            return 1
        }
        if let importPath = parsed.value("--import") {
            guard let data = FileManager.default.contents(atPath: importPath) else {
                Output.error("cannot read \(importPath)")
                return 1
            }
            let imported = blocking { () async -> Result<Int, EmulatorError> in
                do throws(EmulatorError) {
                    return .success(try await engine.importData(try Self.parseJSON([UInt8](data), path: importPath)))
                } catch {
                    return .failure(error)
                }
            }
            switch imported {
            case .success(let count): say("imported \(count) row\(count == 1 ? "" : "s") from \(importPath)")
            case .failure(let error):
                Output.error(error.message)
                return 1
            }
        }
        var seeds: [(String, String)] = []
        for path in parsed.values("--seed") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                Output.error("cannot read seed file \(path)")
                return 1
            }
            seeds.append((path, text))
        }
        let seedFiles = seeds
        let seedResult = blocking { () async -> String? in
            for (path, text) in seedFiles {
                do throws(EmulatorError) {
                    let count = try await engine.runSeed(text, name: path)
                    say("seeded \(path) (\(count) operation\(count == 1 ? "" : "s"))")
                } catch {
                    return error.message
                }
            }
            return nil
        }
        if let seedError = seedResult {
            Output.error(seedError)
            return 1
        }

        let server = EmulatorServer(engine: engine, configuration: settings.configuration, persistedOnly: parsed.has("--persisted-only"),
                                    access: settings.access)
        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            Output.error("cannot listen on \(host):\(port): \(error)")
            return 1
        }
        let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
        let operations = blocking { await engine.operationList() }
        say("sqlgen emulator listening on http://\(host):\(boundPort) (started in \(milliseconds) ms)")
        say("database: \(database.location)\(parsed.has("--persisted-only") ? "; persisted operations only" : "")")
        say("serving \(operations.count) operation\(operations.count == 1 ? "" : "s"):")
        for operation in operations {
            say("  \(operation.kind) \(operation.connector)/\(operation.name)  [\(operation.access.rawValue)]")
        }

        watchInputs(configPath: configPath, engine: engine, allowReset: parsed.has("--reset"), fingerprint: inputs.fingerprint)
        waitForTermination()
        say("stopping: finishing in-flight requests")
        blocking {
            await server.stop()
            await engine.checkpoint()
        }
        if let exportPath = parsed.value("--export") {
            let exported = blocking { () async -> Result<JSONValue, EmulatorError> in
                do throws(EmulatorError) {
                    return .success(try await engine.exportData())
                } catch {
                    return .failure(error)
                }
            }
            switch exported {
            case .success(let json):
                guard FileManager.default.createFile(atPath: exportPath, contents: Data(json.serialized())) else {
                    Output.error("cannot write \(exportPath)")
                    return 1
                }
                say("exported the data to \(exportPath)")
            case .failure(let error):
                Output.error(error.message)
                return 1
            }
        }
        say("stopped")
        return 0
    }

    private static func readSources(_ paths: [String], firstID: UInt32) throws -> [Source] {
        try paths.enumerated().map { offset, path in
            Source(try String(contentsOfFile: path, encoding: .utf8), name: path, id: SourceID(firstID + UInt32(offset)))
        }
    }

    private static func parseJSON(_ bytes: [UInt8], path: String) throws(EmulatorError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw EmulatorError("\(path): \(error)")
        }
    }

    /// What the emulator serves: the schema, every connector's operations (all of a Data Connect
    /// project's, each under its own id), and their text (to tell real changes from others).
    struct Inputs {
        var config: ConnectorConfig
        var schema: [Source]
        var secondarySchema: [Source]
        var connectors: [HostedConnector]
        var fingerprint: [String]
    }

    private static func readInputs(configPath: String) throws -> Inputs {
        let found = try GeneratorPipeline.inputFiles(configPath: configPath)
        guard let first = found.first else { throw EmulatorError("\(configPath): no connector to serve") }
        let schema = try readSources(first.schemaFiles, firstID: 1)
        let secondaryFiles = GeneratorPipeline.secondaryFiles(first.config)
        let secondary = try readSources(secondaryFiles, firstID: UInt32(first.schemaFiles.count + 1))
        var nextID = UInt32(first.schemaFiles.count + secondaryFiles.count + 1)
        var connectors: [HostedConnector] = []
        var fingerprint: [String] = []
        for files in found {
            let operations = try readSources(files.operationFiles, firstID: nextID)
            nextID += UInt32(files.operationFiles.count)
            connectors.append(HostedConnector(id: files.config.connectorId, operationSources: operations))
            fingerprint.append((try? String(contentsOfFile: files.config.path, encoding: .utf8)) ?? files.config.path)
            fingerprint += operations.map { $0.name + "\u{0}" + $0.text }
        }
        fingerprint += (schema + secondary).map { $0.name + "\u{0}" + $0.text }
        return Inputs(config: first.config, schema: schema, secondarySchema: secondary, connectors: connectors, fingerprint: fingerprint)
    }

    /// Reloads operations and applies additive schema changes when the connector's files change.
    private static func watchInputs(configPath: String, engine: EmulatorEngine, allowReset: Bool, fingerprint: [String]) {
        let thread = Thread {
            var watched = GeneratorPipeline.inputFolders(configPath: configPath)
            var watcher = FileWatcher(folders: watched)
            var lastFingerprint = fingerprint
            while true {
                watcher.waitForChange()
                do {
                    let inputs = try readInputs(configPath: configPath)
                    // Other files in the watched folders (logs, exports) change too: reload only for ours.
                    guard inputs.fingerprint != lastFingerprint else { continue }
                    lastFingerprint = inputs.fingerprint
                    let outcome = blocking { () async -> Result<[String], EmulatorError> in
                        do throws(EmulatorError) {
                            return .success(try await engine.reload(schemaSources: inputs.schema, secondarySchemaSources: inputs.secondarySchema, connectors: inputs.connectors, allowReset: allowReset))
                        } catch {
                            return .failure(error)
                        }
                    }
                    switch outcome {
                    case .success(let changes): say("reloaded: " + changes.joined(separator: "; "))
                    case .failure(let error): Output.error("reload failed, still serving the previous version: \(error.message)")
                    }
                } catch {
                    Output.error("reload failed, still serving the previous version: \(error)")
                }
                let now = GeneratorPipeline.inputFolders(configPath: configPath)
                if now != watched {
                    watched = now
                    watcher = FileWatcher(folders: watched)
                }
            }
        }
        thread.start()
    }

    /// Writes a line to standard output unbuffered, so scripts reading a pipe see it at once.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Blocks until SIGINT or SIGTERM.
    static func waitForTermination() {
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        stop.wait()
        for source in sources { source.cancel() }
    }

    /// Runs async work from this synchronous command and waits for its result.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        guard let value = box.value else { preconditionFailure("the task signalled without a result") }
        return value
    }

    static func usageError(_ message: String) -> Int32 {
        Output.error(message)
        Output.stderr("Run 'sqlgen emulator --help' for usage.")
        return 2
    }
}

/// Hands a value from a Task to the thread waiting on a semaphore (the semaphore orders the accesses).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
