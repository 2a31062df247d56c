import Foundation
import SQLGenDataConnect
import SQLGenDialects
import SQLGenLanguage
import SQLGenSchema

/// A connector's schema, the dialect its SDL is written in, and for Data Connect its tables.
struct DialectSchema {
    let schema: Schema
    let dialect: Dialect
    var tables: DataConnectModel? = nil
}

/// Reads a connector's schema: SDL files (with their dialect expanded: Data Connect's `@table`
/// and `@view` types, AEM's `@model` types) or an introspection result.
struct ConnectorSchemaLoader {
    /// The loaded schema; nil when it could not be built. With `assumeValid`, the schema itself
    /// is not checked (neither SDL nor type-system rules).
    /// Files that define nothing are a Data Connect service without tables yet (what `firebase
    /// init` writes) when the connector's backend is Data Connect.
    /// `secondaryFiles` (a Data Connect project's secondary schemas) are merged after expansion.
    /// Files are read with `read` (an editor passes its unsaved text).
    static func load(files: [String], secondaryFiles: [String] = [], assumeValid: Bool = false, backend: SQLGenSettings.Backend = .dataconnect,
                     read: (String) -> [UInt8]? = FileBytes.read, diagnostics: inout DiagnosticCollector) -> DialectSchema? {
        if files.count == 1, secondaryFiles.isEmpty, files[0].lowercased().hasSuffix(".json") {
            return loadIntrospection(path: files[0], assumeValid: assumeValid, read: read, diagnostics: &diagnostics)
                .map { DialectSchema(schema: $0, dialect: .graphQL) }
        }
        let parsed = parse(files, read: read, diagnostics: &diagnostics)
        let secondary = parse(secondaryFiles, read: read, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return nil }
        let dialect = Dialect.of(parsed, whenEmpty: backend == .dataconnect ? .dataConnect : .graphQL)
        var tables: DataConnectModel?
        let expansion: SchemaExpansion
        if dialect == .dataConnect {
            (expansion, tables) = DataConnectDialect.expandResolvingModel(parsed)
        } else {
            expansion = dialect.expand(parsed)
        }
        for error in expansion.errors { diagnostics.add(error) }
        guard expansion.errors.isEmpty else { return nil }
        let documents = [expansion.document] + secondary.map(DataConnectDialect.secondarySchema)
        let result = SchemaBuilder.build(documents: documents, options: SchemaBuildOptions(assumeValidSDL: assumeValid, assumeValid: assumeValid))
        for error in result.errors { diagnostics.add(error) }
        guard !diagnostics.hasErrors else { return nil }
        return DialectSchema(schema: result.schema, dialect: dialect, tables: tables)
    }

    private static func parse(_ files: [String], read: (String) -> [UInt8]?, diagnostics: inout DiagnosticCollector) -> [Document] {
        var documents: [Document] = []
        for path in files {
            guard let bytes = read(path) else {
                diagnostics.add(Diagnostic(message: "cannot read schema file", file: path))
                continue
            }
            let source = diagnostics.register(text: bytes, name: path)
            do {
                documents.append(try Parser.parse(source, options: .connectorFile))
            } catch {
                diagnostics.add(error)
            }
        }
        return documents
    }

    private static func loadIntrospection(path: String, assumeValid: Bool, read: (String) -> [UInt8]?, diagnostics: inout DiagnosticCollector) -> Schema? {
        guard let bytes = read(path) else {
            diagnostics.add(Diagnostic(message: "cannot read introspection file", file: path))
            return nil
        }
        do {
            let result = try IntrospectionSchemaBuilder.build(json: Data(bytes), options: SchemaBuildOptions(assumeValidSDL: assumeValid, assumeValid: assumeValid))
            for error in result.errors { diagnostics.add(Diagnostic(message: error.message, file: path)) }
            return diagnostics.hasErrors ? nil : result.schema
        } catch {
            diagnostics.add(Diagnostic(message: error.message, file: path))
            return nil
        }
    }
}
