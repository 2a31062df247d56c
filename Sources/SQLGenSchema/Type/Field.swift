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
    /// The AST node is `astNodes[astIndex]`: fields built from SDL share their type's array of
    /// field definitions (one retain each instead of a copy of the node, which holds several).
    private let astNodes: [FieldDefinition]
    private let astIndex: Int
    /// The description, deprecation and directives given to the public initializer; nil for a
    /// field built from SDL, which reads them from its definition (fewer stored references: each
    /// costs a retain when the field is made and a release when it is freed).
    private let given: GivenParts?

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, arguments: [GraphQLInputValue] = [], deprecationReason: String? = nil, directives: [Directive] = [], astNode: FieldDefinition? = nil) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.astNodes = astNode.map { [$0] } ?? []
        self.astIndex = 0
        self.given = GivenParts(description: description, deprecationReason: deprecationReason, directives: directives)
    }

    /// A field whose definition is `astNodes[astIndex]`, with its description, directives and
    /// deprecation read from there.
    init(name: String, type: GraphQLTypeRef, arguments: [GraphQLInputValue], astNodes: [FieldDefinition], astIndex: Int) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.astNodes = astNodes
        self.astIndex = astIndex
        self.given = nil
    }

    /// The field's definition in SDL, nil for built-in fields and fields from introspection.
    public var astNode: FieldDefinition? {
        astIndex < astNodes.count ? astNodes[astIndex] : nil
    }

    public var description: String? {
        if let given { return given.description }
        return astIndex < astNodes.count ? astNodes[astIndex].description?.value : nil
    }

    public var directives: [Directive] {
        if let given { return given.directives }
        return astIndex < astNodes.count ? astNodes[astIndex].directives : []
    }

    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public var deprecationReason: String? {
        if let given { return given.deprecationReason }
        return GivenParts.deprecationReason(directives)
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
    public let type: GraphQLTypeRef
    /// The default value as a constant AST value (from SDL, or parsed from introspection's
    /// `defaultValue` string); nil when there is none.
    public let defaultValue: Value?
    /// The AST node is `astNodes[astIndex]` (shared as in `GraphQLField`).
    private let astNodes: [InputValueDefinition]
    private let astIndex: Int
    /// What the public initializer was given (as in `GraphQLField`).
    private let given: GivenParts?

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, defaultValue: Value? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: InputValueDefinition? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.astNodes = astNode.map { [$0] } ?? []
        self.astIndex = 0
        self.given = GivenParts(description: description, deprecationReason: deprecationReason, directives: directives)
    }

    /// An argument or input field whose definition is `astNodes[astIndex]`, with its
    /// description, directives and deprecation read from there.
    init(name: String, type: GraphQLTypeRef, defaultValue: Value?, astNodes: [InputValueDefinition], astIndex: Int) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.astNodes = astNodes
        self.astIndex = astIndex
        self.given = nil
    }

    /// The definition in SDL, nil for built-in arguments and those from introspection.
    public var astNode: InputValueDefinition? {
        astIndex < astNodes.count ? astNodes[astIndex] : nil
    }

    public var description: String? {
        if let given { return given.description }
        return astIndex < astNodes.count ? astNodes[astIndex].description?.value : nil
    }

    public var directives: [Directive] {
        if let given { return given.directives }
        return astIndex < astNodes.count ? astNodes[astIndex].directives : []
    }

    /// The `@deprecated(reason:)` reason; nil when not deprecated.
    public var deprecationReason: String? {
        if let given { return given.deprecationReason }
        return GivenParts.deprecationReason(directives)
    }

    public var isDeprecated: Bool { deprecationReason != nil }

    /// Non-null without a default value: it must be provided.
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}

/// The description, deprecation and applied directives of a field, argument or enum value made
/// by its public initializer (rather than read from its SDL definition).
final class GivenParts: Sendable {
    let description: String?
    let deprecationReason: String?
    let directives: [Directive]

    init(description: String?, deprecationReason: String?, directives: [Directive]) {
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
    }

    /// The deprecation of an SDL definition with these applied directives.
    static func deprecationReason(_ directives: [Directive]) -> String? {
        directives.isEmpty ? nil : AppliedDirectiveValues.deprecationReason(directives)
    }
}
