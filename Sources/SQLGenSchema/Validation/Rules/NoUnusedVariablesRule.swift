import SQLGenLanguage

// No unused variables
//
// A GraphQL operation is only valid if all variables defined by an operation are used, either
// directly or within a spread fragment.
// https://spec.graphql.org/September2025/#sec-All-Variables-Used
//
// A dialect may read variables where no `$name` appears (Data Connect's expression strings,
// `@auth(expr: "vars.id == auth.uid")`): its subclass names them, asked only when a variable
// looks unused.
open class NoUnusedVariablesRule: RuleVisitor {
    override open class var hooks: RuleHooks { [.operation, .fragment] }

    /// Variables `operation` reads other than by `$name`; none in the spec.
    open func variablesReadImplicitly(by operation: OperationDefinition) -> Set<String> { [] }

    override public final func enterOperation(_ operation: OperationDefinition) {
        guard !operation.variableDefinitions.isEmpty else { return }
        let usages = context.recursiveVariableReferences(of: operation).filter { !$0.isFragmentVariable }
        let used = NameMembership(usages) { $0.variable.name.value }
        var readImplicitly: Set<String>?
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            if used.contains(name) { continue }
            if readImplicitly == nil {
                readImplicitly = variablesReadImplicitly(by: operation)
            }
            if readImplicitly?.contains(name) == true { continue }
            let message = operation.name.map { "Variable \"$\(name)\" is never used in operation \"\($0.value)\"." }
                ?? "Variable \"$\(name)\" is never used."
            report(message, definition.range)
        }
    }

    override public final func enterFragment(_ fragment: FragmentDefinition) {
        guard !fragment.variableDefinitions.isEmpty else { return }
        let used = NameMembership(context.variableReferences(ofFragment: fragment)) { $0.variable.name.value }
        for definition in fragment.variableDefinitions where !used.contains(definition.variable.name.value) {
            report("Variable \"$\(definition.variable.name.value)\" is never used in fragment \"\(fragment.name.value)\".", definition.range)
        }
    }
}
