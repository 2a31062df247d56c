import Foundation
import SQLGenLanguage
import SQLGenSchema

/// Repeated generation for one config (`sqlgen generate --watch`): each run gives exactly what
/// `GeneratorPipeline.run` would, but reuses what did not change since the previous run.
///
/// Kept between runs: the bytes of every file read (not read again while `stat` shows the same
/// file), the schema (while no schema file's bytes and no setting changed), each operation file's
/// parsed document and validation (while its bytes, and those of the files whose fragments it
/// spreads, are the same: `DocumentSetValidator`), each operation's IR and Swift file (likewise),
/// and what the generated files on disk hold. The errors are always those of a fresh run.
/// Not thread-safe: use one session from one thread.
public final class GeneratorSession {
    public let configPath: String
    private var connectors: [String: Connector] = [:]
    private var generatedFiles: [String: GeneratedFileSnapshots] = [:]
    /// What a watcher saw change since the last run, for the run in progress.
    private var changes: FileChanges?

    public init(configPath: String) {
        self.configPath = configPath
    }

    /// Generates (and by default writes) every SDK of the config, as `GeneratorPipeline.run`.
    /// `changes`, what a watcher of `inputFolders()` and `outputFolders()` saw since the last
    /// run, spares looking at the files it did not name; nil (unknown) looks at every file.
    public func run(write: Bool = true, changes: FileChanges? = nil) -> GeneratorPipeline.Outcome {
        use(changes)
        defer { use(nil) }
        return GeneratorPipeline.run(configPath: configPath, write: write, session: self)
    }

    /// Between runs, nothing is known to be unchanged.
    private func use(_ changes: FileChanges?) {
        self.changes = changes
        for known in generatedFiles.values { known.changes = changes }
        for connector in connectors.values { connector.use(changes) }
    }

    /// The folders of the packages the last run wrote (what `--watch` also watches, without
    /// regenerating on their changes: a run looks again at the generated files changed by hand).
    public func outputFolders() -> [String] {
        generatedFiles.values.flatMap(\.recordedFolders).sorted()
    }

    /// The folders whose files feed generation (what `--watch` watches), as
    /// `GeneratorPipeline.inputFolders(configPath:)` finds them, reusing this session's listings.
    public func inputFolders() -> [String] {
        GeneratorPipeline.inputFolders(configPath: configPath, session: self)
    }

    /// The state of one connector, ready for a new run with `config` unless `beginningRun` is false.
    func connector(_ config: ConnectorConfig, project: DataConnectProject?, beginningRun: Bool = true) -> Connector {
        let key = config.directory + "\n" + config.connectorId
        let connector = connectors[key] ?? Connector(session: self)
        connectors[key] = connector
        if beginningRun {
            connector.use(changes)
            connector.beginRun(settings: Connector.Settings(config: config, serviceID: project?.serviceId, location: project?.location))
        }
        return connector
    }

    /// What the session knows of the package written to `directory`.
    func generatedFiles(in directory: String) -> GeneratedFileSnapshots {
        if let known = generatedFiles[directory] { return known }
        let made = GeneratedFileSnapshots()
        made.changes = changes
        generatedFiles[directory] = made
        return made
    }

    /// What one connector's earlier runs built.
    final class Connector {
        /// Everything besides the schema and the operations that generated code depends on.
        struct Settings: Hashable {
            var config: ConnectorConfig
            var serviceID: String?
            var location: String?
        }

        private struct LoadedSchema {
            var files: [String]
            var contents: [[UInt8]?]
            var assumeValid: Bool
            var backend: SQLGenSettings.Backend
            var loaded: DialectSchema
            var schema: Schema { loaded.schema }
        }

        private struct ParsedFile {
            var source: Source
            var document: Document
        }

        private var settings: Settings?
        private var loadedSchema: LoadedSchema?
        /// Bumped whenever the schema is rebuilt: IR built against an older one is dropped.
        private var schemaGeneration = 0
        private var builder: (generation: Int, builder: IRBuilder)?
        /// The files parsed, in the order the last run parsed them.
        private var parsedFiles = RunMemo<ParsedFile>()
        private var caches: [String: (generation: Int, settings: Settings, cache: OperationIRCache)] = [:]
        private var validator: (generation: Int, validator: DocumentSetValidator)?
        let files = FileSnapshots()
        let folderListings = DirectoryListings()
        /// Each file's version and the signature of a document reaching no other file.
        private var versions = RunMemo<(bytes: [UInt8], version: Int, signature: String)>()
        private var nextVersion = 0
        private unowned let session: GeneratorSession

        init(session: GeneratorSession) {
            self.session = session
        }

        func beginRun(settings: Settings) {
            self.settings = settings
            // Files the last run did not parse (removed, or a run that stopped early) are dropped.
            parsedFiles.beginRun(keepingIfEmpty: true)
            files.beginRun()
        }

        func use(_ changes: FileChanges?) {
            files.changes = changes
            folderListings.changes = changes
        }

        /// Reading, parsing and validating with what earlier runs did.
        var loaderSteps: OperationLoader.Steps {
            OperationLoader.Steps(read: files.contents(of:), parse: parse, validate: validate)
        }

        private func validate(schema: Schema, rules: [ValidationRule], inputs: [DocumentSetValidator.Input]) -> [GraphQLError] {
            // The rules follow from the schema's dialect, so a new schema is the only change.
            if validator?.generation != schemaGeneration || validator?.validator.schema !== schema {
                validator = (schemaGeneration, DocumentSetValidator(schema: schema, rules: rules))
            }
            return validator?.validator.validate(inputs) ?? []
        }

        /// By document, what its operations' IR depends on: the versions of its file and of the
        /// files whose fragments it spreads (nil where the dependencies are unknown).
        func signatures(of loaded: ValidatedOperations) -> OperationSignatures {
            guard let validator = validator?.validator else { return OperationSignatures() }
            versions.beginRun()
            var own: [Int] = []
            var byDocument: [String?] = []
            own.reserveCapacity(loaded.sources.count)
            byDocument.reserveCapacity(loaded.sources.count)
            var reaching: [(document: Int, reached: [String])] = []
            for source in loaded.sources {
                let known = version(of: source)
                own.append(known.version)
                let reached = validator.documentsReached(from: source.name)
                byDocument.append(reached == nil ? nil : known.signature)
                if let reached, !reached.isEmpty { reaching.append((byDocument.count - 1, reached)) }
            }
            guard !reaching.isEmpty else { return OperationSignatures(byDocument: byDocument) }
            let byName = Dictionary(zip(loaded.sources.map(\.name), own), uniquingKeysWith: { _, last in last })
            for (document, reached) in reaching {
                // Versions are unique across files, so they alone name the bytes depended on.
                byDocument[document] = reached.reduce(byDocument[document] ?? "") { text, name in text + ",\(byName[name] ?? 0)" }
            }
            return OperationSignatures(byDocument: byDocument)
        }

        /// A number that changes whenever the file's bytes do, and the signature it alone makes.
        private func version(of source: Source) -> (bytes: [UInt8], version: Int, signature: String) {
            if let known = versions.previous(source.name), known.bytes == source.bytes {
                versions.record(source.name, known)
                return known
            }
            nextVersion += 1
            let made = (source.bytes, nextVersion, "\u{0}\(nextVersion)")
            versions.record(source.name, made)
            return made
        }

        func generatedFiles(in directory: String) -> GeneratedFileSnapshots {
            session.generatedFiles(in: directory)
        }

        /// The schema of `files`, rebuilt only when their bytes, `assumeValid` or the backend changed.
        func schema(files: [String], secondaryFiles: [String], assumeValid: Bool, backend: SQLGenSettings.Backend, diagnostics: inout DiagnosticCollector) -> DialectSchema? {
            let contents = (files + secondaryFiles).map { self.files.contents(of: $0) }
            if let loaded = loadedSchema, loaded.files == files + secondaryFiles, loaded.contents == contents, loaded.assumeValid == assumeValid, loaded.backend == backend {
                // Register the sources as the loader does, so operation sources keep their ids.
                if !(files.count == 1 && files[0].lowercased().hasSuffix(".json")) {
                    for (path, data) in zip(files + secondaryFiles, contents) {
                        if let data { _ = diagnostics.register(text: data, name: path) }
                    }
                }
                return loaded.loaded
            }
            loadedSchema = nil
            schemaGeneration += 1
            guard let schema = ConnectorSchemaLoader.load(files: files, secondaryFiles: secondaryFiles, assumeValid: assumeValid, backend: backend, diagnostics: &diagnostics) else { return nil }
            loadedSchema = LoadedSchema(files: files + secondaryFiles, contents: contents, assumeValid: assumeValid, backend: backend, loaded: schema)
            return schema
        }

        /// The document of `source`, parsed again only when its bytes, name or id changed.
        func parse(_ source: Source) throws(GraphQLError) -> Document {
            if let parsed = parsedFiles.previous(source.name), parsed.source.id == source.id, parsed.source.bytes == source.bytes {
                parsedFiles.record(source.name, parsed)
                return parsed.document
            }
            let document = try Parser.parse(source, options: .connectorFile)
            parsedFiles.record(source.name, ParsedFile(source: source, document: document))
            return document
        }

        /// The IR builder of the current schema.
        func builder(scalars: SwiftScalarTypes) -> IRBuilder? {
            guard let schema = loadedSchema?.schema else { return nil }
            let tables = loadedSchema?.loaded.tables
            if let builder, builder.generation == schemaGeneration, builder.builder.scalars == scalars { return builder.builder }
            let made = IRBuilder(schema: schema, scalars: scalars, tables: tables)
            builder = (schemaGeneration, made)
            return made
        }

        /// The per-operation cache of the SDK written to `packageDirectory`, emptied when the
        /// schema or the settings changed since it was filled.
        func operationCache(packageDirectory: String) -> OperationIRCache? {
            guard let settings else { return nil }
            if let entry = caches[packageDirectory], entry.generation == schemaGeneration, entry.settings == settings {
                entry.cache.beginRun()
                return entry.cache
            }
            let cache = OperationIRCache()
            caches[packageDirectory] = (schemaGeneration, settings, cache)
            return cache
        }
    }
}
