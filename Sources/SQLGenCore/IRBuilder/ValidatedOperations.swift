import SQLGenLanguage
import SQLGenSchema

/// A connector's operation documents that passed validation together against one schema. Only
/// validation makes one, so the IR builder never meets a document nobody checked.
public struct ValidatedOperations: Sendable {
    public let documents: [Document]
    /// The source of each document, in the same order.
    public let sources: [Source]
    /// Operation name → the name the server knows it by (AEM: the file name).
    public let persistedNames: [String: String]

    private init(documents: [Document], sources: [Source], persistedNames: [String: String]) {
        self.documents = documents
        self.sources = sources
        self.persistedNames = persistedNames
    }

    /// The documents of `sources`, validated together with `validate`; nil and the errors when
    /// validation found any.
    static func validating(_ documents: [Document], sources: [Source], persistedNames: [String: String],
                           with validate: ([DocumentSetValidator.Input]) -> [GraphQLError]) -> (ValidatedOperations?, [GraphQLError]) {
        let inputs = zip(sources, documents).map { DocumentSetValidator.Input(source: $0, document: $1) }
        let errors = documents.isEmpty ? [] : validate(inputs)
        guard errors.isEmpty else { return (nil, errors) }
        return (ValidatedOperations(documents: documents, sources: sources, persistedNames: persistedNames), [])
    }

    /// Parsed documents validated together against `schema` with `rules`.
    public static func validate(_ documents: [Document], sources: [Source], schema: Schema, rules: [ValidationRule] = persistedOperationRules,
                                persistedNames: [String: String] = [:]) throws(ValidationFailure) -> ValidatedOperations {
        let (validated, errors) = validating(documents, sources: sources, persistedNames: persistedNames) {
            DocumentSetValidator(schema: schema, rules: rules).validate($0)
        }
        guard let validated else { throw ValidationFailure(errors: errors) }
        return validated
    }

    /// `sources` parsed (each with its own `SourceID`) and validated together.
    public static func validate(parsing sources: [Source], schema: Schema, rules: [ValidationRule] = persistedOperationRules) throws(ValidationFailure) -> ValidatedOperations {
        var documents: [Document] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source))
            } catch {
                throw ValidationFailure(errors: [error])
            }
        }
        return try validate(documents, sources: sources, schema: schema, rules: rules)
    }
}

/// Operations that did not pass validation, with every error found.
public struct ValidationFailure: Error, Sendable, CustomStringConvertible {
    public let errors: [GraphQLError]
    public var description: String { errors.map(\.message).joined(separator: "\n") }
}
