import SQLGenLanguage

// Values of correct type
//
// A GraphQL document is only valid if all value literals are of the type expected at their
// position.
// https://spec.graphql.org/September2025/#sec-Values-of-Correct-Type
final class ValuesOfCorrectTypeRule: RuleVisitor {
    override func enterListValue(_ value: Value) -> Bool {
        // TypeInfo has already entered the item type: the list's own type is the parent one.
        if context.typeInfo.parentInputType?.nullable.isList == true { return true }
        checkLeafValue(value)
        return false
    }

    override func enterObjectValue(_ fields: [ObjectField], value: Value) -> Bool {
        let typeInfo = context.typeInfo
        guard case .inputObject(let type)? = typeInfo.named(typeInfo.inputType) else {
            checkLeafValue(value)
            return false
        }
        var given: Set<String> = []
        for field in fields { given.insert(field.name.value) }
        for definition in type.fields where !given.contains(definition.name) && definition.isRequired {
            report("Field \"\(type.name).\(definition.name)\" of required type \"\(definition.type)\" was not provided.", value.range)
        }
        if type.isOneOf {
            let isNull: Bool
            if fields.count == 1, case .null = fields[0].value { isNull = true } else { isNull = false }
            if given.count != 1 || isNull {
                report("Within OneOf Input Object type \"\(type.name)\", exactly one field must be specified, and the value for that field must be non-null.", value.range)
            }
        }
        return true
    }

    override func enterObjectField(_ field: ObjectField) {
        let typeInfo = context.typeInfo
        guard typeInfo.inputType == nil, case .inputObject(let parent)? = typeInfo.named(typeInfo.parentInputType) else { return }
        let suggestions = Suggestions.list(field.name.value, options: parent.fields.map(\.name))
        report("Field \"\(field.name.value)\" is not defined by type \"\(parent.name)\"." + Suggestions.didYouMean(suggestions), field.range)
    }

    override func enterNullValue(_ value: Value) {
        if let type = context.typeInfo.inputType, type.isNonNull {
            report("Expected value of type \"\(type)\", found null.", value.range)
        }
    }

    override func enterScalarValue(_ value: Value) { checkLeafValue(value) }

    /// graphql-js's `isValidValueNode`: the value must suit the leaf type expected here.
    private func checkLeafValue(_ value: Value) {
        let typeInfo = context.typeInfo
        guard let locationType = typeInfo.inputType, let named = typeInfo.named(locationType) else { return }
        guard named.isLeaf else {
            report("Expected value of type \"\(locationType)\", found \(Printer.print(value)).", value.range)
            return
        }
        if let message = leafLiteralError(value, type: named) {
            report(message, value.range)
        }
    }
}
