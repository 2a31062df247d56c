import SQLGenLanguage

/// graphql-js's default limit: validation stops after this many errors.
public let defaultMaxValidationErrors = 100

/// Validates an executable document against a schema (GraphQL spec section 5).
///
/// Runs `rules` in one walk of the document and returns every error in graphql-js's order
/// (document order, rules in list order at each node). After `maxErrors` errors it adds
/// "Too many validation errors, error limit reached. Validation aborted." and stops.
/// The schema is assumed valid (validate it first with the schema validator).
public func validate(schema: Schema, document: Document, rules: [ValidationRule] = specifiedRules, maxErrors: Int = defaultMaxValidationErrors) -> [GraphQLError] {
    let context = ValidationContext(schema: schema, document: document, maxErrors: maxErrors)
    var seen: Set<String> = []
    var visitors: [RuleVisitor] = []
    visitors.reserveCapacity(rules.count)
    for rule in rules where seen.insert(rule.name).inserted {
        visitors.append(rule.make(context, rule.name))
    }
    DocumentWalker(typeInfo: context.typeInfo, rules: visitors, context: context).walk(document)
    return context.errors
}

/// Validates several documents as one: a connector's operation files, which may spread fragments
/// defined in each other. Ranges keep each document's `SourceID`, so errors point into the right
/// file. Operation and fragment names must then be unique across all the files.
public func validate(schema: Schema, documents: [Document], rules: [ValidationRule] = specifiedRules, maxErrors: Int = defaultMaxValidationErrors) -> [GraphQLError] {
    if documents.count == 1 { return validate(schema: schema, document: documents[0], rules: rules, maxErrors: maxErrors) }
    let combined = Document(definitions: documents.flatMap(\.definitions), range: documents.first?.range ?? .none)
    return validate(schema: schema, document: combined, rules: rules, maxErrors: maxErrors)
}
