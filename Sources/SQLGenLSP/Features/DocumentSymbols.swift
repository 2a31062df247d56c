import SQLGenJSON
import SQLGenLanguage

/// The outline of an operation file (LSP `DocumentSymbol`s): operations and fragments, their
/// variables, and the fields, spreads and inline fragments they select.
struct DocumentSymbols {
    let lines: LineTable
    let encoding: PositionEncoding

    private enum Kind: Int {
        case `class` = 5, field = 8, function = 12, variable = 13, object = 19
    }

    func symbols(of document: Document) -> [JSONValue] {
        document.definitions.compactMap { definition in
            switch definition {
            case .operation(let operation):
                let name = operation.name?.value ?? "(anonymous \(operation.operation.rawValue))"
                let children = operation.variableDefinitions.map { variable in
                    symbol("$" + variable.variable.name.value, detail: Printer.print(variable.type), kind: .variable, range: variable.range, selection: variable.variable.range)
                } + selections(operation.selectionSet)
                return symbol(name, detail: operation.operation.rawValue, kind: .function, range: operation.range,
                              selection: operation.name?.range ?? operation.range, children: children)
            case .fragment(let fragment):
                return symbol(fragment.name.value, detail: "fragment on \(fragment.typeCondition.name.value)", kind: .class,
                              range: fragment.range, selection: fragment.name.range, children: selections(fragment.selectionSet))
            default:
                return nil
            }
        }
    }

    private func selections(_ set: SelectionSet) -> [JSONValue] {
        set.selections.map { selection in
            switch selection {
            case .field(let field):
                let name = field.alias.map { "\($0.value): \(field.name.value)" } ?? field.name.value
                return symbol(name, detail: nil, kind: .field, range: field.range, selection: field.alias?.range ?? field.name.range,
                              children: field.selectionSet.map(selections) ?? [])
            case .fragmentSpread(let spread):
                return symbol("..." + spread.name.value, detail: nil, kind: .object, range: spread.range, selection: spread.name.range)
            case .inlineFragment(let inline):
                let name = "... on " + (inline.typeCondition?.name.value ?? "")
                return symbol(name, detail: nil, kind: .object, range: inline.range, selection: inline.typeCondition?.range ?? inline.range,
                              children: selections(inline.selectionSet))
            }
        }
    }

    private func symbol(_ name: String, detail: String?, kind: Kind, range: SourceRange, selection: SourceRange, children: [JSONValue] = []) -> JSONValue {
        var symbol: JSONValue = ["name": .string(name), "kind": .int(Int64(kind.rawValue)),
                                  "range": lines.range(range, encoding: encoding), "selectionRange": lines.range(selection, encoding: encoding)]
        if let detail { symbol["detail"] = .string(detail) }
        if !children.isEmpty { symbol["children"] = .array(children) }
        return symbol
    }
}
