import SQLGenLanguage

// Values of correct type
//
// A GraphQL document is only valid if all value literals are of the type expected at their
// position.
// https://spec.graphql.org/September2025/#sec-Values-of-Correct-Type
//
// As in graphql-js 17, each outermost value is checked whole (`validateInputLiteral`, statically:
// variables are left to VariablesInAllowedPositionRule) and its inside is not visited again.
final class ValuesOfCorrectTypeRule: RuleVisitor {
    override func enterListValue(_ value: Value) -> Bool {
        // TypeInfo has already entered the item type: the list's own type is the parent one.
        if let type = context.typeInfo.parentInputType { validate(value, type) }
        return false
    }

    override func enterObjectValue(_ fields: [ObjectField], value: Value) -> Bool {
        if let type = context.typeInfo.inputType { validate(value, type) }
        return false
    }

    override func enterNullValue(_ value: Value) {
        if let type = context.typeInfo.inputType { validate(value, type) }
    }

    override func enterScalarValue(_ value: Value) {
        if let type = context.typeInfo.inputType { validate(value, type) }
    }

    private func validate(_ value: Value, _ type: GraphQLTypeRef) {
        if case .variable = value { return }
        switch type {
        case .nonNull(let inner):
            if case .null = value {
                report("Expected value of non-null type \"\(type)\" not to be null.", value.range)
                return
            }
            validate(value, inner)
        case .list(let item):
            if case .null = value { return }
            if case .list(let items, _) = value {
                for element in items { validate(element, item) }
            } else {
                // A single value is accepted as a list of one.
                validate(value, item)
            }
        case .named(let name):
            if case .null = value { return }
            guard let named = context.schema.typeMap[name] else { return }
            if case .inputObject(let inputObject) = named {
                validate(value, inputObject)
            } else if let message = leafLiteralError(value, type: named) {
                report(message, value.range)
            }
        }
    }

    private func validate(_ value: Value, _ type: GraphQLInputObjectType) {
        guard case .object(let fields, let range) = value else {
            report("Expected value of type \"\(type.name)\" to be an object, found: \(Printer.print(value)).", value.range)
            return
        }
        var byName: [String: ObjectField] = [:]
        for field in fields { byName[field.name.value] = field }
        for definition in type.fields {
            if let field = byName[definition.name] {
                validate(field.value, definition.type)
            } else if definition.isRequired {
                report("Expected value of type \"\(type.name)\" to include required field \"\(definition.name)\", found: \(Printer.print(value)).", range)
            }
        }
        var known: [ObjectField] = []
        for field in fields {
            if type.field(named: field.name.value) != nil {
                known.append(field)
                continue
            }
            let suggestion = Suggestions.didYouMean(Suggestions.list(field.name.value, options: type.fields.map(\.name)))
            let found = suggestion.isEmpty ? ", found" : ".\(suggestion) Found"
            report("Expected value of type \"\(type.name)\" not to include unknown field \"\(field.name.value)\"\(found): \(Printer.print(value)).", field.range)
        }
        if type.isOneOf {
            let message = "Within OneOf Input Object type \"\(type.name)\", exactly one field must be specified, and the value for that field must be non-null."
            if known.count != 1 {
                report(message, range)
            } else if case .null = known[0].value {
                report(message, range)
            }
        }
    }
}
