import SQLGenLanguage

// Variables are input types
//
// A GraphQL operation is only valid if all the variables it defines are of input types (scalar,
// enum, or input object).
// https://spec.graphql.org/September2025/#sec-Variables-Are-Input-Types
final class VariablesAreInputTypesRule: RuleVisitor {
    override func enterVariableDefinition(_ definition: VariableDefinition) {
        guard let type = context.schema.typeMap[definition.type.namedType.name.value], !type.isInputType else { return }
        report("Variable \"$\(definition.variable.name.value)\" cannot be non-input type \"\(Printer.print(definition.type))\".", definition.type.range)
    }
}
