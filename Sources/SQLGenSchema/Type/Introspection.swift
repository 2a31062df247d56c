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

    // The definitions below follow graphql-js 17 (graphql-core 3.3.2) exactly, descriptions included.

    /// `(includeDeprecated: Boolean! = false)`, the argument of the lists that can hold deprecated entries.
    private static let includeDeprecated = [GraphQLInputValue(name: "includeDeprecated", description: nil, type: .nonNull(.named("Boolean")), defaultValue: .boolean(false, .none))]

    public static let schemaType = GraphQLObjectType(name: "__Schema", description: "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations.", fields: [
        GraphQLField(name: "description", description: nil, type: .named("String")),
        GraphQLField(name: "types", description: "A list of all types supported by this server.", type: .nonNull(.list(.nonNull(.named("__Type"))))),
        GraphQLField(name: "queryType", description: "The type that query operations will be rooted at.", type: .nonNull(.named("__Type"))),
        GraphQLField(name: "mutationType", description: "If this server supports mutation, the type that mutation operations will be rooted at.", type: .named("__Type")),
        GraphQLField(name: "subscriptionType", description: "If this server supports subscription, the type that subscription operations will be rooted at.", type: .named("__Type")),
        GraphQLField(name: "directives", description: "A list of all directives supported by this server.", type: .nonNull(.list(.nonNull(.named("__Directive")))), arguments: includeDeprecated),
    ])

    public static let typeType = GraphQLObjectType(name: "__Type", description: "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on the kind of a type, certain fields describe information about that type. Scalar types provide no information beyond a name, description and optional `specifiedByURL`, while Enum types provide their values. Object and Interface types provide the fields they describe. Abstract types, Union and Interface, provide the Object types possible at runtime. List and NonNull types compose other types.", fields: [
        GraphQLField(name: "kind", description: nil, type: .nonNull(.named("__TypeKind"))),
        GraphQLField(name: "name", description: nil, type: .named("String")),
        GraphQLField(name: "description", description: nil, type: .named("String")),
        GraphQLField(name: "specifiedByURL", description: nil, type: .named("String")),
        GraphQLField(name: "fields", description: nil, type: .list(.nonNull(.named("__Field"))), arguments: includeDeprecated),
        GraphQLField(name: "interfaces", description: nil, type: .list(.nonNull(.named("__Type")))),
        GraphQLField(name: "possibleTypes", description: nil, type: .list(.nonNull(.named("__Type")))),
        GraphQLField(name: "enumValues", description: nil, type: .list(.nonNull(.named("__EnumValue"))), arguments: includeDeprecated),
        GraphQLField(name: "inputFields", description: nil, type: .list(.nonNull(.named("__InputValue"))), arguments: includeDeprecated),
        GraphQLField(name: "ofType", description: nil, type: .named("__Type")),
        GraphQLField(name: "isOneOf", description: nil, type: .named("Boolean")),
    ])

    public static let typeKindType = GraphQLEnumType(name: "__TypeKind", description: "An enum describing what kind of type a given `__Type` is.", values: [
        GraphQLEnumValue(name: "SCALAR", description: "Indicates this type is a scalar."),
        GraphQLEnumValue(name: "OBJECT", description: "Indicates this type is an object. `fields` and `interfaces` are valid fields."),
        GraphQLEnumValue(name: "INTERFACE", description: "Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields."),
        GraphQLEnumValue(name: "UNION", description: "Indicates this type is a union. `possibleTypes` is a valid field."),
        GraphQLEnumValue(name: "ENUM", description: "Indicates this type is an enum. `enumValues` is a valid field."),
        GraphQLEnumValue(name: "INPUT_OBJECT", description: "Indicates this type is an input object. `inputFields` is a valid field."),
        GraphQLEnumValue(name: "LIST", description: "Indicates this type is a list. `ofType` is a valid field."),
        GraphQLEnumValue(name: "NON_NULL", description: "Indicates this type is a non-null. `ofType` is a valid field."),
    ])

    public static let fieldType = GraphQLObjectType(name: "__Field", description: "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.", fields: [
        GraphQLField(name: "name", description: nil, type: .nonNull(.named("String"))),
        GraphQLField(name: "description", description: nil, type: .named("String")),
        GraphQLField(name: "args", description: nil, type: .nonNull(.list(.nonNull(.named("__InputValue")))), arguments: includeDeprecated),
        GraphQLField(name: "type", description: nil, type: .nonNull(.named("__Type"))),
        GraphQLField(name: "isDeprecated", description: nil, type: .nonNull(.named("Boolean"))),
        GraphQLField(name: "deprecationReason", description: nil, type: .named("String")),
    ])

    public static let inputValueType = GraphQLObjectType(name: "__InputValue", description: "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.", fields: [
        GraphQLField(name: "name", description: nil, type: .nonNull(.named("String"))),
        GraphQLField(name: "description", description: nil, type: .named("String")),
        GraphQLField(name: "type", description: nil, type: .nonNull(.named("__Type"))),
        GraphQLField(name: "defaultValue", description: "A GraphQL-formatted string representing the default value for this input value.", type: .named("String")),
        GraphQLField(name: "isDeprecated", description: nil, type: .nonNull(.named("Boolean"))),
        GraphQLField(name: "deprecationReason", description: nil, type: .named("String")),
    ])

    public static let enumValueType = GraphQLObjectType(name: "__EnumValue", description: "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string.", fields: [
        GraphQLField(name: "name", description: nil, type: .nonNull(.named("String"))),
        GraphQLField(name: "description", description: nil, type: .named("String")),
        GraphQLField(name: "isDeprecated", description: nil, type: .nonNull(.named("Boolean"))),
        GraphQLField(name: "deprecationReason", description: nil, type: .named("String")),
    ])

    public static let directiveType = GraphQLObjectType(name: "__Directive", description: "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior in ways field arguments will not suffice, such as conditionally including or skipping a field. Directives provide this by describing additional information to the executor.", fields: [
        GraphQLField(name: "name", description: nil, type: .nonNull(.named("String"))),
        GraphQLField(name: "description", description: nil, type: .named("String")),
        GraphQLField(name: "isRepeatable", description: nil, type: .nonNull(.named("Boolean"))),
        GraphQLField(name: "locations", description: nil, type: .nonNull(.list(.nonNull(.named("__DirectiveLocation"))))),
        GraphQLField(name: "args", description: nil, type: .nonNull(.list(.nonNull(.named("__InputValue")))), arguments: includeDeprecated),
        GraphQLField(name: "isDeprecated", description: nil, type: .nonNull(.named("Boolean"))),
        GraphQLField(name: "deprecationReason", description: nil, type: .named("String")),
    ])

    public static let directiveLocationType = GraphQLEnumType(name: "__DirectiveLocation", description: "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.", values: [
        GraphQLEnumValue(name: "QUERY", description: "Location adjacent to a query operation."),
        GraphQLEnumValue(name: "MUTATION", description: "Location adjacent to a mutation operation."),
        GraphQLEnumValue(name: "SUBSCRIPTION", description: "Location adjacent to a subscription operation."),
        GraphQLEnumValue(name: "FIELD", description: "Location adjacent to a field."),
        GraphQLEnumValue(name: "FRAGMENT_DEFINITION", description: "Location adjacent to a fragment definition."),
        GraphQLEnumValue(name: "FRAGMENT_SPREAD", description: "Location adjacent to a fragment spread."),
        GraphQLEnumValue(name: "INLINE_FRAGMENT", description: "Location adjacent to an inline fragment."),
        GraphQLEnumValue(name: "VARIABLE_DEFINITION", description: "Location adjacent to an operation variable definition."),
        GraphQLEnumValue(name: "FRAGMENT_VARIABLE_DEFINITION", description: "Location adjacent to a fragment variable definition."),
        GraphQLEnumValue(name: "SCHEMA", description: "Location adjacent to a schema definition."),
        GraphQLEnumValue(name: "SCALAR", description: "Location adjacent to a scalar definition."),
        GraphQLEnumValue(name: "OBJECT", description: "Location adjacent to an object type definition."),
        GraphQLEnumValue(name: "FIELD_DEFINITION", description: "Location adjacent to a field definition."),
        GraphQLEnumValue(name: "ARGUMENT_DEFINITION", description: "Location adjacent to an argument definition."),
        GraphQLEnumValue(name: "INTERFACE", description: "Location adjacent to an interface definition."),
        GraphQLEnumValue(name: "UNION", description: "Location adjacent to a union definition."),
        GraphQLEnumValue(name: "ENUM", description: "Location adjacent to an enum definition."),
        GraphQLEnumValue(name: "ENUM_VALUE", description: "Location adjacent to an enum value definition."),
        GraphQLEnumValue(name: "INPUT_OBJECT", description: "Location adjacent to an input object type definition."),
        GraphQLEnumValue(name: "INPUT_FIELD_DEFINITION", description: "Location adjacent to an input object field definition."),
        GraphQLEnumValue(name: "DIRECTIVE_DEFINITION", description: "Location adjacent to a directive definition."),
    ])
}
