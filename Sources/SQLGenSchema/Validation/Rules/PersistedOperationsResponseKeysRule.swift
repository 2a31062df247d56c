import SQLGenLanguage

// Persisted operations' response keys are not reserved names
//
// GraphQL reserves names that start with "__" for introspection; a generated client keeps its own
// members under such names beside the fields' properties, so an alias may not start with "__".
// Not part of the spec; opt in.
// https://spec.graphql.org/September2025/#sec-Names.Reserved-Names
final class PersistedOperationsResponseKeysRule: RuleVisitor {
    override class var hooks: RuleHooks { .field }

    override func enterField(_ field: Field) {
        guard let alias = field.alias, alias.value.hasPrefix("__") else { return }
        report("Alias \"\(alias.value)\" starts with \"__\", which GraphQL reserves for introspection: choose an alias without it.", alias.range)
    }
}
