import SQLGenLanguage

/// Options for building a schema.
public struct SchemaBuildOptions: Sendable {
    /// Skip the SDL rules (`UniqueTypeNames`, `KnownTypeNames`, ...) before building.
    public var assumeValidSDL: Bool
    /// Skip the type-system rules (`validateSchema`) after building.
    public var assumeValid: Bool
    /// Add `@defer` and `@stream` to the schema's directives (graphql-js keeps them out of
    /// `specifiedDirectives`; validation of incremental delivery needs them).
    public var includeDeferStreamDirectives: Bool

    public init(assumeValidSDL: Bool = false, assumeValid: Bool = false, includeDeferStreamDirectives: Bool = false) {
        self.assumeValidSDL = assumeValidSDL
        self.assumeValid = assumeValid
        self.includeDeferStreamDirectives = includeDeferStreamDirectives
    }
}

/// A built schema and the problems found while building it.
///
/// The schema is always built, even when there are errors, so tools can report every problem
/// and still carry on (like graphql-js with `assumeValid`). Check `errors` before trusting it.
public struct SchemaBuildResult: Sendable {
    public let schema: Schema
    /// SDL rule errors first (document order), then type-system errors (graphql-js's order).
    public let errors: [GraphQLError]

    public init(schema: Schema, errors: [GraphQLError]) {
        self.schema = schema
        self.errors = errors
    }

    public var isValid: Bool { errors.isEmpty }
}
