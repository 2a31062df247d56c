import SQLGenLanguage

/// The directives every schema has (graphql-js 17's `specifiedDirectives`), plus the incremental
/// delivery directives `@defer` and `@stream`, which are present only when a schema opts in
/// (`SchemaBuildOptions.includeDeferStream`) so validation can check their use.
public enum BuiltInDirectives {
    private static let ifArgumentLocations: [DirectiveLocation] = [.field, .fragmentSpread, .inlineFragment]

    public static let include = GraphQLDirective(name: "include", description: "Directs the executor to include this field or fragment only when the `if` argument is true.", arguments: [GraphQLInputValue(name: "if", description: "Included when true.", type: .nonNull(.named("Boolean")))], locations: ifArgumentLocations)

    public static let skip = GraphQLDirective(name: "skip", description: "Directs the executor to skip this field or fragment when the `if` argument is true.", arguments: [GraphQLInputValue(name: "if", description: "Skipped when true.", type: .nonNull(.named("Boolean")))], locations: ifArgumentLocations)

    /// The default `reason` of `@deprecated`.
    public static let defaultDeprecationReason = "No longer supported"

    public static let deprecated = GraphQLDirective(name: "deprecated", description: "Marks an element of a GraphQL schema as no longer supported.", arguments: [GraphQLInputValue(name: "reason", description: "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).", type: .nonNull(.named("String")), defaultValue: .string(StringValue(defaultDeprecationReason)))], locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue])

    public static let specifiedBy = GraphQLDirective(name: "specifiedBy", description: "Exposes a URL that specifies the behavior of this scalar.", arguments: [GraphQLInputValue(name: "url", description: "The URL that specifies the behavior of this scalar.", type: .nonNull(.named("String")))], locations: [.scalar])

    public static let oneOf = GraphQLDirective(name: "oneOf", description: "Indicates exactly one field must be supplied and this field must not be `null`.", locations: [.inputObject])

    public static let `defer` = GraphQLDirective(name: "defer", description: "Directs the executor to defer this fragment when the `if` argument is true or undefined.", arguments: [
        GraphQLInputValue(name: "if", description: "Deferred when true or undefined.", type: .nonNull(.named("Boolean")), defaultValue: .boolean(true, .none)),
        GraphQLInputValue(name: "label", description: "Unique name", type: .named("String")),
    ], locations: [.fragmentSpread, .inlineFragment])

    public static let stream = GraphQLDirective(name: "stream", description: "Directs the executor to stream plural fields when the `if` argument is true or undefined.", arguments: [
        GraphQLInputValue(name: "if", description: "Stream when true or undefined.", type: .nonNull(.named("Boolean")), defaultValue: .boolean(true, .none)),
        GraphQLInputValue(name: "label", description: "Unique name", type: .named("String")),
        GraphQLInputValue(name: "initialCount", description: "Number of items to return immediately", type: .nonNull(.named("Int")), defaultValue: .int("0", .none)),
    ], locations: [.field])

    /// graphql-js 17's `specifiedDirectives`, in its order.
    public static let specified: [GraphQLDirective] = [include, skip, deprecated, specifiedBy, oneOf]

    /// Names of `specified` plus `defer` and `stream`.
    public static let names: Set<String> = ["include", "skip", "deprecated", "specifiedBy", "oneOf", "defer", "stream"]
}
