// The SQLGenSchema module: the GraphQL type system.
//
// - Type/: the immutable model. `Schema` (types by name, directives, roots, `field(named:on:)`
//   with meta fields, `possibleTypes(of:)`, `isSubType(abstract:maybeSub:)`), `GraphQLNamedType`
//   (scalar/object/interface/union/enum/input object), `GraphQLField`, `GraphQLInputValue`,
//   `GraphQLEnumValue`, `GraphQLDirective`, `GraphQLTypeRef`, the built-ins and introspection types.
// - Building/: `SchemaBuilder.build(documents:options:)` / `extend(_:with:options:)` from SDL,
//   `IntrospectionSchemaBuilder.build(json:options:)`, `SchemaLoader` for files and folders.
// - Utilities/: `SchemaPrinter.printSchema`, `TypeComparators`, `Suggestions` (did you mean),
//   `InputLiteralValidator` (constant literals against input types).
// - SchemaValidation/: `SDLValidator` (graphql-js's SDL rules) and `SchemaValidator`
//   (`validateSchema`'s type-system rules).
