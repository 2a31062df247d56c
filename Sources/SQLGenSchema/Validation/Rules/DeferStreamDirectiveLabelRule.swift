import SQLGenLanguage

// Defer and stream directive labels are unique
//
// A GraphQL document is only valid if defer and stream directives' label argument is static and
// unique.
// https://github.com/graphql/graphql-spec/pull/742
final class DeferStreamDirectiveLabelRule: RuleVisitor {
    private var knownLabels: [String: Directive] = [:]

    override func enterDirective(_ directive: Directive, location: DirectiveLocation) {
        let name = directive.name.value
        guard name == "defer" || name == "stream",
              let label = directive.arguments.first(where: { $0.name.value == "label" }) else { return }
        guard case .string(let value) = label.value else {
            report("Argument \"@\(name)(label:)\" must be a static string.", directive.range)
            return
        }
        if let previous = knownLabels[value.value] {
            report("Defer/Stream directive label argument must be unique.", previous.range, directive.range)
        } else {
            knownLabels[value.value] = directive
        }
    }
}
