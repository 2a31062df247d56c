import SQLGenLanguage

// Fields on correct type
//
// A GraphQL document is only valid if all fields selected are defined by the parent type, or
// are an allowed meta field such as __typename.
// https://spec.graphql.org/September2025/#sec-Field-Selections
final class FieldsOnCorrectTypeRule: RuleVisitor {
    override func enterField(_ field: Field) {
        let typeInfo = context.typeInfo
        guard let parent = typeInfo.parentType, typeInfo.fieldDefinition == nil else { return }
        let name = field.name.value
        var suggestion = Suggestions.didYouMean(suggestedTypeNames(parent, fieldName: name), subMessage: "to use an inline fragment on")
        if suggestion.isEmpty {
            suggestion = Suggestions.didYouMean(Suggestions.list(name, options: parent.fields.map(\.name)))
        }
        report("Cannot query field \"\(name)\" on type \"\(parent.name)\"." + suggestion, field.range)
    }

    /// For an abstract type: the possible types (and their interfaces) that do have the field,
    /// the most used first, interfaces before their implementations.
    private func suggestedTypeNames(_ type: GraphQLNamedType, fieldName: String) -> [String] {
        guard type.isAbstract else { return [] }
        let schema = context.schema
        var suggested: [GraphQLNamedType] = []
        var usageCount: [String: Int] = [:]
        for possible in schema.possibleTypes(of: type) where possible.field(named: fieldName) != nil {
            if usageCount[possible.name] == nil { suggested.append(.object(possible)) }
            usageCount[possible.name] = 1
            for interfaceName in possible.interfaces {
                guard let interface = schema.interfaceType(named: interfaceName), interface.field(named: fieldName) != nil else { continue }
                if usageCount[interfaceName] == nil { suggested.append(.interface(interface)) }
                usageCount[interfaceName, default: 0] += 1
            }
        }
        suggested.sort { a, b in
            let difference = (usageCount[b.name] ?? 0) - (usageCount[a.name] ?? 0)
            if difference != 0 { return difference < 0 }
            if case .interface = a, schema.isSubType(abstract: a, maybeSub: b) { return true }
            if case .interface = b, schema.isSubType(abstract: b, maybeSub: a) { return false }
            return Suggestions.naturalCompare(a.name, b.name) < 0
        }
        return suggested.map(\.name)
    }
}
