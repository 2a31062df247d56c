import SQLGenLanguage

/// A dialect's user SDL expanded into one whole schema document: its prelude, the user's
/// definitions with what the dialect adds to them, and the types and root fields it derives.
public struct SchemaExpansion: Sendable {
    /// Ready for `SchemaBuilder`.
    public var document: Document
    /// Problems in the user's SDL, at the node the user wrote; the document is still as complete
    /// as it can be.
    public var errors: [GraphQLError]

    public init(document: Document, errors: [GraphQLError]) {
        self.document = document
        self.errors = errors
    }

    /// Builds the schema from the expanded document; the errors are the expansion's, then the
    /// schema builder's.
    public func buildSchema(options: SchemaBuildOptions = SchemaBuildOptions()) -> SchemaBuildResult {
        let built = SchemaBuilder.build(documents: [document], options: options)
        return SchemaBuildResult(schema: built.schema, errors: errors + built.errors)
    }
}
