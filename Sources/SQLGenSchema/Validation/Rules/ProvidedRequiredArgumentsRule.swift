import SQLGenLanguage

// Provided required arguments
//
// A field or directive is only valid if all required (non-null without a default value) field
// arguments have been provided.
// https://spec.graphql.org/September2025/#sec-Required-Arguments
final class ProvidedRequiredArgumentsRule: RuleVisitor {
    override class var hooks: RuleHooks { [.field, .directive, .fragmentSpread] }

    // Checked on leave so that errors inside the arguments come first.
    override func leaveField(_ field: Field) {
        let typeInfo = context.typeInfo
        guard let definition = typeInfo.fieldDefinition else { return }
        for argument in definition.arguments where argument.isRequired && !field.arguments.contains(where: { $0.name.value == argument.name }) {
            let parent: String
            if typeInfo.namedType?.isIntrospectionType == true {
                parent = "<meta>."
            } else {
                parent = typeInfo.parentType.map { "\($0.name)." } ?? ""
            }
            report("Argument \"\(parent)\(definition.name)(\(argument.name):)\" of type \"\(argument.type)\" is required, but it was not provided.", field.range)
        }
    }

    /// Experimental fragment arguments: non-null fragment variables without a default.
    override func leaveFragmentSpread(_ spread: FragmentSpread) {
        guard let fragment = context.fragment(named: spread.name.value), !fragment.variableDefinitions.isEmpty else { return }
        for variable in fragment.variableDefinitions {
            guard case .nonNull = variable.type, variable.defaultValue == nil else { continue }
            let name = variable.variable.name.value
            if spread.arguments.contains(where: { $0.name.value == name }) { continue }
            report("Fragment \"\(fragment.name.value)\" argument \"\(name)\" of type \"\(Printer.print(variable.type))\" is required, but it was not provided.", spread.range)
        }
    }

    override func leaveDirective(_ directive: Directive) {
        guard let required = context.directiveInfo(named: directive.name.value)?.requiredArguments, !required.isEmpty else { return }
        for argument in required where !directive.arguments.contains(where: { $0.name.value == argument.name }) {
            report("Argument \"@\(directive.name.value)(\(argument.name):)\" of type \"\(argument.type)\" is required, but it was not provided.", directive.range)
        }
    }
}
