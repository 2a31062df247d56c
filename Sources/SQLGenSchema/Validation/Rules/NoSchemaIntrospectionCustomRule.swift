import SQLGenLanguage

// No schema introspection
//
// A GraphQL document is only valid if all fields selected are not fields that return an
// introspection type. Not part of the spec's rules; opt in to disable introspection.
// https://spec.graphql.org/September2025/#sec-Schema-Introspection
final class NoSchemaIntrospectionCustomRule: RuleVisitor {
    override func enterField(_ field: Field) {
        guard let type = context.typeInfo.named(context.typeInfo.type), type.isIntrospectionType else { return }
        report("GraphQL introspection has been disabled, but the requested query contained the field \"\(field.name.value)\".", field.range)
    }
}
