import Foundation
import SQLGenLanguage
import SQLGenSchema

/// `sqlgen generate`: config → schema → validated operations → IR → Swift files → disk.
///
/// Every stage reports into one `DiagnosticCollector`; if anything is an error, nothing is written.
public enum GeneratorPipeline {
    public struct Outcome: Sendable {
        public var diagnostics: [Diagnostic] = []
        /// One entry per generated package: its folder, its files, and what happened to them on disk.
        public var packages: [GeneratedPackage] = []
        public var operationCount = 0
        /// Operations validated, whether or not a package was generated for their connector.
        public var validatedOperationCount = 0
        /// Connectors with no `generate.swiftSdk` entry: validated, but nothing generated for them.
        public var connectorsWithoutSwiftSDK: [ConnectorConfig] = []
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    public struct GeneratedPackage: Sendable {
        public var directory: String
        /// What the package was generated from; nil when a `GenerationCache` record spared
        /// building most of it.
        public var connector: ConnectorIR?
        public var operationCount: Int
        /// The files generated; with a record, only those it could not vouch for.
        public var files: [GeneratedFile]
        public var summary: PackageWriter.Summary
        /// With a record, how many operations the run built, every build counted (the record
        /// spares the unchanged ones); nil without one.
        public var builtOperationCount: Int? = nil
    }

    /// Generates every Swift SDK named by the connector.yaml at `configPath` (or by every connector
    /// of a `dataconnect.yaml` project when `configPath` is one or a folder holding one).
    /// With `cache`, what the previous process recorded of each package spares building and
    /// rendering the operations that did not change (and the run records what it wrote).
    public static func run(configPath: String, write: Bool = true, cache: GenerationCache? = nil) -> Outcome {
        run(configPath: configPath, write: write, session: nil, cache: write ? cache : nil)
    }

    /// As `run`; with `session`, unchanged inputs reuse what its earlier runs built.
    static func run(configPath: String, write: Bool, session: GeneratorSession?, cache: GenerationCache? = nil) -> Outcome {
        var outcome = Outcome()
        let connectors: [(config: ConnectorConfig, project: DataConnectProject?)]
        do {
            connectors = try loadConnectors(configPath)
        } catch {
            outcome.diagnostics = error.diagnostics
            return outcome
        }
        outcome.diagnostics = sharedPackageFolders(connectors.map(\.config))
        guard !outcome.hasErrors else { return outcome }
        var staged: [StagedPackage] = []
        var records: [(directory: String, record: PendingRecord)] = []
        for (config, project) in connectors {
            let recording = cache.map { Recording(cache: $0) }
            let memory: GenerationMemory = session?.connector(config, project: project) ?? recording ?? NoGenerationMemory()
            generate(config, project: project, write: write, memory: memory, recording: recording, into: &outcome, staging: &staged)
            records += recording?.records ?? []
        }
        let snapshots = session.map { session in outcome.packages.map { session.generatedFiles(in: $0.directory) } }
        // Every package is written, or none: an error in any connector leaves all output as it was.
        if outcome.hasErrors {
            for package in staged { package.discard() }
        } else {
            do throws(PackageWriter.WriteError) {
                try PackageWriter.commit(staged)
                for (package, known) in zip(outcome.packages, snapshots ?? []) where write { known.record(package.files, in: package.directory) }
                for (directory, record) in records { cache?.save(record.finish(in: directory), for: directory) }
            } catch {
                for (directory, _) in records { cache?.save(nil, for: directory) }
                outcome.diagnostics.append(Diagnostic(message: error.description))
            }
        }
        return outcome
    }

    /// SDKs that would be written to one folder: each would overwrite the other's manifest and
    /// remove its files, and their key structs would be declared twice. Folders that differ only
    /// in case are one folder on macOS.
    static func sharedPackageFolders(_ configs: [ConnectorConfig]) -> [Diagnostic] {
        var first: [String: (config: ConnectorConfig, sdk: SwiftSDKConfig)] = [:]
        var diagnostics: [Diagnostic] = []
        for config in configs {
            for sdk in config.swiftSDKs {
                let folder = URL(fileURLWithPath: sdk.packageDirectory).standardizedFileURL.path
                guard let earlier = first[folder.lowercased()] else {
                    first[folder.lowercased()] = (config, sdk)
                    continue
                }
                let place = earlier.config.path + (earlier.sdk.location.map { ":\($0.line)" } ?? "")
                diagnostics.append(Diagnostic(message: "this Swift SDK and the one of connector '\(earlier.config.connectorId)' (\(place)) would both be written to "
                                              + "\(folder): give each its own outputDir or package", file: config.path, location: sdk.location))
            }
        }
        return diagnostics
    }

    static func loadConnectors(_ configPath: String) throws(ConfigurationError) -> [(config: ConnectorConfig, project: DataConnectProject?)] {
        try ConnectorLocator.connectors(at: configPath)
    }

    /// A one-shot run's use of a `GenerationCache`: the validator (which knows the files each
    /// operation depends on) and the records to save once the packages are written.
    final class Recording: GenerationMemory {
        let cache: GenerationCache
        var validator: DocumentSetValidator?
        var records: [(directory: String, record: PendingRecord)] = []

        init(cache: GenerationCache) {
            self.cache = cache
        }

        var loaderSteps: OperationLoader.Steps {
            OperationLoader.Steps(validate: { schema, rules, inputs in
                let validator = DocumentSetValidator(schema: schema, rules: rules)
                self.validator = validator
                return validator.validate(inputs)
            })
        }
    }

    /// One connector: its inputs, schema and validated operations, then each of its SDKs.
    static func generate(_ config: ConnectorConfig, project: DataConnectProject?, write: Bool, memory: GenerationMemory,
                                 recording: Recording?, into outcome: inout Outcome, staging staged: inout [StagedPackage]) {
        var diagnostics = DiagnosticCollector()
        diagnostics.add(config.warnings)
        if let project { diagnostics.add(project.warnings) }
        defer { outcome.diagnostics += diagnostics.diagnostics }

        guard let inputs = ConnectorInputs.discover(config, project: project, listings: memory.listings, diagnostics: &diagnostics),
              let schema = memory.schema(files: inputs.schemaFiles, secondaryFiles: inputs.secondaryFiles, assumeValid: config.sqlgen.assumeValidSchema,
                                         backend: config.sqlgen.backend, diagnostics: &diagnostics),
              let operations = OperationLoader.load(files: inputs.operationFiles, schema: schema.schema, rules: schema.dialect.operationRules,
                                                    diagnostics: &diagnostics, aem: config.sqlgen.aem != nil, steps: memory.loaderSteps),
              !diagnostics.hasErrors else { return }
        outcome.validatedOperationCount += operations.documents.reduce(0) { count, document in
            count + document.definitions.filter { if case .operation = $0 { return true } else { return false } }.count
        }
        if config.swiftSDKs.isEmpty { outcome.connectorsWithoutSwiftSDK.append(config) }

        let builder = memory.builder(for: schema, scalars: SwiftScalarTypes(config.sqlgen.scalars))
        for clash in TopLevelNameClashes.find(in: operations.documents, schema: schema.schema, tableKeys: builder.tableKeys, connectorClass: SwiftNaming.connectorTypeName(config.connectorId)) {
            diagnostics.add(clash)
        }
        guard !diagnostics.hasErrors else { return }
        let signatures = memory.signatures(of: operations)
        let planned = recording.map { recording in RecordedGeneration.plan(operations, reached: { recording.validator?.documentsReached(from: $0) }) } ?? []
        for sdk in config.swiftSDKs {
            let info = connectorInfo(config, project: project, sdk: sdk)
            if let recording, write {
                // Descriptions of values without dictionaries: the same text in every process.
                let context = RecordedGeneration.context(
                    schemaFiles: inputs.schemaFiles + inputs.secondaryFiles, read: OperationLoader.Steps().read,
                    settings: ["\(info)", config.sqlgen.endpoint ?? "", "\(config.sqlgen.scalars)", "\(config.sqlgen.assumeValidSchema)"])
                let generation = RecordedGeneration(
                    directory: sdk.packageDirectory, context: context, planned: planned, builder: builder, info: info,
                    endpoint: config.sqlgen.endpoint, operations: operations)
                generateRecorded(generation, recording: recording, into: &outcome, staging: &staged, diagnostics: &diagnostics)
                continue
            }
            let cache = memory.operationCache(packageDirectory: sdk.packageDirectory)
            var ir = builder.build(info, operations: operations, cache: cache, signatures: signatures)
            ir.endpoint = config.sqlgen.endpoint
            outcome.operationCount += ir.operations.count
            let files = swiftFiles(of: ir, cache: cache)
            guard write else {
                outcome.packages.append(GeneratedPackage(directory: sdk.packageDirectory, connector: ir, operationCount: ir.operations.count, files: files,
                                                         summary: PackageWriter.Summary()))
                continue
            }
            do {
                let package = try PackageWriter.stage(files, to: sdk.packageDirectory, known: memory.knownFiles(in: sdk.packageDirectory))
                staged.append(package)
                outcome.packages.append(GeneratedPackage(directory: sdk.packageDirectory, connector: ir, operationCount: ir.operations.count, files: files,
                                                         summary: package.summary))
            } catch {
                diagnostics.add(Diagnostic(message: error.description))
            }
        }
    }

    /// The Swift files of `ir`; with `cache`, each operation rendered and each group joined only when missing.
    private static func swiftFiles(of ir: ConnectorIR, cache: OperationIRCache?) -> [GeneratedFile] {
        let translator = SDKTranslator(connector: ir)
        guard let cache else { return translator.files() }
        cache.useGroups(translator.operationGroups)
        cache.renderMissingFiles(of: ir.operations) { translator.operationFile($0) }
        return translator.files(operationFile: { cache.file(for: $0, render: translator.operationFile) },
                                sharedFiles: { cache.sharedFiles.files(translator) }, join: cache.groupFiles.join)
    }

    /// What the IR builder needs to know of the connector and one of its SDKs.
    private static func connectorInfo(_ config: ConnectorConfig, project: DataConnectProject?, sdk: SwiftSDKConfig) -> IRBuilder.ConnectorInfo {
        var settings = SDKSettings(
            publisher: sdk.observablePublisher == .observableObject ? .observableObject : .observableMacro,
            cacheStorage: sdk.clientCache.map { $0.storage == .memory ? .memory : .persistent },
            cacheMaxAge: sdk.clientCache?.maxAgeSeconds ?? 0,
            runtimeDependency: runtimeDependency(config.sqlgen.sqlConnect, packageDirectory: sdk.packageDirectory))
        settings.extraImports = Array(Set(config.sqlgen.scalars.compactMap(\.importModule))).sorted()
        if config.sqlgen.backend == .graphql {
            (settings.headers, settings.credentialHeader) = (config.sqlgen.headers, config.sqlgen.credentialHeader)
        }
        return IRBuilder.ConnectorInfo(
            connectorID: config.connectorId, packageName: sdk.package,
            serviceID: project?.serviceId ?? "local", location: project?.location ?? "local",
            settings: settings, backend: config.sqlgen.backend, aemConfiguration: config.sqlgen.aem?.configuration)
    }

    /// How the generated package depends on SQLConnect: a local runtime package by relative path
    /// (a sqlgen checkout means its `SQLConnect/` folder), a released version by URL, or by default
    /// the runtime of the checkout this tool was built from.
    static func runtimeDependency(_ source: SQLConnectSource?, packageDirectory: String) -> RuntimeDependency {
        switch source {
        case .path(let configured)?:
            return localRuntime(RuntimePackage.package(in: configured.absolutePath), packageDirectory: packageDirectory)
        case .remote(let url, let version)?:
            return .url(url, version: version)
        case nil:
            guard let bundled = RuntimePackage.bundled else { return RuntimePackage.released }
            return localRuntime(bundled, packageDirectory: packageDirectory)
        }
    }

    private static func localRuntime(_ absolute: String, packageDirectory: String) -> RuntimeDependency {
        let identity = URL(fileURLWithPath: absolute).standardizedFileURL.lastPathComponent.lowercased()
        return .path(relativePath(from: packageDirectory, to: absolute), identity: identity)
    }

    /// `to` relative to the folder `from` (both absolute).
    static func relativePath(from: String, to: String) -> String {
        let fromParts = URL(fileURLWithPath: from).standardizedFileURL.pathComponents
        let toParts = URL(fileURLWithPath: to).standardizedFileURL.pathComponents
        var common = 0
        while common < fromParts.count, common < toParts.count, fromParts[common] == toParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        let parts = ups + toParts[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

extension DataConnectProject {
    /// The schema files of `schema.source`.
    func discoverSchemaFiles() throws(ConfigurationError) -> [String] {
        var files: [String] = []
        for entry in schemaSources {
            files += ConfigFileWalker.graphQLFiles(under: entry.absolutePath, excluding: [])
        }
        return files.sorted()
    }
}

extension GeneratorPipeline {
    /// The folders whose files feed generation: the config's folder and the folders holding the
    /// schema and operation files (what `--watch` watches). Best effort: on errors, the config's
    /// folder alone.
    public static func inputFolders(configPath: String) -> [String] {
        inputFolders(configPath: configPath, session: nil)
    }

    /// As `inputFolders(configPath:)`, walking folders with what `session` knows of them.
    static func inputFolders(configPath: String, session: GeneratorSession?) -> [String] {
        var folders: Set<String> = [URL(fileURLWithPath: configPath).deletingLastPathComponent().standardizedFileURL.path]
        guard let connectors = try? loadConnectors(configPath) else { return folders.sorted() }
        for (config, project) in connectors {
            folders.insert(config.directory)
            if let project { folders.insert(project.directory) }
            let listings = session?.connector(config, project: project, beginningRun: false).folderListings
            var files = (try? config.discoverOperationFiles(listings: listings).files) ?? []
            if config.sqlgen.schemaIsDefault, let project {
                files += (try? project.discoverSchemaFiles()) ?? []
            } else {
                files += (try? config.discoverSchemaFiles().files) ?? []
            }
            for entry in config.sqlgen.schema { folders.insert(entry.absolutePath) }
            for file in files { folders.insert(URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path) }
        }
        var isDirectory: ObjCBool = false
        return folders.filter { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue }.sorted()
    }
}
