import SQLGenLanguage

// Possible fragment spread
//
// A fragment spread is only valid if the type condition could ever possibly be true: if there is
// a non-empty intersection of the possible parent types, and possible types which pass the type
// condition.
// https://spec.graphql.org/September2025/#sec-Fragment-spread-is-possible
final class PossibleFragmentSpreadsRule: RuleVisitor {
    override func enterInlineFragment(_ fragment: InlineFragment) {
        let typeInfo = context.typeInfo
        guard let fragmentType = typeInfo.named(typeInfo.type), fragmentType.isComposite,
              let parentType = typeInfo.parentType,
              !TypeComparators.doTypesOverlap(context.schema, fragmentType, parentType) else { return }
        report("Fragment cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".", fragment.range)
    }

    override func enterFragmentSpread(_ spread: FragmentSpread) {
        let name = spread.name.value
        guard let fragment = context.fragment(named: name),
              let fragmentType = context.schema.typeMap[fragment.typeCondition.name.value], fragmentType.isComposite,
              let parentType = context.typeInfo.parentType,
              !TypeComparators.doTypesOverlap(context.schema, fragmentType, parentType) else { return }
        report("Fragment \"\(name)\" cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(fragmentType.name)\".", spread.range)
    }
}
