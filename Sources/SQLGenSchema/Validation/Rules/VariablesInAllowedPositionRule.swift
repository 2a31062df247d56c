import SQLGenLanguage

// Variables in allowed position
//
// Variables passed to field arguments conform to type.
// https://spec.graphql.org/September2025/#sec-All-Variable-Usages-Are-Allowed
final class VariablesInAllowedPositionRule: RuleVisitor {
    override class var hooks: RuleHooks { [.operation, .variableDefinition] }

    private var definitions = FirstByName<VariableDefinition>()

    override func enterOperation(_ operation: OperationDefinition) {
        definitions = FirstByName()
    }

    override func enterVariableDefinition(_ definition: VariableDefinition) {
        definitions.record(definition.variable.name.value, definition)
    }

    override func leaveOperation(_ operation: OperationDefinition) {
        let schema = context.schema
        for usage in context.recursiveVariableUsages(of: operation) {
            let name = usage.variable.name.value
            guard let definition = usage.fragmentVariable ?? definitions.last(name), let locationType = usage.type,
                  schema.typeMap[definition.type.namedType.name.value] != nil else { continue }
            let variableType = GraphQLTypeRef(definition.type)
            if !Self.acceptsAnyVariable(locationType, schema: schema),
               !isAllowed(variableType, variableDefault: definition.defaultValue, at: locationType, locationDefault: usage.defaultValue) {
                report("Variable \"$\(name)\" of type \"\(variableType)\" used in position expecting type \"\(locationType)\".", definition.range, usage.variable.range)
            }
            if case .inputObject(let parent)? = usage.parentType.flatMap({ schema.typeMap[$0.namedTypeName] }), parent.isOneOf, !variableType.isNonNull {
                report("Variable \"$\(name)\" is of type \"\(variableType)\" but must be non-nullable to be used for OneOf Input Object \"\(parent.name)\".", definition.range, usage.variable.range)
            }
        }
    }

    /// Data Connect's `Any` (marked `@fdc_acceptsAnyVariable`) takes a variable of any type, as
    /// native SQL `params: [$id, $title]` need. Not in the spec; no other schema has the marker.
    private static func acceptsAnyVariable(_ locationType: GraphQLTypeRef, schema: Schema) -> Bool {
        guard case .scalar(let scalar)? = schema.typeMap[locationType.namedTypeName] else { return false }
        return scalar.directives.contains { $0.name.value == "fdc_acceptsAnyVariable" }
    }

    /// A nullable variable may flow into a non-null position when it or the position has a
    /// non-null default value.
    private func isAllowed(_ variableType: GraphQLTypeRef, variableDefault: Value?, at locationType: GraphQLTypeRef, locationDefault: Value?) -> Bool {
        if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
            var hasNonNullVariableDefault = false
            if let variableDefault {
                if case .null = variableDefault {} else { hasNonNullVariableDefault = true }
            }
            guard hasNonNullVariableDefault || locationDefault != nil else { return false }
            return TypeComparators.isTypeSubTypeOf(context.schema, variableType, nullableLocation)
        }
        return TypeComparators.isTypeSubTypeOf(context.schema, variableType, locationType)
    }
}
