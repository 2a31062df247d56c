import SQLGenLanguage

/// A field of an object or interface type.
///
/// A final class rather than a struct: fields are passed around and stored in several tables,
/// and a copy of a reference is one retain where a copy of the value was one per stored reference.
public final class GraphQLField: Sendable {
    public let name: String
    public let type: GraphQLTypeRef
    /// Arguments in declaration order.
    public let arguments: [GraphQLInputValue]
    private let parts: DefinitionParts<FieldDefinition>

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, arguments: [GraphQLInputValue] = [], deprecationReason: String? = nil, directives: [Directive] = [], astNode: FieldDefinition? = nil) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.parts = DefinitionParts(description: description, deprecationReason: deprecationReason, directives: directives, astNode: astNode)
    }

    /// A field whose definition is `astNodes[astIndex]`, with its description, directives and
    /// deprecation read from there (see `DefinitionParts`).
    init(name: String, type: GraphQLTypeRef, arguments: [GraphQLInputValue], astNodes: [FieldDefinition], astIndex: Int) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.parts = DefinitionParts(nodes: astNodes, index: astIndex)
    }

    /// The field's definition in SDL, nil for built-in fields and fields from introspection.
    public var astNode: FieldDefinition? { parts.astNode }
    public var description: String? { parts.description }
    public var directives: [Directive] { parts.directives }
    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public var deprecationReason: String? { parts.deprecationReason }
    public var isDeprecated: Bool { deprecationReason != nil }

    /// An argument by name (linear: argument lists are short).
    public func argument(named name: String) -> GraphQLInputValue? {
        arguments.first { $0.name == name }
    }
}

/// An argument of a field or directive, or a field of an input object (`__InputValue`).
/// A final class for the same reason as `GraphQLField`.
public final class GraphQLInputValue: Sendable {
    public let name: String
    public let type: GraphQLTypeRef
    /// The default value as a constant AST value (from SDL, or parsed from introspection's
    /// `defaultValue` string); nil when there is none.
    public let defaultValue: Value?
    private let parts: DefinitionParts<InputValueDefinition>

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, defaultValue: Value? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: InputValueDefinition? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.parts = DefinitionParts(description: description, deprecationReason: deprecationReason, directives: directives, astNode: astNode)
    }

    /// An argument or input field whose definition is `astNodes[astIndex]`, with its
    /// description, directives and deprecation read from there.
    init(name: String, type: GraphQLTypeRef, defaultValue: Value?, astNodes: [InputValueDefinition], astIndex: Int) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.parts = DefinitionParts(nodes: astNodes, index: astIndex)
    }

    /// The definition in SDL, nil for built-in arguments and those from introspection.
    public var astNode: InputValueDefinition? { parts.astNode }
    public var description: String? { parts.description }
    public var directives: [Directive] { parts.directives }
    /// The `@deprecated(reason:)` reason; nil when not deprecated.
    public var deprecationReason: String? { parts.deprecationReason }
    public var isDeprecated: Bool { deprecationReason != nil }

    /// Non-null without a default value: it must be provided.
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}
