import SQLGenLanguage

// No deprecated
//
// A GraphQL document is only valid if all selected fields and all used enum values, arguments
// and input fields have not been deprecated. Not part of the spec's rules; opt in.
// https://spec.graphql.org/September2025/#sec--deprecated
final class NoDeprecatedCustomRule: RuleVisitor {
    override func enterField(_ field: Field) {
        let typeInfo = context.typeInfo
        guard let definition = typeInfo.fieldDefinition, let reason = definition.deprecationReason,
              let parent = typeInfo.parentType else { return }
        report("The field \"\(parent.name).\(definition.name)\" is deprecated. \(reason)", field.range)
    }

    override func enterArgument(_ argument: Argument) {
        let typeInfo = context.typeInfo
        guard let definition = typeInfo.argument, let reason = definition.deprecationReason else { return }
        if let directive = typeInfo.directive {
            report("The argument \"@\(directive.name)(\(definition.name):)\" is deprecated. \(reason)", argument.range)
        } else if let field = typeInfo.fieldDefinition, let parent = typeInfo.parentType {
            report("The argument \"\(parent.name).\(field.name)(\(definition.name):)\" is deprecated. \(reason)", argument.range)
        }
    }

    override func enterObjectField(_ field: ObjectField) {
        let typeInfo = context.typeInfo
        guard case .inputObject(let parent)? = typeInfo.named(typeInfo.parentInputType),
              let definition = parent.field(named: field.name.value), let reason = definition.deprecationReason else { return }
        report("The input field \"\(parent.name).\(definition.name)\" is deprecated. \(reason)", field.range)
    }

    override func enterScalarValue(_ value: Value) {
        guard case .enumValue(let name, let range) = value,
              case .enumType(let type)? = context.typeInfo.named(context.typeInfo.inputType),
              let definition = type.value(named: name), let reason = definition.deprecationReason else { return }
        report("The enum value \"\(type.name).\(name)\" is deprecated. \(reason)", range)
    }
}
