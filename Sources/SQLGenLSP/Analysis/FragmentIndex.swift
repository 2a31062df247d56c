import SQLGenLanguage

/// The fragments of a connector's operation files and the places they are spread.
enum FragmentIndex {
    struct Entry {
        var path: String
        var fragment: FragmentDefinition
    }

    /// Every fragment definition, in file order.
    static func fragments(in documents: [(path: String, document: Document)]) -> [Entry] {
        documents.flatMap { file in
            file.document.definitions.compactMap { definition in
                if case .fragment(let fragment) = definition { return Entry(path: file.path, fragment: fragment) }
                return nil
            }
        }
    }

    /// The name of every spread of `name` (found without recursion), by file.
    static func spreads(of name: String, in documents: [(path: String, document: Document)]) -> [(path: String, range: SourceRange)] {
        var found: [(path: String, range: SourceRange)] = []
        for (path, document) in documents {
            var pending: [SelectionSet] = document.definitions.compactMap { definition in
                switch definition {
                case .operation(let operation): return operation.selectionSet
                case .fragment(let fragment): return fragment.selectionSet
                default: return nil
                }
            }
            while let set = pending.popLast() {
                for selection in set.selections {
                    switch selection {
                    case .fragmentSpread(let spread) where spread.name.value == name: found.append((path, spread.name.range))
                    case .fragmentSpread: break
                    case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                    case .inlineFragment(let inline): pending.append(inline.selectionSet)
                    }
                }
            }
        }
        return found.sorted { ($0.path, $0.range.start) < ($1.path, $1.range.start) }
    }

    /// The variables the operations of `document` define (what a fragment in it may use).
    static func operationVariables(in document: Document?) -> [DefinedVariable] {
        guard let document else { return [] }
        var seen: Set<String> = []
        var variables: [DefinedVariable] = []
        for case .operation(let operation) in document.definitions {
            for definition in operation.variableDefinitions where seen.insert(definition.variable.name.value).inserted {
                variables.append(DefinedVariable(name: definition.variable.name.value, type: definition.type, range: definition.range))
            }
        }
        return variables
    }
}
