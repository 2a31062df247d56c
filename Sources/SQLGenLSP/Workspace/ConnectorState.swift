import SQLGenCore
import SQLGenLanguage
import SQLGenSchema

/// A problem to show in a file: a `GraphQLError` with its byte ranges, or a `Diagnostic` from
/// the connector's config or schema (a line and column).
enum Problem {
    case error(GraphQLError, severity: Diagnostic.Severity)
    case diagnostic(Diagnostic, related: [Diagnostic])
}

/// One operation file as last parsed.
struct ParsedFile {
    let source: Source
    /// Nil when the text has a syntax error.
    let document: Document?
    /// The syntax error, or an AEM file's naming errors.
    let errors: [GraphQLError]
}

/// One connector as the server keeps it: loaded as `validate` loads it, its operation files
/// parsed (reparsed only when their text changes) and validated together by one
/// `DocumentSetValidator`, so an edit revalidates the edited file and the files that use its
/// fragments.
final class ConnectorState {
    private(set) var loaded: LoadedConnector
    /// The operation files, symbolic links resolved (the editor's paths are).
    private(set) var operationPaths: [String]
    private(set) var schemaPaths: Set<String>
    private var parsed: [String: ParsedFile] = [:]
    /// Each file's last text that parsed: fragments and symbols stay known while a file is
    /// half-typed.
    private var lastGood: [String: Document] = [:]
    private var sourceIDs: [String: SourceID] = [:]
    private var validator: DocumentSetValidator?
    private var ownTypes: Set<String>?

    /// The config's path, symbolic links resolved: the connector's name in the workspace.
    let key: String

    init(_ loaded: LoadedConnector) {
        self.loaded = loaded
        key = FileURI.canonical(loaded.config.path)
        operationPaths = loaded.operationFiles.map(FileURI.canonical)
        schemaPaths = Set(loaded.schemaFiles.map(FileURI.canonical))
        validator = loaded.schema.map { DocumentSetValidator(schema: $0, rules: loaded.operationRules) }
    }

    var configPath: String { loaded.config.path }
    var schema: Schema? { loaded.schema }

    /// Reads the connector again (its config, files and schema); parsed files are kept. Nil, or
    /// the config's problems when it no longer loads.
    func reload(read: (String) -> [UInt8]?) -> [Diagnostic]? {
        let (connectors, problems) = LoadedConnector.load(configPath: key, read: read)
        guard let fresh = connectors.first(where: { FileURI.canonical($0.config.path) == key }) else {
            return problems.isEmpty ? [Diagnostic(message: "no connector is configured here any more", file: key)] : problems
        }
        loaded = fresh
        operationPaths = fresh.operationFiles.map(FileURI.canonical)
        schemaPaths = Set(fresh.schemaFiles.map(FileURI.canonical))
        validator = fresh.schema.map { DocumentSetValidator(schema: $0, rules: fresh.operationRules) }
        ownTypes = nil
        return nil
    }

    func owns(_ path: String) -> Bool {
        schemaPaths.contains(path) || operationPaths.contains(path)
    }

    /// The file as last parsed, parsing it when its text changed.
    func parsedFile(_ path: String, bytes: [UInt8]) -> ParsedFile {
        if let known = parsed[path], known.source.bytes == bytes { return known }
        let id = sourceIDs[path] ?? {
            let id = SourceID(UInt32(0x10_0000 + sourceIDs.count))
            sourceIDs[path] = id
            return id
        }()
        let source = Source(bytes: bytes, name: path, id: id)
        var file: ParsedFile
        do {
            var document = try Parser.parse(source, options: .connectorFile)
            var errors: [GraphQLError] = []
            if loaded.namesOperationsAfterFiles {
                (document, errors) = LoadedConnector.namedAfterFile(document, path: path)
            }
            file = ParsedFile(source: source, document: document, errors: errors)
        } catch {
            file = ParsedFile(source: source, document: nil, errors: [error])
        }
        parsed[path] = file
        if let document = file.document { lastGood[path] = document }
        return file
    }

    /// Every operation file's last document that parsed, in file order (files not read yet are
    /// read and parsed now).
    func documents(read: (String) -> [UInt8]?) -> [(path: String, document: Document)] {
        operationPaths.compactMap { path in
            if parsed[path] == nil, let bytes = read(path) { _ = parsedFile(path, bytes: bytes) }
            return lastGood[path].map { (path, $0) }
        }
    }

    /// Every problem of the connector by file: what `sqlgen validate` reports for it.
    func problems(read: (String) -> [UInt8]?) -> [String: [Problem]] {
        var byFile: [String: [Problem]] = [:]
        addLoadingDiagnostics(to: &byFile)
        guard let validator else { return byFile }
        var inputs: [DocumentSetValidator.Input] = []
        var paths: [SourceID: String] = [:]
        for path in operationPaths {
            guard let bytes = read(path) else {
                byFile[path, default: []].append(.diagnostic(Diagnostic(message: "cannot read operation file", file: path), related: []))
                continue
            }
            let file = parsedFile(path, bytes: bytes)
            paths[file.source.id] = path
            byFile[path, default: []] += file.errors.map { .error($0, severity: .error) }
            if let document = file.document { inputs.append(DocumentSetValidator.Input(source: file.source, document: document)) }
        }
        var errors = inputs.isEmpty ? [] : validator.validate(inputs)
        if errors.isEmpty { errors = loaded.nameClashes(in: inputs.map(\.document)) }
        for source in loaded.schemaSources where paths[source.id] == nil { paths[source.id] = FileURI.canonical(source.name) }
        for error in errors {
            let path = error.ranges.first.flatMap { paths[$0.source] } ?? error.source.flatMap { paths[$0] } ?? key
            byFile[path, default: []].append(.error(error, severity: .error))
        }
        return byFile
    }

    /// The config's, the project's and the schema's problems, each note kept with its problem.
    private func addLoadingDiagnostics(to byFile: inout [String: [Problem]]) {
        var pending: (Diagnostic, [Diagnostic])?
        func flush() {
            guard let (diagnostic, related) = pending else { return }
            let path = diagnostic.file.map(FileURI.canonical) ?? key
            byFile[path, default: []].append(.diagnostic(diagnostic, related: related))
            pending = nil
        }
        for diagnostic in loaded.diagnostics {
            if diagnostic.severity == .note, pending != nil {
                pending?.1.append(diagnostic)
                continue
            }
            flush()
            pending = (diagnostic, [])
        }
        flush()
    }

    /// The parsed files of the connector (those parsed so far), by path.
    var parsedFiles: [String: ParsedFile] { parsed }

    /// The types the user's schema files define (not the dialect's prelude or derived types).
    var ownTypeNames: Set<String> {
        if let known = ownTypes { return known }
        let ids = Set(loaded.schemaSources.map(\.id))
        let names = Set((schema?.typeNames ?? []).filter { name in
            schema?.type(named: name)?.nameRange.map { ids.contains($0.source) && $0.end > $0.start } == true
        })
        ownTypes = names
        return names
    }

    /// The source of a schema definition's range, when it is one of the connector's files.
    func schemaSource(of range: SourceRange) -> Source? {
        loaded.schemaSources.first { $0.id == range.source }
    }
}
