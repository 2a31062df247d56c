import SQLGenLanguage

// Overlapping fields can be merged
//
// A selection set is only valid if all fields (including spreading any fragments) either
// correspond to distinct response names or can be merged without ambiguity.
// https://spec.graphql.org/September2025/#sec-Field-Selection-Merging
//
// graphql-js's algorithm: fields are collected per selection set (cached), fragments are compared
// with the fields and with each other once per pair (remembering whether the comparison assumed
// mutually exclusive parents), so documents with many fragments stay polynomial.
final class OverlappingFieldsCanBeMergedRule: RuleVisitor {
    override class var hooks: RuleHooks { [.selectionSet, .inlineFragment] }

    private lazy var merger = FieldMerger(context: context)
    /// Set on entering an inline fragment: its selection set is part of the enclosing one, whose
    /// check already covered it, so it is not checked (and reported) again.
    private var nextSelectionSetIsInline = false

    override func enterInlineFragment(_ fragment: InlineFragment) {
        nextSelectionSetIsInline = true
    }

    override func enterSelectionSet(_ selectionSet: SelectionSet) {
        if nextSelectionSetIsInline {
            nextSelectionSetIsInline = false
            return
        }
        let conflicts = merger.conflictsWithin(selectionSet, parentType: context.typeInfo.parentType)
        for conflict in conflicts {
            report("Fields \"\(conflict.reason.responseName)\" conflict because \(conflict.reason.message). Use different aliases on the fields to fetch both if this was intentional.", ranges: conflict.fields1 + conflict.fields2)
        }
    }
}

/// Why two fields with the same response name cannot be merged.
struct ConflictReason {
    var responseName: String
    /// Either a sentence, or the conflicts of subfields.
    var text: String?
    var subreasons: [ConflictReason]

    var message: String {
        if let text { return text }
        return subreasons.map { "subfields \"\($0.responseName)\" conflict because \($0.message)" }.joined(separator: " and ")
    }
}

struct FieldConflict {
    var reason: ConflictReason
    var fields1: [SourceRange]
    var fields2: [SourceRange]
}
