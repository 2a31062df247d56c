import SQLGenLanguage

// Operation validation (GraphQL spec section 5).
//
// `validate(schema:document:rules:maxErrors:)` and `validate(schema:documents:...)` run the rules of
// graphql-js 17's `specifiedRules` (plus opt-in ones) over an executable document and return
// `GraphQLError`s with graphql-js's messages, locations and order.
//
// - `DocumentWalker` is the single traversal: it visits nodes in graphql-js's order, keeps `TypeInfo`
//   (parent type, field, expected input type, directive, argument) up to date and calls the rules
//   (`RuleVisitor` subclasses, one file per rule in `Rules/`) that handle each node kind
//   (`RuleHooks`; `RulePlan` works out which, once per list of rules). A rule can skip the inside
//   of a list or object value, as graphql-js's `visitInParallel` allows. Rule visitors are created
//   on first use.
// - `ValidationContext` holds what rules share: fragments by name, fragment spreads, variable usages
//   (`VariableUsageCollector`: names from one plain scan per operation; typed usages recorded by the
//   walk itself, a fragment not yet walked walked alone), the error list and the 100-error limit.
// - `OverlappingFieldsCanBeMergedRule` follows graphql-js's algorithm (`FieldMerger`): fields
//   collected once per selection set, fragment pairs and (fields, fragment) pairs compared once each.
// - Speed (measurements in `benchmarks/README.md`): no per-node allocation in the walk, no second
//   typed walk, checks for repeated names without hashing short lists, and `TypeInfo` stacks that
//   need no exclusivity checks (`FrameStack`).
// - Several documents (a connector's files) are validated as one: fragments are shared, names must
//   be unique across files, and ranges keep each file's `SourceID`.
//
// Known, deliberate differences from graphql-core 3.3.2 (the corpus oracle), where graphql-js 17
// differs from it: directive locations are printed as `QUERY`, not `query`; null is `null`, not
// `None`; scalar errors for list or object literals keep their location.

/// How deep selection sets may nest through fragment spreads; deeper documents are refused (the
/// rules follow spreads recursively, as graphql-js does, and must not overflow the stack).
let maxFragmentNesting = 1_000

/// graphql-js's default limit: validation stops after this many errors.
public let defaultMaxValidationErrors = 100

/// Validates an executable document against a schema (GraphQL spec section 5).
///
/// Runs `rules` in one walk of the document and returns every error in graphql-js's order
/// (document order, rules in list order at each node). After `maxErrors` errors it adds
/// "Too many validation errors, error limit reached. Validation aborted." and stops.
/// The schema is assumed valid (validate it first with the schema validator).
public func validate(schema: Schema, document: Document, rules: [ValidationRule] = specifiedRules, maxErrors: Int = defaultMaxValidationErrors) -> [GraphQLError] {
    validate(schema: schema, document: document, rules: rules, maxErrors: maxErrors, callingEveryRule: false)
}

/// `validate` with the option to call every rule for every node (ignoring `RuleHooks`), for tests.
func validate(schema: Schema, document: Document, rules: [ValidationRule], maxErrors: Int, callingEveryRule: Bool) -> [GraphQLError] {
    let context = ValidationContext(schema: schema, document: document, maxErrors: maxErrors)
    let nesting = context.fragments.isEmpty ? (depth: 0, pastLimit: nil) : FragmentNesting.measure(context.fragments, limit: maxFragmentNesting)
    if nesting.depth > maxFragmentNesting {
        let source = nesting.pastLimit.flatMap { context.fragment(named: $0)?.range.source }
        let error = GraphQLError("Fragments nest selections more than \(maxFragmentNesting) levels deep. Validation aborted.", source: source)
        return attributed([error], to: document)
    }
    let plan = RulePlan.plan(for: rules, callsEveryRule: callingEveryRule)
    // Rules recurse through spreads and into values: at most both nestings together.
    let errors = DeepStack.run(nesting: nesting.depth + document.nestingDepth) {
        DocumentWalker(typeInfo: context.typeInfo, plan: plan, context: context).walk(document)
        return context.errors
    }
    return attributed(errors, to: document)
}

/// Gives the errors without ranges or source the document's source: whatever reads them must
/// name the operations, not some other file (the schema's).
private func attributed(_ errors: [GraphQLError], to document: Document) -> [GraphQLError] {
    guard errors.contains(where: { $0.ranges.isEmpty && $0.source == nil }) else { return errors }
    let source = document.definitions.first?.range.source ?? document.range.source
    return errors.map { error in
        var error = error
        if error.ranges.isEmpty && error.source == nil { error.source = source }
        return error
    }
}

/// Validates several documents as one: a connector's operation files, which may spread fragments
/// defined in each other. Ranges keep each document's `SourceID`, so errors point into the right
/// file. Operation and fragment names must then be unique across all the files.
public func validate(schema: Schema, documents: [Document], rules: [ValidationRule] = specifiedRules, maxErrors: Int = defaultMaxValidationErrors) -> [GraphQLError] {
    if documents.count == 1 { return validate(schema: schema, document: documents[0], rules: rules, maxErrors: maxErrors) }
    let combined = Document(definitions: documents.flatMap(\.definitions), range: documents.first?.range ?? .none)
    return validate(schema: schema, document: combined, rules: rules, maxErrors: maxErrors)
}
