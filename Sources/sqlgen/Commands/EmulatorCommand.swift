import Foundation
import SQLGenCore
import SQLGenEmulator
import SQLGenHTTP
import SQLGenLanguage

/// `sqlgen emulator`: serves the connector's operations over HTTP from a local SQLite database.
enum EmulatorCommand: Command {
    static let name = "emulator"
    static let summary = "Run a local GraphQL server over SQLite that hosts the connector's operations"
    static let usage = """
    USAGE: sqlgen emulator [--config connector.yaml] [--host 127.0.0.1] [--port 9399] [--data-dir .sqlgen]
                           [--reset] [--seed FILE ...] [--persisted-only]

    Loads the connector's schema (Data Connect dialect) and operations, creates or migrates the
    tables in <data-dir>/emulator.sqlite, runs the seed files, and serves:
      GET  /graphql/execute.json/<connector>/<operation>;var=value...   queries (ETag, If-None-Match)
      POST /graphql/execute.json/<connector>/<operation>  {"variables": {...}}
      POST /graphql, GET /graphql?query=   ad-hoc operations (admin rights; off with --persisted-only)
      GET  /graphql/list.json, PUT /graphql/persist.json/<connector>/<name>, GET /schema.graphql, GET /healthz
    Point an app at it with `connector.useEmulator()` (SQLConnect's EmulatorTransport).

    AUTH: operations with @auth(level: PUBLIC) are open; USER, USER_ANON and USER_EMAIL_VERIFIED
    need "Authorization: Bearer <uid>": any non-empty token, used as auth.uid as is. NO_ACCESS and
    operations without @auth are refused (they run only from seed files).

    OPTIONS:
      --config PATH       connector.yaml (default: ./connector.yaml)
      --host HOST         Address to listen on (default 127.0.0.1)
      --port PORT         Port (default 9399; 0 picks a free one)
      --data-dir DIR      Folder of emulator.sqlite (default .sqlgen)
      --reset             Start with an empty database
      --seed FILE         A file of mutations to run at start (repeatable)
      --persisted-only    Refuse ad-hoc operations and persist.json
      -h, --help          Show this help

    EXIT STATUS:
      0 stopped by SIGINT or SIGTERM; 1 schema, operation, seed or database errors; 2 bad arguments
    """

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(arguments, flags: ["--reset", "--persisted-only"],
                                          options: ["--config", "--host", "--port", "--data-dir", "--seed", "--import", "--export"])
        } catch {
            return usageError(error.message)
        }
        if !parsed.operands.isEmpty { return usageError("unexpected argument '\(parsed.operands[0])'") }
        if parsed.value("--import") != nil || parsed.value("--export") != nil {
            return usageError("--import and --export are not implemented yet")
        }
        let host = parsed.value("--host") ?? "127.0.0.1"
        guard let port = Int(parsed.value("--port") ?? "9399"), (0...65535).contains(port) else { return usageError("--port must be a number from 0 to 65535") }
        let started = Date()

        let config: ConnectorConfig
        let schemaFiles: [String]
        let operationFiles: [String]
        do {
            config = try ConnectorConfig.load(path: parsed.value("--config") ?? "connector.yaml")
            schemaFiles = try config.discoverSchemaFiles().files
            operationFiles = try config.discoverOperationFiles().files
        } catch {
            Output.error("\(error)")
            return 1
        }
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

        var sourceID: UInt32 = 0
        func sources(_ paths: [String]) throws -> [Source] {
            try paths.map { path in
                sourceID += 1
                return Source(try String(contentsOfFile: path, encoding: .utf8), name: path, id: SourceID(sourceID))
            }
        }
        let engine: EmulatorEngine
        do {
            engine = try EmulatorEngine(schemaSources: try sources(schemaFiles), operationSources: try sources(operationFiles),
                                        connectorId: config.connectorId, databasePath: databasePath)
        } catch {
            Output.error("\(error)")
            return 1
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

        let server = EmulatorServer(engine: engine, configuration: HTTPServerConfiguration(host: host, port: port, eventLoopCount: 2),
                                    persistedOnly: parsed.has("--persisted-only"))
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
        say("database: \(databasePath)\(parsed.has("--persisted-only") ? "; persisted operations only" : "")")
        say("serving \(operations.count) operation\(operations.count == 1 ? "" : "s"):")
        for operation in operations {
            say("  \(operation.kind) \(operation.connector)/\(operation.name)  [\(operation.access.rawValue)]")
        }

        waitForTermination()
        say("stopping: finishing in-flight requests")
        blocking {
            await server.stop()
            await engine.checkpoint()
        }
        say("stopped")
        return 0
    }

    /// Writes a line to standard output unbuffered, so scripts reading a pipe see it at once.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Blocks until SIGINT or SIGTERM.
    private static func waitForTermination() {
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
    private static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
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

    private static func usageError(_ message: String) -> Int32 {
        Output.error(message)
        Output.stderr("Run 'sqlgen emulator --help' for usage.")
        return 2
    }
}

/// Hands a value from a Task to the thread waiting on a semaphore (the semaphore orders the accesses).
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
