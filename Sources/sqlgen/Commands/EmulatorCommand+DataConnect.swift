import Foundation
import SQLGenCommandLine
import SQLGenCore
import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage

/// `sqlgen emulator` for Data Connect connectors: the tables in SQLite or PostgreSQL, data
/// imported and seeded at start, the operations reloaded when their files change, the data
/// exported when stopping.
extension EmulatorCommand {
    static func runDataConnect(_ options: Options, inputs: Inputs) -> Int32 {
        let parsed = options.parsed
        let database = Self.database(parsed, databasePath: options.databasePath)
        let engine: EmulatorEngine
        do {
            engine = try openEngine(inputs, database: database, reset: parsed.has("--reset"), settings: options.settings)
        } catch {
            Output.error("\(error)")
            return 1
        }
        guard importData(parsed.value("--import"), into: engine), runSeeds(parsed.values("--seed"), on: engine) else { return 1 }
        let server = EmulatorServer(engine: engine, configuration: options.settings.configuration, persistedOnly: parsed.has("--persisted-only"),
                                    access: options.settings.access)
        watchInputs(configPath: options.configPath, engine: engine, allowReset: parsed.has("--reset"), fingerprint: inputs.fingerprint)
        let operations = blocking { await engine.operationList() }
        let served = serve(server, options) { port in
            ["sqlgen emulator " + listening(options, port: port),
             "database: \(database.location)\(parsed.has("--persisted-only") ? "; persisted operations only" : "")",
             "serving \(operations.count) operation\(operations.count == 1 ? "" : "s"):"]
                + operations.map { "  \($0.kind) \($0.connector)/\($0.name)  [\($0.access.rawValue)]" }
        }
        guard served, exportData(parsed.value("--export"), from: engine) else { return 1 }
        say("stopped")
        return 0
    }

    /// `--import FILE`: the rows of a JSON export, loaded at start.
    private static func importData(_ path: String?, into engine: EmulatorEngine) -> Bool {
        guard let path else { return true }
        guard let data = FileBytes.read(path) else {
            Output.error("cannot read \(path)")
            return false
        }
        let imported = blocking { () async -> Result<Int, EmulatorError> in
            do throws(EmulatorError) {
                return .success(try await engine.importData(try Self.parseJSON(data, path: path)))
            } catch {
                return .failure(error)
            }
        }
        switch imported {
        case .success(let count):
            say("imported \(count) row\(count == 1 ? "" : "s") from \(path)")
            return true
        case .failure(let error):
            Output.error(error.message)
            return false
        }
    }

    /// `--seed FILE ...`: each file's operations run in order; stops at the first error.
    private static func runSeeds(_ paths: [String], on engine: EmulatorEngine) -> Bool {
        var seeds: [(String, String)] = []
        for path in paths {
            guard let bytes = FileBytes.read(path) else {
                Output.error("cannot read seed file \(path)")
                return false
            }
            seeds.append((path, String(decoding: bytes, as: UTF8.self)))
        }
        let seedFiles = seeds
        let seedError = blocking { () async -> String? in
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
        if let seedError { Output.error(seedError) }
        return seedError == nil
    }

    /// `--export FILE`: every row as JSON, written when stopping.
    private static func exportData(_ path: String?, from engine: EmulatorEngine) -> Bool {
        guard let path else { return true }
        let exported = blocking { () async -> Result<JSONValue, EmulatorError> in
            do throws(EmulatorError) {
                return .success(try await engine.exportData())
            } catch {
                return .failure(error)
            }
        }
        switch exported {
        case .success(let json):
            do {
                try AtomicFileWriter.write(json.serialized(), to: path)
            } catch {
                Output.error(error.description)
                return false
            }
            say("exported the data to \(path)")
            return true
        case .failure(let error):
            Output.error(error.message)
            return false
        }
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
}
