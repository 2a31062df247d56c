import SQLGenLanguage

/// Builds a `Schema` from SDL documents (graphql-js `buildASTSchema` / `extendSchema`).
///
/// The documents are treated as one: a schema folder's files can define a type in one file and
/// `extend` it in another. Executable definitions are ignored.
public enum SchemaBuilder {
    /// Builds a schema from SDL. Runs the SDL rules first and the type-system rules after
    /// building (each skipped by the matching `assume...` option); the schema is returned even
    /// when there are errors.
    public static func build(documents: [Document], options: SchemaBuildOptions = SchemaBuildOptions()) -> SchemaBuildResult {
        build(existing: nil, documents: documents, options: options)
    }

    /// Extends an existing schema with more SDL: new types and directives, `extend` of existing
    /// types and of the schema (graphql-js `extendSchema`).
    public static func extend(_ schema: Schema, with documents: [Document], options: SchemaBuildOptions = SchemaBuildOptions()) -> SchemaBuildResult {
        build(existing: schema, documents: documents, options: options)
    }

    private static func build(existing: Schema?, documents: [Document], options: SchemaBuildOptions) -> SchemaBuildResult {
        var errors: [GraphQLError] = []
        if !options.assumeValidSDL {
            errors += SDLValidator.validate(documents: documents, existingSchema: existing)
        }
        var assembler = SchemaAssembler(existing: existing, includeDeferStream: options.includeDeferStreamDirectives)
        for document in documents {
            assembler.collect(document)
        }
        let schema = assembler.assemble()
        if !options.assumeValid {
            errors += SchemaValidator.validate(schema)
        }
        return SchemaBuildResult(schema: schema, errors: errors)
    }
}
