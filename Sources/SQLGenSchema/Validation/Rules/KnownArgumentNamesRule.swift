import SQLGenLanguage

// Known argument names
//
// A GraphQL field or directive is only valid if all supplied arguments are defined by that field
// or directive.
// https://spec.graphql.org/September2025/#sec-Argument-Names
final class KnownArgumentNamesRule: RuleVisitor {
    /// Argument names by directive: the schema's directives, then those defined in the document.
    private var directiveArguments: [String: [String]] = [:]
    private var directiveDepth = 0

    override func enterDocument(_ document: Document) {
        for directive in context.schema.directives { directiveArguments[directive.name] = directive.arguments.map(\.name) }
        for definition in document.definitions {
            guard case .directive(let directive) = definition else { continue }
            directiveArguments[directive.name.value] = directive.arguments.map(\.name.value)
        }
    }

    override func enterDirective(_ directive: Directive, location: DirectiveLocation) {
        directiveDepth += 1
        let name = directive.name.value
        guard !directive.arguments.isEmpty, let known = directiveArguments[name] else { return }
        for argument in directive.arguments where !known.contains(argument.name.value) {
            let suggestions = Suggestions.list(argument.name.value, options: known)
            report("Unknown argument \"\(argument.name.value)\" on directive \"@\(name)\"." + Suggestions.didYouMean(suggestions), argument.range)
        }
    }

    override func leaveDirective(_ directive: Directive) { directiveDepth -= 1 }

    override func enterArgument(_ argument: Argument) {
        let typeInfo = context.typeInfo
        // Directive arguments are checked above; fragment arguments have no field definition here.
        guard directiveDepth == 0, typeInfo.argument == nil, let field = typeInfo.fieldDefinition,
              let parent = typeInfo.parentType, typeInfo.spreadFragment == nil else { return }
        let suggestions = Suggestions.list(argument.name.value, options: field.arguments.map(\.name))
        report("Unknown argument \"\(argument.name.value)\" on field \"\(parent.name).\(field.name)\"." + Suggestions.didYouMean(suggestions), argument.range)
    }
}
