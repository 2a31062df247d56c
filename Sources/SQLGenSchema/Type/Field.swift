import SQLGenLanguage

/// A field of an object or interface type.
///
/// A final class rather than a struct: fields are passed around and stored in several tables,
/// and a copy of a reference is one retain where a copy of the value was one per stored reference.
public final class GraphQLField: Sendable {
    public let name: String
    public let description: String?
    public let type: GraphQLTypeRef
    /// Arguments in declaration order.
    public let arguments: [GraphQLInputValue]
    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public let deprecationReason: String?
    public let directives: [Directive]
    /// The AST node is `astNodes[astIndex]`: fields built from SDL share their type's array of
    /// field definitions (one retain each instead of a copy of the node, which holds several).
    private let astNodes: [FieldDefinition]
    private let astIndex: Int

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, arguments: [GraphQLInputValue] = [], deprecationReason: String? = nil, directives: [Directive] = [], astNode: FieldDefinition? = nil) {
        self.name = name
        self.description = description
        self.type = type
        self.arguments = arguments
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNodes = astNode.map { [$0] } ?? []
        self.astIndex = 0
    }

    /// A field whose definition is `astNodes[astIndex]`.
    init(name: String, description: String?, type: GraphQLTypeRef, arguments: [GraphQLInputValue], deprecationReason: String?, directives: [Directive], astNodes: [FieldDefinition], astIndex: Int) {
        self.name = name
        self.description = description
        self.type = type
        self.arguments = arguments
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNodes = astNodes
        self.astIndex = astIndex
    }

    /// The field's definition in SDL, nil for built-in fields and fields from introspection.
    public var astNode: FieldDefinition? {
        astIndex < astNodes.count ? astNodes[astIndex] : nil
    }

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
    public let description: String?
    public let type: GraphQLTypeRef
    /// The default value as a constant AST value (from SDL, or parsed from introspection's
    /// `defaultValue` string); nil when there is none.
    public let defaultValue: Value?
    public let deprecationReason: String?
    public let directives: [Directive]
    /// The AST node is `astNodes[astIndex]` (shared as in `GraphQLField`).
    private let astNodes: [InputValueDefinition]
    private let astIndex: Int

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, defaultValue: Value? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: InputValueDefinition? = nil) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNodes = astNode.map { [$0] } ?? []
        self.astIndex = 0
    }

    /// An argument or input field whose definition is `astNodes[astIndex]`.
    init(name: String, description: String?, type: GraphQLTypeRef, defaultValue: Value?, deprecationReason: String?, directives: [Directive], astNodes: [InputValueDefinition], astIndex: Int) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNodes = astNodes
        self.astIndex = astIndex
    }

    /// The definition in SDL, nil for built-in arguments and those from introspection.
    public var astNode: InputValueDefinition? {
        astIndex < astNodes.count ? astNodes[astIndex] : nil
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    /// Non-null without a default value: it must be provided.
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}
