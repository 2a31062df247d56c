import SQLGenLanguage
import SQLGenSchema

extension ValidationRule {
    /// Data Connect: the SQL of native SQL fields (`_select`, `_execute`...) is a literal that follows their rules.
    public static let dataConnectNativeSQL = ValidationRule("DataConnectNativeSQLRule", DataConnectNativeSQLRule.self)
    /// `NoUnusedVariablesRule` where a variable read by an expression string counts as used.
    public static let dataConnectNoUnusedVariables = ValidationRule("NoUnusedVariablesRule", DataConnectNoUnusedVariablesRule.self)
}

extension DataConnectDialect {
    /// The rules a connector's operations are validated with: the persisted-operation rules as
    /// Data Connect reads them, and its own.
    public static let operationRules: [ValidationRule] = rules(from: persistedOperationRules)

    /// `rules` as Data Connect applies them: variables used by expressions count as used, and
    /// native SQL follows its rules.
    public static func rules(from rules: [ValidationRule]) -> [ValidationRule] {
        rules.map { $0 == .noUnusedVariables ? .dataConnectNoUnusedVariables : $0 } + [.dataConnectNativeSQL]
    }
}

/// A variable that only an expression reads (`@auth(expr: "vars.id == auth.uid")`) is used.
final class DataConnectNoUnusedVariablesRule: NoUnusedVariablesRule {
    override func variablesReadImplicitly(by operation: OperationDefinition) -> Set<String> {
        ExpressionVariableReferences.names(in: operation, schema: context.schema) { [context] in context.fragment(named: $0) }
    }
}
