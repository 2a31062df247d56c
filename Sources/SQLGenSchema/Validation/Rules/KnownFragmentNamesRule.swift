import SQLGenLanguage

// Known fragment names
//
// A GraphQL document is only valid if all `...Fragment` fragment spreads refer to fragments
// defined in the same document.
// https://spec.graphql.org/September2025/#sec-Fragment-spread-target-defined
final class KnownFragmentNamesRule: RuleVisitor {
    override func enterFragmentSpread(_ spread: FragmentSpread) {
        if context.fragment(named: spread.name.value) == nil {
            report("Unknown fragment \"\(spread.name.value)\".", spread.name.range)
        }
    }
}
