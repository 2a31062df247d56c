import SQLGenLanguage

/// The introspection types (`__Schema`, `__Type`, ...) and the meta fields `__typename`,
/// `__schema` and `__type`, as graphql-js 17 defines them.
public enum Introspection {
    public static let typeNames: Set<String> = ["__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation"]

    /// `__typename: String!`, on every object, interface and union.
    public static let typenameField = GraphQLField(name: "__typename", description: "The name of the current Object type at runtime.", type: .nonNull(.named("String")))
    /// `__schema: __Schema!`, on the query root type.
    public static let schemaField = GraphQLField(name: "__schema", description: "Access the current type schema of this server.", type: .nonNull(.named("__Schema")))
    /// `__type(name: String!): __Type`, on the query root type.
    public static let typeField = GraphQLField(name: "__type", description: "Request the type information of a single type.", type: .named("__Type"), arguments: [GraphQLInputValue(name: "name", type: .nonNull(.named("String")))])

    /// The eight introspection types, in graphql-js's order.
    public static let types: [GraphQLNamedType] = [
        .object(schemaType), .object(typeType), .enumType(typeKindType), .object(fieldType),
        .object(inputValueType), .object(enumValueType), .object(directiveType), .enumType(directiveLocationType),
    ]

    private static func field(_ name: String, _ type: GraphQLTypeRef, includeDeprecated: Bool = false) -> GraphQLField {
        let arguments = includeDeprecated
            ? [GraphQLInputValue(name: "includeDeprecated", type: .nonNull(.named("Boolean")), defaultValue: .boolean(false, .none))]
            : []
        return GraphQLField(name: name, type: type, arguments: arguments)
    }

    private static let string: GraphQLTypeRef = .named("String")
    private static let nonNullString: GraphQLTypeRef = .nonNull(.named("String"))
    private static let nonNullBoolean: GraphQLTypeRef = .nonNull(.named("Boolean"))
    private static func list(_ name: String) -> GraphQLTypeRef { .list(.nonNull(.named(name))) }

    public static let schemaType = GraphQLObjectType(name: "__Schema", description: "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations.", fields: [
        field("description", string),
        field("types", .nonNull(list("__Type"))),
        field("queryType", .nonNull(.named("__Type"))),
        field("mutationType", .named("__Type")),
        field("subscriptionType", .named("__Type")),
        field("directives", .nonNull(list("__Directive")), includeDeprecated: true),
    ])

    public static let typeType = GraphQLObjectType(name: "__Type", description: "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.", fields: [
        field("kind", .nonNull(.named("__TypeKind"))),
        field("name", string),
        field("description", string),
        field("specifiedByURL", string),
        field("fields", list("__Field"), includeDeprecated: true),
        field("interfaces", list("__Type")),
        field("possibleTypes", list("__Type")),
        field("enumValues", list("__EnumValue"), includeDeprecated: true),
        field("inputFields", list("__InputValue"), includeDeprecated: true),
        field("ofType", .named("__Type")),
        field("isOneOf", .named("Boolean")),
    ])

    public static let typeKindType = GraphQLEnumType(name: "__TypeKind", description: "An enum describing what kind of type a given `__Type` is.", values: TypeKind.allCases.map { GraphQLEnumValue(name: $0.rawValue) })

    public static let fieldType = GraphQLObjectType(name: "__Field", description: "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.", fields: [
        field("name", nonNullString),
        field("description", string),
        field("args", .nonNull(list("__InputValue")), includeDeprecated: true),
        field("type", .nonNull(.named("__Type"))),
        field("isDeprecated", nonNullBoolean),
        field("deprecationReason", string),
    ])

    public static let inputValueType = GraphQLObjectType(name: "__InputValue", description: "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.", fields: [
        field("name", nonNullString),
        field("description", string),
        field("type", .nonNull(.named("__Type"))),
        field("defaultValue", string),
        field("isDeprecated", nonNullBoolean),
        field("deprecationReason", string),
    ])

    public static let enumValueType = GraphQLObjectType(name: "__EnumValue", description: "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string.", fields: [
        field("name", nonNullString),
        field("description", string),
        field("isDeprecated", nonNullBoolean),
        field("deprecationReason", string),
    ])

    public static let directiveType = GraphQLObjectType(name: "__Directive", description: "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.", fields: [
        field("name", nonNullString),
        field("description", string),
        field("isRepeatable", nonNullBoolean),
        field("locations", .nonNull(list("__DirectiveLocation"))),
        field("args", .nonNull(list("__InputValue")), includeDeprecated: true),
        field("isDeprecated", nonNullBoolean),
        field("deprecationReason", string),
    ])

    public static let directiveLocationType = GraphQLEnumType(name: "__DirectiveLocation", description: "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.", values: DirectiveLocation.allCases.map { GraphQLEnumValue(name: $0.rawValue) })
}
