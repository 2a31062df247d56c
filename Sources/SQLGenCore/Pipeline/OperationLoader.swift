import Foundation
import SQLGenLanguage
import SQLGenSchema

/// Reads and validates a connector's operation files together, so fragments can be shared
/// across files and operation names are checked for uniqueness across the connector.
struct OperationLoader {
    /// How files become validated documents; a session's reuse earlier runs' work.
    struct Steps {
        var read: (String) -> [UInt8]? = FileBytes.read
        var parse: (Source) throws(GraphQLError) -> Document = { source throws(GraphQLError) in try Parser.parse(source, options: .connectorFile) }
        var validate: (Schema, [ValidationRule], [DocumentSetValidator.Input]) -> [GraphQLError] = { schema, rules, inputs in
            DocumentSetValidator(schema: schema, rules: rules).validate(inputs)
        }
    }

    /// The operations of `files`, validated; nil when a file could not be read or parsed or the
    /// operations are not valid (the problems are in `diagnostics`).
    /// With `aem`, each file holds one persisted query named after the file, as AEM names them:
    /// `adventure-by-slug.graphql` becomes `adventureBySlug`, persisted as `adventure-by-slug`,
    /// whatever name (or none) the operation has in the file.
    static func load(files: [String], schema: Schema, rules: [ValidationRule], diagnostics: inout DiagnosticCollector, aem: Bool, steps: Steps = Steps()) -> ValidatedOperations? {
        var documents: [Document] = []
        var sources: [Source] = []
        var persistedNames: [String: String] = [:]
        var failed = false
        for path in files {
            guard let bytes = steps.read(path) else {
                diagnostics.add(Diagnostic(message: "cannot read operation file", file: path))
                failed = true
                continue
            }
            let source = diagnostics.register(text: bytes, name: path)
            do {
                var document = try steps.parse(source)
                if aem {
                    var errors: [GraphQLError] = []
                    document = nameAfterFile(document, path: path, errors: &errors, persistedNames: &persistedNames)
                    for error in errors { diagnostics.add(error) }
                }
                documents.append(document)
                sources.append(source)
            } catch {
                diagnostics.add(error)
                failed = true
            }
        }
        let (validated, errors) = ValidatedOperations.validating(documents, sources: sources, persistedNames: persistedNames) {
            steps.validate(schema, rules, $0)
        }
        for error in errors { diagnostics.add(error) }
        return failed || diagnostics.hasErrors ? nil : validated
    }

    static func nameAfterFile(_ document: Document, path: String, errors: inout [GraphQLError], persistedNames: inout [String: String]) -> Document {
        let persisted = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let name = SwiftNaming.lowerCamel(persisted)
        var result = document
        var operations = 0
        for (index, definition) in document.definitions.enumerated() {
            guard case .operation(var operation) = definition else { continue }
            operations += 1
            if operations == 1, !ConfigNameRules.isPlainName(persisted) {
                errors.append(GraphQLError("An AEM persisted query is named after its file, and \"\(persisted)\" cannot name one: start with a letter and use "
                                           + "letters, digits, '-' and '_' (the name goes in the query's URL and gives its Swift class).", ranges: [operation.range]))
            }
            if operations > 1 {
                errors.append(GraphQLError("An AEM persisted query file holds one operation; move \"\(operation.name?.value ?? "this operation")\" to a file of its own.", ranges: [operation.range]))
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
    public static let connectorFile: ParseOptions = {
        var options = ParseOptions()
        options.allowNoDefinitions = true
        return options
    }()
}
