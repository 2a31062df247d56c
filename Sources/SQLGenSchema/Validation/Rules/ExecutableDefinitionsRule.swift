import SQLGenLanguage

// Executable definitions
//
// A GraphQL document is only valid for execution if all definitions are either operation or
// fragment definitions.
// https://spec.graphql.org/September2025/#sec-Executable-Definitions
final class ExecutableDefinitionsRule: RuleVisitor {
    override func enterDocument(_ document: Document) {
        for definition in document.definitions where !definition.isExecutable {
            let name: String
            switch definition {
            case .schema, .schemaExtension: name = "schema"
            case .type(let type), .typeExtension(let type): name = "\"\(type.name.value)\""
            case .directive(let directive), .directiveExtension(let directive): name = "\"\(directive.name.value)\""
            case .operation, .fragment: continue
            }
            report("The \(name) definition is not executable.", definition.range)
        }
    }
}
