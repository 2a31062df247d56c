import SQLGenLanguage

// Known directives
//
// A GraphQL document is only valid if all `@directives` are known by the schema and legally
// positioned.
// https://spec.graphql.org/September2025/#sec-Directives-Are-Defined
final class KnownDirectivesRule: RuleVisitor {
    override class var hooks: RuleHooks { .directive }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation) {
        let name = directive.name.value
        guard let info = context.directiveInfo(named: name) else {
            report("Unknown directive \"@\(name)\".", directive.range)
            return
        }
        if !info.locations.contains(location) {
            report("Directive \"@\(name)\" may not be used on \(location.rawValue).", directive.range)
        }
    }
}
