import SQLGenLanguage
import SQLGenSchema

// Data Connect native SQL
//
// The native SQL root fields (`_select`, `_execute`...) take their SQL as a string literal written
// in the operation, never a variable, so clients cannot change it; its positional parameters
// `$1..$n` match the `params` list; a `params` entry `{_expr: "..."}` holds a literal expression.
// The SQL itself follows `NativeSQLField.problems`. Not part of the spec: it acts only on fields
// marked `@fdc_nativeSQL`, which only the Data Connect dialect declares.
// https://firebase.google.com/docs/data-connect/native-sql
final class DataConnectNativeSQLRule: RuleVisitor {
    override class var hooks: RuleHooks { .field }

    override func enterField(_ field: Field) {
        guard let definition = context.typeInfo.fieldDefinition,
              let native = NativeSQLField(definitionName: definition.name, directives: definition.directives) else { return }
        let name = native.rawValue
        let params = field.arguments.first { $0.name.value == "params" }?.value
        var parameterCount: Int?
        switch params {
        case nil, .null?: parameterCount = 0
        case .list(let items, _)?:
            parameterCount = items.count
            for item in items { checkExpression(item, field: name) }
        default: parameterCount = nil
        }
        guard let sql = field.arguments.first(where: { $0.name.value == "sql" }) else { return }
        switch sql.value {
        case .variable(let variable):
            report("Argument \"\(name)(sql:)\" must be a string literal written in the operation, not the variable \"$\(variable.name.value)\": clients cannot change native SQL.", sql.value.range)
        case .string(let text):
            for problem in native.problems(NativeSQLText(text.value), parameterCount: parameterCount) {
                report(problem, sql.value.range)
            }
        default:
            break
        }
    }

    /// `{_expr: "auth.uid"}` in `params`: the expression must be a string literal.
    private func checkExpression(_ value: Value, field: String) {
        guard case .object(let members, _) = value, let expression = members.first(where: { $0.name.value == "_expr" }) else { return }
        if case .string = expression.value { return }
        report("\"_expr\" in \"\(field)(params:)\" must be a string literal (a CEL expression such as \"auth.uid\"), not a variable or other value.", expression.value.range)
    }
}
