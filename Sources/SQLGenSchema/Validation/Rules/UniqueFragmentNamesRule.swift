import SQLGenLanguage

// Unique fragment names
//
// A GraphQL document is only valid if all defined fragments have unique names.
// https://spec.graphql.org/September2025/#sec-Fragment-Name-Uniqueness
final class UniqueFragmentNamesRule: RuleVisitor {
    override class var hooks: RuleHooks { .fragment }

    private var known = FirstByName<Name>()

    override func enterFragment(_ fragment: FragmentDefinition) {
        let name = fragment.name
        if let previous = known.first(name.value, else: name) {
            report("There can be only one fragment named \"\(name.value)\".", previous.range, name.range)
        }
    }
}
