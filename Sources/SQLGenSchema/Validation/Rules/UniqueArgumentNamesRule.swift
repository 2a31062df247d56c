import SQLGenLanguage

// Unique argument names
//
// A GraphQL field or directive is only valid if all supplied arguments are uniquely named.
// https://spec.graphql.org/September2025/#sec-Argument-Names
final class UniqueArgumentNamesRule: RuleVisitor {
    override class var hooks: RuleHooks { [.field, .directive] }

    override func enterField(_ field: Field) {
        check(field.arguments)
    }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation) {
        check(directive.arguments)
    }

    private func check(_ arguments: [Argument]) {
        guard hasRepeatedName(arguments, name: { $0.name.value }) else { return }
        for group in groupedByName(arguments, name: { $0.name.value }) where group.count > 1 {
            report("There can be only one argument named \"\(group[0].name.value)\".", ranges: group.map(\.name.range))
        }
    }
}
