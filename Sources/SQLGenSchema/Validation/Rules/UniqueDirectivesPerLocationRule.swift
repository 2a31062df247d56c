import SQLGenLanguage

// Unique directives per location
//
// A GraphQL document is only valid if all non-repeatable directives at a given location are
// uniquely named.
// https://spec.graphql.org/September2025/#sec-Directives-Are-Unique-per-Location
final class UniqueDirectivesPerLocationRule: RuleVisitor {
    override class var hooks: RuleHooks { .directives }

    private var schemaDirectives: [String: Directive] = [:]
    private var typeDirectives: [String: [String: Directive]] = [:]

    override func enterDirectives(_ directives: [Directive], location: DirectiveLocation, owner: DirectiveOwner) {
        switch owner {
        case .schema:
            check(directives, seen: &schemaDirectives)
        case .type(let name):
            check(directives, seen: &typeDirectives[name, default: [:]])
        case .executable, .other:
            guard hasRepeatedName(directives, name: { $0.name.value }) else { return }
            var seen: [String: Directive] = [:]
            check(directives, seen: &seen)
        }
    }

    private func check(_ directives: [Directive], seen: inout [String: Directive]) {
        for directive in directives {
            let name = directive.name.value
            guard let info = context.directiveInfo(named: name), !info.isRepeatable else { continue }
            if let previous = seen[name] {
                report("The directive \"@\(name)\" can only be used once at this location.", previous.range, directive.range)
            } else {
                seen[name] = directive
            }
        }
    }
}
