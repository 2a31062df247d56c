import SQLGenLanguage
import SQLGenSchema

/// What may be typed at a position of an operation file, as the schema sees it.
enum Expectation {
    /// Nothing can be suggested (an operation's own name, inside a string, a schema file).
    case nothing
    /// A new definition: `query`, `mutation`, `subscription`, `fragment`.
    case definition
    /// A selection in a selection set on `parent`: fields, `__typename`, `...`.
    case selection(parent: GraphQLNamedType?)
    /// An argument of a field or directive, with the names already given.
    case argument(owner: ArgumentOwner?, given: [String])
    /// A value of `type` (unknown when nil).
    case value(type: GraphQLTypeRef?)
    /// A field of an input object literal, with the names already given.
    case objectField(type: GraphQLInputObjectType?, given: [String])
    /// A variable name after `$`, for a value of `type`.
    case variable(type: GraphQLTypeRef?)
    /// A directive name after `@`, at `location`.
    case directive(location: DirectiveLocation)
    /// After `...` in a selection set on `parent`: a fragment name or `on`.
    case fragmentSpread(parent: GraphQLNamedType?)
    /// A type condition after `on`: the types a fragment inside `parent` may name.
    case typeCondition(parent: GraphQLNamedType?)
    /// The type of a variable definition: any input type.
    case inputType
}

/// What has arguments.
enum ArgumentOwner {
    case field(parent: GraphQLNamedType, field: GraphQLField)
    case directive(GraphQLDirective)

    var arguments: [GraphQLInputValue] {
        switch self {
        case .field(_, let field): return field.arguments
        case .directive(let directive): return directive.arguments
        }
    }
}

/// What a name in an operation file refers to.
enum Symbol {
    case field(parent: GraphQLNamedType, field: GraphQLField)
    case argument(owner: ArgumentOwner, argument: GraphQLInputValue)
    case inputField(type: GraphQLInputObjectType, field: GraphQLInputValue)
    case enumValue(type: GraphQLEnumType, value: GraphQLEnumValue)
    case type(GraphQLNamedType)
    case directive(GraphQLDirective)
    /// A fragment's name, in a spread or its definition.
    case fragment(name: String)
    /// A variable, where it is used (with the type the place expects) or defined.
    case variable(name: String, expected: GraphQLTypeRef?)
}

/// A variable defined by the operation around a position.
struct DefinedVariable {
    var name: String
    var type: TypeReference
    var range: SourceRange
}

/// What a walk found at its target position.
struct PositionContext {
    var expectation: Expectation = .nothing
    /// The name being typed at the position (a completion replaces it), if any.
    var typedToken: Token?
    /// The name under the position and what it refers to, if any.
    var symbol: Symbol?
    var symbolRange: SourceRange?
    /// The variables of the operation around the position (for a fragment: of every operation
    /// the caller passed in).
    var variables: [DefinedVariable] = []
}
