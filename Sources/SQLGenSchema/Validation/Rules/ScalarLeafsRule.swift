import SQLGenLanguage

// Scalar leafs
//
// A GraphQL document is valid only if all leaf fields (fields without sub selections) are of
// scalar or enum types.
// https://spec.graphql.org/September2025/#sec-Leaf-Field-Selections
final class ScalarLeafsRule: RuleVisitor {
    override class var hooks: RuleHooks { .field }

    override func enterField(_ field: Field) {
        let typeInfo = context.typeInfo
        guard let type = typeInfo.type, let named = typeInfo.namedType else { return }
        let name = field.name.value
        if named.isLeaf {
            if let selectionSet = field.selectionSet {
                report("Field \"\(name)\" must not have a selection since type \"\(type)\" has no subfields.", selectionSet.range)
            }
        } else if field.selectionSet == nil {
            // An empty selection set `{}` passes, as in graphql-core (the parser accepts it).
            report("Field \"\(name)\" of type \"\(type)\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?", field.range)
        }
    }
}
