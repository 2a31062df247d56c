import SQLGenLanguage

// Known directives
//
// A GraphQL document is only valid if all `@directives` are known by the schema and legally
// positioned.
// https://spec.graphql.org/September2025/#sec-Directives-Are-Defined
final class KnownDirectivesRule: RuleVisitor {
    /// Locations by directive name: the schema's directives, then those defined in the document.
    private var locations: [String: [DirectiveLocation]] = [:]

    override func enterDocument(_ document: Document) {
        for directive in context.schema.directives { locations[directive.name] = directive.locations }
        for definition in document.definitions {
            guard case .directive(let directive) = definition else { continue }
            locations[directive.name.value] = directive.locations.compactMap { DirectiveLocation(rawValue: $0.value) }
        }
    }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation) {
        let name = directive.name.value
        guard let allowed = locations[name] else {
            report("Unknown directive \"@\(name)\".", directive.range)
            return
        }
        if !allowed.contains(location) {
            report("Directive \"@\(name)\" may not be used on \(location.rawValue).", directive.range)
        }
    }
}
