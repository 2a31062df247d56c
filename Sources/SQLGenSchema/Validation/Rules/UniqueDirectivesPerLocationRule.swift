import SQLGenLanguage

// Unique directives per location
//
// A GraphQL document is only valid if all non-repeatable directives at a given location are
// uniquely named.
// https://spec.graphql.org/September2025/#sec-Directives-Are-Unique-per-Location
final class UniqueDirectivesPerLocationRule: RuleVisitor {
    /// Whether each known directive must be unique (is not repeatable).
    private var isUnique: [String: Bool] = [:]
    private var schemaDirectives: [String: Directive] = [:]
    private var typeDirectives: [String: [String: Directive]] = [:]

    override func enterDocument(_ document: Document) {
        for directive in context.schema.directives { isUnique[directive.name] = !directive.isRepeatable }
        for definition in document.definitions {
            if case .directive(let directive) = definition { isUnique[directive.name.value] = !directive.repeatable }
        }
    }

    override func enterDirectives(_ directives: [Directive], location: DirectiveLocation, owner: DirectiveOwner) {
        if directives.count < 2, case .executable = owner { return }
        switch owner {
        case .schema:
            check(directives, seen: &schemaDirectives)
        case .type(let name):
            check(directives, seen: &typeDirectives[name, default: [:]])
        case .executable, .other:
            var seen: [String: Directive] = [:]
            check(directives, seen: &seen)
        }
    }

    private func check(_ directives: [Directive], seen: inout [String: Directive]) {
        for directive in directives {
            let name = directive.name.value
            guard isUnique[name] == true else { continue }
            if let previous = seen[name] {
                report("The directive \"@\(name)\" can only be used once at this location.", previous.range, directive.range)
            } else {
                seen[name] = directive
            }
        }
    }
}
