import SQLGenLanguage

// Fragments on composite type
//
// Fragments use a type condition to determine if they apply, since fragments can only be spread
// into a composite type (object, interface, or union), the type condition must also be a
// composite type.
// https://spec.graphql.org/September2025/#sec-Fragments-On-Composite-Types
final class FragmentsOnCompositeTypesRule: RuleVisitor {
    override func enterInlineFragment(_ fragment: InlineFragment) {
        guard let condition = fragment.typeCondition, let type = context.schema.typeMap[condition.name.value], !type.isComposite else { return }
        report("Fragment cannot condition on non composite type \"\(condition.name.value)\".", condition.range)
    }

    override func enterFragment(_ fragment: FragmentDefinition) {
        let condition = fragment.typeCondition
        guard let type = context.schema.typeMap[condition.name.value], !type.isComposite else { return }
        report("Fragment \"\(fragment.name.value)\" cannot condition on non composite type \"\(condition.name.value)\".", condition.range)
    }
}
