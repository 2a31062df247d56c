import Foundation
import SQLGenLanguage
import SQLGenSchema

/// Reads and validates a connector's operation files together, so fragments can be shared
/// across files and operation names are checked for uniqueness across the connector.
struct OperationLoader {
    struct Loaded {
        var documents: [Document]
        /// Operation name → the name the server knows it by (AEM: the file name).
        var persistedNames: [String: String]
    }

    /// With `aem`, each file holds one persisted query named after the file, as AEM names them:
    /// `adventure-by-slug.graphql` becomes `adventureBySlug`, persisted as `adventure-by-slug`,
    /// whatever name (or none) the operation has in the file.
    /// `parse` turns each registered file into its document (a session's cache reuses them).
    static func load(files: [String], schema: Schema, diagnostics: inout DiagnosticCollector, aem: Bool,
                     parse: (Source) throws(GraphQLError) -> Document = { source throws(GraphQLError) in try Parser.parse(source, options: .connectorFile) }) -> Loaded {
        var documents: [Document] = []
        var persistedNames: [String: String] = [:]
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                diagnostics.add(Diagnostic(message: "cannot read operation file", file: path))
                continue
            }
            let source = diagnostics.register(text: [UInt8](data), name: path)
            do {
                var document = try parse(source)
                if aem {
                    document = nameAfterFile(document, path: path, source: source, diagnostics: &diagnostics, persistedNames: &persistedNames)
                }
                documents.append(document)
            } catch {
                diagnostics.add(error)
            }
        }
        if !documents.isEmpty {
            for error in validate(schema: schema, documents: documents, rules: persistedOperationRules) {
                diagnostics.add(error)
            }
        }
        return Loaded(documents: documents, persistedNames: persistedNames)
    }

    private static func nameAfterFile(_ document: Document, path: String, source: Source, diagnostics: inout DiagnosticCollector, persistedNames: inout [String: String]) -> Document {
        let persisted = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let name = SwiftNaming.lowerCamel(persisted)
        var result = document
        var operations = 0
        for (index, definition) in document.definitions.enumerated() {
            guard case .operation(var operation) = definition else { continue }
            operations += 1
            if operations > 1 {
                diagnostics.add(GraphQLError("An AEM persisted query file holds one operation; move \"\(operation.name?.value ?? "this operation")\" to a file of its own.", ranges: [operation.range]))
                continue
            }
            operation.name = Name(name, range: operation.name?.range ?? operation.range)
            result.definitions[index] = .operation(operation)
            persistedNames[name] = persisted
        }
        return result
    }
}

extension ParseOptions {
    /// A connector's schema or operation file: one holding only comments defines nothing, as
    /// Data Connect reads it (`firebase init` writes such files).
    static let connectorFile: ParseOptions = {
        var options = ParseOptions()
        options.allowNoDefinitions = true
        return options
    }()
}
