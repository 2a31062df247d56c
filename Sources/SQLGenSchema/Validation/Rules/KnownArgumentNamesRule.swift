import SQLGenLanguage

// Known argument names
//
// A GraphQL field or directive is only valid if all supplied arguments are defined by that field
// or directive.
// https://spec.graphql.org/September2025/#sec-Argument-Names
final class KnownArgumentNamesRule: RuleVisitor {
    override class var hooks: RuleHooks { [.directive, .argument] }

    private var directiveDepth = 0

    override func enterDirective(_ directive: Directive, location: DirectiveLocation) {
        directiveDepth += 1
        let name = directive.name.value
        guard !directive.arguments.isEmpty, let known = context.directiveInfo(named: name)?.argumentNames else { return }
        for argument in directive.arguments where !known.contains(argument.name.value) {
            let suggestions = Suggestions.list(argument.name.value, options: known)
            report("Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"." + Suggestions.didYouMean(suggestions), argument.range)
        }
    }

    override func leaveDirective(_ directive: Directive) { directiveDepth -= 1 }

    override func enterArgument(_ argument: Argument) {
        let typeInfo = context.typeInfo
        // Directive arguments are checked above.
        guard directiveDepth == 0, typeInfo.argument == nil else { return }
        if let fragment = typeInfo.spreadFragment {
            // Experimental fragment arguments: the fragment's variables are its arguments.
            let suggestions = Suggestions.list(argument.name.value, options: fragment.variableDefinitions.map(\.variable.name.value))
            report("Unknown argument \"\(argument.name.value)\" on fragment \"\(fragment.name.value)\"." + Suggestions.didYouMean(suggestions), argument.range)
            return
        }
        guard let field = typeInfo.fieldDefinition, let parent = typeInfo.parentType else { return }
        let suggestions = Suggestions.list(argument.name.value, options: field.arguments.map(\.name))
        report("Unknown argument \"\(argument.name.value)\" on field \"\(parent.name).\(field.name)\"." + Suggestions.didYouMean(suggestions), argument.range)
    }
}
