import SQLGenLanguage

/// A directive definition: built-in (`@skip`, `@include`, `@deprecated`, `@specifiedBy`, `@oneOf`,
/// `@defer`, `@stream`) or declared with `directive @name ... on ...`.
public struct GraphQLDirective: Sendable {
    /// The name without `@`.
    public let name: String
    public let description: String?
    public let arguments: [GraphQLInputValue]
    public let isRepeatable: Bool
    public let locations: [DirectiveLocation]
    public let astNode: DirectiveDefinition?

    public init(name: String, description: String? = nil, arguments: [GraphQLInputValue] = [], isRepeatable: Bool = false, locations: [DirectiveLocation], astNode: DirectiveDefinition? = nil) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.astNode = astNode
    }

    /// An argument by name.
    public func argument(named name: String) -> GraphQLInputValue? {
        arguments.first { $0.name == name }
    }

    /// Whether this is one of the directives the spec (or graphql-js) defines.
    public var isSpecified: Bool { BuiltInDirectives.names.contains(name) }
}
