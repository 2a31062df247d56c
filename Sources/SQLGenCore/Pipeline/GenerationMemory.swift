import SQLGenLanguage
import SQLGenSchema

/// What a run of the generator may reuse from earlier runs, stage by stage. A one-shot run
/// remembers nothing (`NoGenerationMemory`); a `--watch` session remembers every stage's
/// results (`GeneratorSession.Connector`); a run with a `GenerationCache` remembers what
/// validation reached. The pipeline asks each stage of its memory, never "is there a session?".
protocol GenerationMemory {
    /// Folder listings the operation files are discovered with.
    var listings: DirectoryListings? { get }
    /// The connector's schema, loaded or remembered.
    func schema(files: [String], secondaryFiles: [String], assumeValid: Bool, backend: SQLGenSettings.Backend,
                diagnostics: inout DiagnosticCollector) -> DialectSchema?
    /// How operation files are read, parsed and validated.
    var loaderSteps: OperationLoader.Steps { get }
    /// The IR builder for `schema`.
    func builder(for schema: DialectSchema, scalars: SwiftScalarTypes) -> IRBuilder
    /// What each operation's IR depends on, for operations whose dependencies are known.
    func signatures(of operations: ValidatedOperations) -> OperationSignatures
    /// Each operation's IR and Swift file, as built for the SDK in `packageDirectory`.
    func operationCache(packageDirectory: String) -> OperationIRCache?
    /// What the package in `directory` held when this memory last wrote or read it.
    func knownFiles(in directory: String) -> GeneratedFileSnapshots?
}

extension GenerationMemory {
    var listings: DirectoryListings? { nil }

    func schema(files: [String], secondaryFiles: [String], assumeValid: Bool, backend: SQLGenSettings.Backend,
                diagnostics: inout DiagnosticCollector) -> DialectSchema? {
        ConnectorSchemaLoader.load(files: files, secondaryFiles: secondaryFiles, assumeValid: assumeValid, backend: backend, diagnostics: &diagnostics)
    }

    var loaderSteps: OperationLoader.Steps { OperationLoader.Steps() }

    func builder(for schema: DialectSchema, scalars: SwiftScalarTypes) -> IRBuilder {
        IRBuilder(schema: schema.schema, scalars: scalars, tables: schema.tables)
    }

    func signatures(of operations: ValidatedOperations) -> OperationSignatures { OperationSignatures() }
    func operationCache(packageDirectory: String) -> OperationIRCache? { nil }
    func knownFiles(in directory: String) -> GeneratedFileSnapshots? { nil }
}

/// A one-shot run: every stage from scratch.
struct NoGenerationMemory: GenerationMemory {}

extension GeneratorSession.Connector: GenerationMemory {
    var listings: DirectoryListings? { folderListings }

    func builder(for schema: DialectSchema, scalars: SwiftScalarTypes) -> IRBuilder {
        builder(scalars: scalars) ?? IRBuilder(schema: schema.schema, scalars: scalars, tables: schema.tables)
    }

    func knownFiles(in directory: String) -> GeneratedFileSnapshots? { generatedFiles(in: directory) }
}
