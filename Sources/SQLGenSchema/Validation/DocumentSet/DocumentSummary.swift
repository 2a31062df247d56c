import SQLGenLanguage

/// The names one document defines and the fragments it spreads: what validating several
/// documents as one needs to know about a document besides its own content.
struct DocumentSummary: Equatable {
    struct Operation: Equatable {
        var name: String?
        /// The name without underscores, in lower case (`PersistedOperationsDistinctNamesRule`).
        var foldedName: String?
        /// Fragments spread directly in the operation's selections.
        var spreads: [String]
    }

    struct Fragment: Equatable {
        var name: String
        /// Fragments spread directly in the fragment's selections.
        var spreads: [String]
    }

    var operations: [Operation] = []
    var fragments: [Fragment] = []
    /// Every fragment the document spreads, in operations and fragments alike.
    private(set) var allSpreads: [String] = []

    init(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                let name = operation.name?.value
                operations.append(Operation(name: name, foldedName: name.map(PersistedOperationsDistinctNamesRule.folded), spreads: Self.spreads(in: operation.selectionSet)))
            case .fragment(let fragment):
                fragments.append(Fragment(name: fragment.name.value, spreads: Self.spreads(in: fragment.selectionSet)))
            default:
                continue
            }
        }
        allSpreads = operations.flatMap(\.spreads) + fragments.flatMap(\.spreads)
    }

    /// The fragment names spread anywhere inside `selectionSet`, found without recursion.
    static func spreads(in selectionSet: SelectionSet) -> [String] {
        var names: [String] = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): names.append(spread.name.value)
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                }
            }
        }
        return names
    }
}
