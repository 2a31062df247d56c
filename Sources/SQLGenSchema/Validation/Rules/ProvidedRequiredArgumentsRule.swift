import SQLGenLanguage

// Provided required arguments
//
// A field or directive is only valid if all required (non-null without a default value) field
// arguments have been provided.
// https://spec.graphql.org/September2025/#sec-Required-Arguments
final class ProvidedRequiredArgumentsRule: RuleVisitor {
    /// Required arguments (name, type) by directive name.
    private var requiredByDirective: [String: [(name: String, type: String)]] = [:]

    override func enterDocument(_ document: Document) {
        for directive in context.schema.directives {
            requiredByDirective[directive.name] = directive.arguments.filter(\.isRequired).map { ($0.name, $0.type.description) }
        }
        for definition in document.definitions {
            guard case .directive(let directive) = definition else { continue }
            requiredByDirective[directive.name.value] = directive.arguments.compactMap { argument in
                guard case .nonNull = argument.type, argument.defaultValue == nil else { return nil }
                return (argument.name.value, Printer.print(argument.type))
            }
        }
    }

    // Checked on leave so that errors inside the arguments come first.
    override func leaveField(_ field: Field) {
        let typeInfo = context.typeInfo
        guard let definition = typeInfo.fieldDefinition else { return }
        for argument in definition.arguments where argument.isRequired && !field.arguments.contains(where: { $0.name.value == argument.name }) {
            let parent: String
            if typeInfo.named(typeInfo.type)?.isIntrospectionType == true {
                parent = "<meta>."
            } else {
                parent = typeInfo.parentType.map { "\($0.name)." } ?? ""
            }
            report("Argument \"\(parent)\(definition.name)(\(argument.name):)\" of type \"\(argument.type)\" is required, but it was not provided.", field.range)
        }
    }

    override func leaveDirective(_ directive: Directive) {
        guard let required = requiredByDirective[directive.name.value], !required.isEmpty else { return }
        for argument in required where !directive.arguments.contains(where: { $0.name.value == argument.name }) {
            report("Argument \"@\(directive.name.value)(\(argument.name):)\" of type \"\(argument.type)\" is required, but it was not provided.", directive.range)
        }
    }
}
