import SQLGenLanguage

// No undefined variables
//
// A GraphQL operation is only valid if all variables encountered, both directly and via fragment
// spreads, are defined by that operation.
// https://spec.graphql.org/September2025/#sec-All-Variable-Uses-Defined
final class NoUndefinedVariablesRule: RuleVisitor {
    override class var hooks: RuleHooks { .operation }

    override func enterOperation(_ operation: OperationDefinition) {
        let usages = context.recursiveVariableReferences(of: operation)
        if usages.isEmpty { return }
        let defined = NameMembership(operation.variableDefinitions) { $0.variable.name.value }
        for usage in usages where !usage.isFragmentVariable {
            let name = usage.variable.name.value
            if defined.contains(name) { continue }
            let message = operation.name.map { "Variable \"$\(name)\" is not defined by operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is not defined."
            report(message, usage.variable.range, operation.range)
        }
    }
}
