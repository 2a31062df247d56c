// Which dialect a schema is written in is decided here, once, for the generator, the emulator
// and the CLI alike.

import SQLGenAEM
import SQLGenDataConnect
import SQLGenLanguage
import SQLGenSchema

/// The dialect of a schema's SDL: what the server derives from what the user writes.
public enum Dialect: String, Sendable, CaseIterable {
    /// Plain GraphQL SDL: the schema is what the files say.
    case graphQL
    /// Firebase Data Connect: `@table` and `@view` types, from which the service derives keys,
    /// inputs, queries, mutations and relations.
    case dataConnect
    /// AEM headless: `@model` content fragment models, from which AEM derives its query types.
    case aem

    /// The dialect `documents` are written in. Files that define nothing are `whenEmpty`'s (a
    /// Data Connect service that has no tables yet is what `firebase init` writes).
    public static func of(_ documents: [Document], whenEmpty: Dialect = .graphQL) -> Dialect {
        if DataConnectDialect.isDataConnectSchema(documents) { return .dataConnect }
        if AEMDialect.isAEMSchema(documents) { return .aem }
        if documents.allSatisfy(\.definitions.isEmpty) { return whenEmpty }
        return .graphQL
    }

    /// The whole schema's SDL; for plain GraphQL, the documents' definitions as they are.
    public func expand(_ documents: [Document]) -> SchemaExpansion {
        switch self {
        case .graphQL:
            SchemaExpansion(document: documents.count == 1 ? documents[0] : Document(definitions: documents.flatMap(\.definitions)), errors: [])
        case .dataConnect: DataConnectDialect.expand(documents)
        case .aem: AEMDialect.expand(documents)
        }
    }

    /// The expanded schema, built; the errors are the expansion's, then the builder's.
    public func buildSchema(_ documents: [Document], options: SchemaBuildOptions = SchemaBuildOptions()) -> SchemaBuildResult {
        if self == .graphQL { return SchemaBuilder.build(documents: documents, options: options) }
        return expand(documents).buildSchema(options: options)
    }

    /// The rules a connector's operations written for this dialect are validated with before an
    /// SDK is generated: the dialect's, and names that a generated client can tell apart.
    public var operationRules: [ValidationRule] {
        (self == .dataConnect ? DataConnectDialect.operationRules : persistedOperationRules) + [.persistedOperationsDistinctNames]
    }

    /// `rules` (the spec's, or the persisted-operation rules) as the dialect applies them.
    public func rules(from rules: [ValidationRule]) -> [ValidationRule] {
        self == .dataConnect ? DataConnectDialect.rules(from: rules) : rules
    }
}
