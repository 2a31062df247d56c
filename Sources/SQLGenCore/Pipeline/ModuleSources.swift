import Foundation
import SQLGenLanguage

/// What the build plugin compiles into the target that holds a connector: the Swift that
/// `sqlgen generate` renders for the SDK package (without its Package.swift and README), gathered
/// into a fixed set of files, since SwiftPM must know a build command's outputs before it runs.
public enum ModuleSources {
    static let client = "SQLGenClient.swift"
    static let operations = "SQLGenOperations.swift"
    static let keys = "SQLGenKeys.swift"
    static let enums = "SQLGenEnums.swift"
    static let inputs = "SQLGenInputs.swift"
    /// The files `generate` returns, in this order, whatever the connector holds; the plugin
    /// declares the same names.
    public static let fileNames = [client, operations, keys, enums, inputs]

    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic] = []
        /// Named by `fileNames`; empty when there are errors.
        public var files: [GeneratedFile] = []
        public var operationCount = 0
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// The sources of the connector `configPath` names: a `connector.yaml`, or a `dataconnect.yaml`
    /// with one connector (or a folder holding either). Settings come from the first
    /// `generate.swiftSdk` entry, defaults without one. Every file read must lie below one of
    /// `roots` (when any), the folders whose changes the plugin declared: a change elsewhere would
    /// go unseen.
    /// `outputDirectory` stands for the SDK package's folder (nothing is read there).
    public static func generate(configPath: String, roots: [String], outputDirectory: String) -> Outcome {
        var outcome = Outcome()
        let connector: (config: ConnectorConfig, project: DataConnectProject?)
        do {
            connector = try self.connector(at: configPath)
        } catch {
            outcome.diagnostics = error.diagnostics
            return outcome
        }
        var config = connector.config
        config.swiftSDKs = [config.swiftSDKs.first ?? SwiftSDKConfig(
            outputDir: ConfiguredPath(text: outputDirectory, absolutePath: ConfigPaths.absolute(outputDirectory)),
            package: ProjectInitializer.packageName(connectorID: config.connectorId))]
        outcome.diagnostics = filesOutside(roots, config: config, project: connector.project)
        guard !outcome.hasErrors else { return outcome }

        var generated = GeneratorPipeline.Outcome()
        var staged: [StagedPackage] = []
        GeneratorPipeline.generate(config, project: connector.project, write: false, memory: NoGenerationMemory(), recording: nil,
                                   into: &generated, staging: &staged)
        outcome.diagnostics += generated.diagnostics
        guard !generated.hasErrors, let package = generated.packages.first, let ir = package.connector else { return outcome }
        outcome.operationCount = package.operationCount
        outcome.files = moduleFiles(package.files, translator: SDKTranslator(connector: ir))
        return outcome
    }

    /// The one connector `path` names.
    static func connector(at path: String) throws(ConfigurationError) -> (config: ConnectorConfig, project: DataConnectProject?) {
        let connectors = try GeneratorPipeline.loadConnectors(path)
        guard connectors.count == 1, let connector = connectors.first else {
            throw ConfigurationError(diagnostics: [Diagnostic(
                message: "the build plugin generates the SDK of one connector, and '\(path)' holds \(connectors.count); name one connector's connector.yaml",
                file: path)])
        }
        return connector
    }

    /// An error for each file generation reads that lies outside `roots`.
    /// No roots: nothing to check (a run by hand).
    static func filesOutside(_ roots: [String], config: ConnectorConfig, project: DataConnectProject?) -> [Diagnostic] {
        guard !roots.isEmpty else { return [] }
        var ignored = DiagnosticCollector()
        // Unusable paths are reported by the generation that follows.
        guard let inputs = ConnectorInputs.discover(config, project: project, listings: nil, diagnostics: &ignored) else { return [] }
        let read = [config.path] + (project.map { [$0.path] } ?? []) + inputs.schemaFiles + inputs.secondaryFiles + inputs.operationFiles
        let folders = roots.map { canonical($0) + "/" }
        let outside = Set(read.filter { file in !folders.contains { canonical(file).hasPrefix($0) } })
        return outside.sorted().map { file in
            Diagnostic(message: "'\(file)' is read to generate the SDK but lies outside \(roots.map { "'\($0)'" }.joined(separator: ", ")), where the build plugin looks for changes; keep the connector's files in the target's folder")
        }
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The package's Swift files sorted into the fixed files: operations, client, keys, enums,
    /// inputs (any other file joins the client); an empty one says what the connector lacks.
    static func moduleFiles(_ files: [GeneratedFile], translator: SDKTranslator) -> [GeneratedFile] {
        let named = [translator.clientFilePath: client, "Sources/\(translator.connectorTypePrefix)Keys.swift": keys,
                     translator.enumsFilePath: enums, translator.inputsFilePath: inputs]
        var groups: [String: [GeneratedFile]] = [:]
        for file in files where file.path.hasPrefix("Sources/") {
            groups[file.path.hasPrefix("Sources/Operations/") ? operations : named[file.path] ?? client, default: []].append(file)
        }
        let missing = [operations: "operations", keys: "key structs", enums: "enums", inputs: "input objects"]
        return fileNames.map { name in
            GeneratedFile(path: name, contents: groups[name].flatMap(GeneratedFile.joining)?.contents ?? "// \(PackageWriter.generatedMarker): this connector has no \(missing[name] ?? "code").\n")
        }
    }
}
