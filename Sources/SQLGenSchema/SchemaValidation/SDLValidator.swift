import SQLGenLanguage

/// graphql-js's SDL rules (`specifiedSDLRules`), run over SDL documents in one pass so the errors
/// come out in graphql-js's order: document order, and rule order at each node.
///
/// Rules: LoneSchemaDefinition, UniqueOperationTypes, UniqueTypeNames, UniqueEnumValueNames,
/// UniqueFieldDefinitionNames, UniqueArgumentDefinitionNames, UniqueDirectiveNames, KnownTypeNames,
/// KnownDirectives, UniqueDirectivesPerLocation, PossibleTypeExtensions,
/// KnownArgumentNamesOnDirectives, UniqueArgumentNames, UniqueInputFieldNames,
/// ProvidedRequiredArgumentsOnDirectives; then NoDirectiveDefinitionCycles, which graphql-js
/// reports once the whole document is read.
public enum SDLValidator {
    /// Validates SDL documents, optionally as an extension of `existingSchema`.
    public static func validate(documents: [Document], existingSchema: Schema? = nil) -> [GraphQLError] {
        // One document (the usual case) shares its definitions instead of copying each one.
        let definitions = documents.count == 1 ? documents[0].definitions : documents.flatMap(\.definitions)
        var walker = SDLWalker(definitions: definitions, schema: existingSchema)
        walker.run()
        return walker.errors + NoDirectiveDefinitionCyclesRule.errors(in: definitions, extending: existingSchema,
                                                                      appliedAtInputPositions: walker.directivesAtInputPositions)
    }
}
