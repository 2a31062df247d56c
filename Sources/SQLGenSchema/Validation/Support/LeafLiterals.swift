import SQLGenLanguage

/// Why a literal is not a valid value of a scalar or enum type, in graphql-js's words (its
/// `parseLiteral` errors); nil when the literal is valid. Custom scalars accept any literal.
func leafLiteralError(_ value: Value, type: GraphQLNamedType) -> String? {
    // As graphql-js, the literal is judged (and printed) with its variables replaced: without
    // runtime values, a variable in a list becomes null and an object field set to one is dropped.
    let value = withoutVariables(value)
    switch type {
    case .scalar(let scalar): return InputLiteralValidator.scalarProblem(value, scalar.name)
    case .enumType(let enumType): return InputLiteralValidator.enumProblem(value, enumType, false)
    default: return nil
    }
}

/// graphql-js's `replaceVariables` with no variable values.
func withoutVariables(_ value: Value) -> Value {
    switch value {
    case .variable(let variable):
        return .null(variable.range)
    case .list(let items, let range):
        return .list(items.map(withoutVariables), range)
    case .object(let fields, let range):
        var kept: [ObjectField] = []
        for field in fields {
            if case .variable = field.value { continue }
            kept.append(ObjectField(name: field.name, value: withoutVariables(field.value), range: field.range))
        }
        return .object(kept, range)
    default:
        return value
    }
}
