import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenEmulator
import SQLGenHTTP
import SQLGenJSON
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
      GET  /graphql/list.json[/<connector>], PUT /graphql/persist.json/<connector>/<name>, GET /schema.graphql, GET /healthz
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
        let options: Options
        switch readOptions(arguments) {
        case .success(let read): options = read
        case .failure(let error): return usageError(error.message)
        }
        let inputs: Inputs
        do {
            inputs = try readInputs(configPath: options.configPath)
        } catch let error as ConfigurationError {
            Output.diagnostics(error.diagnostics)
            return 1
        } catch {
            Output.error("\(error)")
            return 1
        }
        let isAEM = inputs.config.sqlgen.backend == .aem
        if let misplaced = misplacedOption(options.parsed, isAEM: isAEM) { return usageError(misplaced) }
        guard prepareDataDirectory(options) else { return 1 }
        return isAEM ? runAEM(options, inputs: inputs) : runDataConnect(options, inputs: inputs)
    }

    /// The arguments once read: what to serve, where and how.
    struct Options {
        var parsed: CommandArguments
        var settings: ServerSettings
        var configPath: String
        var dataDirectory: String
        var databasePath: String { (dataDirectory as NSString).appendingPathComponent("emulator.sqlite") }
        /// When the command began (the banner says how long starting took).
        var started: Date
    }

    private static func readOptions(_ arguments: [String]) -> Result<Options, ArgumentError> {
        let started = Date()
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(arguments, flags: ["--reset", "--persisted-only", "--author"],
                                          options: Set(["--config", "--host", "--port", "--data-dir", "--database", "--seed", "--import", "--export", "--content", "--assets"])
                                            .union(securityOptions), maxOperands: 0)
        } catch {
            return .failure(error)
        }
        guard let port = Int(parsed.value("--port") ?? "9399"), (0...65535).contains(port) else { return .failure(ArgumentError("--port must be a number from 0 to 65535")) }
        return serverSettings(parsed, host: parsed.value("--host") ?? "127.0.0.1", port: port).map { settings in
            Options(parsed: parsed, settings: settings, configPath: parsed.value("--config") ?? GenerateCommand.defaultConfigPath(),
                    dataDirectory: parsed.value("--data-dir") ?? ".sqlgen", started: started)
        }
    }

    /// The usage error for an option of the other kind of connector, nil when there is none.
    private static func misplacedOption(_ parsed: CommandArguments, isAEM: Bool) -> String? {
        if isAEM {
            return parsed.value("--request-timeout") == nil && parsed.value("--database") == nil ? nil
                : "--request-timeout and --database apply to Data Connect connectors (AEM keeps its content in <data-dir>)"
        }
        let aemOnly = parsed.value("--content") != nil || parsed.value("--assets") != nil || parsed.has("--author")
        return aemOnly ? "--content, --assets and --author apply to AEM connectors (sqlgen.backend: aem)" : nil
    }

    /// Creates the data folder, and with `--reset` removes the database in it.
    private static func prepareDataDirectory(_ options: Options) -> Bool {
        let databasePath = options.databasePath
        do {
            try FileManager.default.createDirectory(atPath: options.dataDirectory, withIntermediateDirectories: true)
            if options.parsed.has("--reset") {
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: databasePath + suffix) {
                    try FileManager.default.removeItem(atPath: databasePath + suffix)
                }
            }
            return true
        } catch {
            Output.error("cannot prepare \(options.dataDirectory): \(error.localizedDescription)")
            return false
        }
    }

    /// Starts `server`, prints `banner` (given the bound port), serves until SIGINT or SIGTERM,
    /// then stops it: requests in flight finish, and the database file is complete on its own.
    static func serve(_ server: EmulatorServer, _ options: Options, banner: (Int) -> [String]) -> Bool {
        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            Output.error("cannot listen on \(options.settings.configuration.host):\(options.settings.configuration.port): \(error)")
            return false
        }
        banner(boundPort).forEach(say)
        waitForTermination()
        say("stopping: finishing in-flight requests")
        blocking {
            await server.stop()
            await server.engine.checkpoint()
        }
        return true
    }

    /// `listening on http://host:port (started in N ms)`, for the banner.
    static func listening(_ options: Options, port: Int) -> String {
        "listening on http://\(options.settings.configuration.host):\(port) (started in \(Int(Date().timeIntervalSince(options.started) * 1000)) ms)"
    }

    private static func readSources(_ paths: [String], firstID: UInt32) throws -> [Source] {
        try paths.enumerated().map { offset, path in
            guard let bytes = FileBytes.read(path) else { throw EmulatorError("cannot read \(path)") }
            return Source(bytes: bytes, name: path, id: SourceID(firstID + UInt32(offset)))
        }
    }

    static func parseJSON(_ bytes: [UInt8], path: String) throws(EmulatorError) -> JSONValue {
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

    static func readInputs(configPath: String) throws -> Inputs {
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
            fingerprint.append(FileBytes.read(files.config.path).map { String(decoding: $0, as: UTF8.self) } ?? files.config.path)
            fingerprint += operations.map { $0.name + "\u{0}" + $0.text }
        }
        fingerprint += (schema + secondary).map { $0.name + "\u{0}" + $0.text }
        return Inputs(config: first.config, schema: schema, secondarySchema: secondary, connectors: connectors, fingerprint: fingerprint)
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
