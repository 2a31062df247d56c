import Foundation
import SQLGenCore
import SQLGenLanguage

/// `sqlgen generate`: validates the connector's operations and writes its typed Swift SDK.
public enum GenerateCommand: Command {
    public static let name = "generate"
    public static let summary = "Generate the connector's typed Swift SDK"
    public static let usage = """
    USAGE: sqlgen generate [--config PATH] [--watch] [--check] [--manifest FILE] [--no-cache]

    Reads connector.yaml (or every connector of a dataconnect.yaml project), validates every
    operation against the schema, and writes the Swift package named by generate.swiftSdk.
    Only files whose content changed are rewritten; on any error nothing is written. A record
    of each package written is kept in $SQLGEN_CACHE_DIR (default: $XDG_CACHE_HOME/sqlgen or
    ~/.cache/sqlgen), so the next run builds only the operations a change touches.

    OPTIONS:
      --config PATH   connector.yaml, dataconnect.yaml, or a folder holding one
                      (default: ./connector.yaml, else ./dataconnect.yaml)
      --watch         Keep running and regenerate on every save of a schema, operation or
                      config file; the last good output stays when the input is broken
      --check         Write nothing; exit 1 and name the files that differ when the SDK on
                      disk is not what generation would write (a CI gate for committed SDKs)
      --manifest FILE Also write the operations as a persisted-query manifest (Apollo's
                      apollo-persisted-query-manifest format, version 1: ids are the SHA-256 of
                      the documents generated code sends); with --check, compare it instead
      --no-cache      Build every operation, and neither read nor keep a record
      -h, --help      Show this help

    EXIT STATUS:
      0 generated (or up to date); 1 errors in the config, schema or operations, or with
      --check files that differ; 2 bad arguments
    """

    public static func run(_ arguments: [String]) -> Int32 {
        guard let parsed = CommandArguments.parsedOrReported(arguments, flags: ["--watch", "--check", "--no-cache"], options: ["--config", "--manifest"],
                                                             maxOperands: 0, extraOperandHint: ArgumentError.configHint) else { return 2 }
        let configPath = parsed.value("--config") ?? defaultConfigPath()
        let manifest = parsed.value("--manifest")
        if parsed.has("--check") {
            guard !parsed.has("--watch") else {
                Output.error("--check compares once; it cannot be used with --watch")
                return 2
            }
            return check(configPath: configPath, manifest: manifest)
        }
        guard parsed.has("--watch") else {
            // The manifest needs every operation's IR, which a record spares building.
            let cache = parsed.has("--no-cache") || manifest != nil ? nil : GenerationCache.defaultDirectory().map(GenerationCache.init)
            return generateOnce(configPath: configPath, cache: cache, manifest: manifest)
        }
        return watch(configPath: configPath)
    }

    public static func defaultConfigPath() -> String {
        let current = FileManager.default.currentDirectoryPath
        if FileManager.default.fileExists(atPath: current + "/connector.yaml") { return current + "/connector.yaml" }
        if FileManager.default.fileExists(atPath: current + "/dataconnect.yaml") { return current + "/dataconnect.yaml" }
        return current + "/connector.yaml"
    }

    /// One run: diagnostics on stderr, a one-line summary on stdout.
    @discardableResult
    static func generateOnce(configPath: String, session: GeneratorSession? = nil, changes: FileChanges? = nil, cache: GenerationCache? = nil,
                             manifest: String? = nil) -> Int32 {
        let start = Date()
        let outcome = session?.run(changes: changes) ?? GeneratorPipeline.run(configPath: configPath, cache: cache)
        Output.diagnostics(outcome.diagnostics)
        if outcome.hasErrors {
            let count = outcome.diagnostics.filter { $0.severity == .error }.count
            Output.stderr("sqlgen: \(count) error\(count == 1 ? "" : "s"); nothing was written")
            return 1
        }
        let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
        for package in outcome.packages {
            let summary = package.summary
            let operations = package.operationCount
            Output.stdoutLine("Generated \(relative(package.directory)): \(operations) operation\(operations == 1 ? "" : "s"), \(summary.written.count) file\(summary.written.count == 1 ? "" : "s") written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed (\(milliseconds) ms)")
        }
        for config in outcome.connectorsWithoutSwiftSDK {
            let severity = outcome.packages.isEmpty ? "error" : "warning"
            Output.stderr("\(config.path): \(severity): connector '\(config.connectorId)' has no generate.swiftSdk, so no Swift SDK was generated for it; add one with `sqlgen init --connector \(config.connectorId)`")
        }
        if outcome.packages.isEmpty {
            Output.stderr("sqlgen: nothing was generated")
            return 1
        }
        if let manifest { return writeManifest(outcome, to: manifest) }
        return 0
    }

    /// Regenerates on every change below the config's folder until interrupted.
    static func watch(configPath: String) -> Int32 {
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupt.setEventHandler {
            Output.stderr("sqlgen: stopped watching")
            exit(0)
        }
        interrupt.resume()
        let thread = Thread {
            // The session keeps the schema, parsed files and unchanged operations' output between
            // runs; its first run is the initial generation, so nothing is done twice at start.
            let session = GeneratorSession(configPath: configPath)
            generateOnce(configPath: configPath, session: session)
            var watched = (inputs: session.inputFolders(), outputs: session.outputFolders())
            // The generated packages are watched too, without waking: a file edited there by hand
            // is looked at again, and the runs look at no other.
            var watcher = FileWatcher(folders: watched.inputs, recording: watched.outputs)
            Output.stderr("sqlgen: watching \(watched.inputs.count) folder\(watched.inputs.count == 1 ? "" : "s") for changes (Ctrl-C to stop)")
            while true {
                let changes = watcher.waitForChanges()
                generateOnce(configPath: configPath, session: session, changes: changes)
                // New folders of operations, schema files or generated files join the watch.
                let now = (inputs: session.inputFolders(), outputs: session.outputFolders())
                if now != watched {
                    watched = now
                    watcher = FileWatcher(folders: watched.inputs, recording: watched.outputs)
                }
            }
        }
        thread.start()
        dispatchMain()
    }

    private static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path
    }
}
