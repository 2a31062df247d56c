import SQLGenLanguage

// Unique input field names
//
// A GraphQL input object value is only valid if all supplied fields are uniquely named.
// https://spec.graphql.org/September2025/#sec-Input-Object-Field-Uniqueness
final class UniqueInputFieldNamesRule: RuleVisitor {
    override class var hooks: RuleHooks { .values }

    /// The names seen in each enclosing object value, innermost last; nil for an object that
    /// repeats no name (the usual case, checked without building a dictionary).
    private var knownStack: [[String: Name]?] = []

    override func enterObjectValue(_ fields: [ObjectField], value: Value) -> Bool {
        knownStack.append(hasRepeatedName(fields, name: { $0.name.value }) ? [:] : nil)
        return true
    }

    override func leaveObjectValue(_ fields: [ObjectField], value: Value) {
        knownStack.removeLast()
    }

    override func enterObjectField(_ field: ObjectField) {
        guard let last = knownStack.indices.last, knownStack[last] != nil else { return }
        if let previous = knownStack[last]?[field.name.value] {
            report("There can be only one input field named \"\(field.name.value)\".", previous.range, field.name.range)
        } else {
            knownStack[last]?[field.name.value] = field.name
        }
    }
}
