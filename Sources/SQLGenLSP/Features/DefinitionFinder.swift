import SQLGenLanguage
import SQLGenSchema

/// Where a name is defined: a fragment in any of the connector's files, a variable in its
/// operation, and a type, field, argument, enum value or directive in the user's schema files,
/// or, for what the dialect derives, in the read-only view of the derived schema.
struct DefinitionFinder {
    struct Place {
        var path: String
        var start: Int
        var end: Int
    }

    let connector: ConnectorState?
    let fragments: [FragmentIndex.Entry]
    /// The derived schema's view, made when first needed.
    let derivedView: () -> DerivedSchemaView?

    func places(of symbol: Symbol, variables: [DefinedVariable], path: String) -> [Place] {
        switch symbol {
        case .fragment(let name):
            return fragments.filter { $0.fragment.name.value == name }.map {
                Place(path: $0.path, start: $0.fragment.name.range.start, end: $0.fragment.name.range.end)
            }
        case .variable(let name, _):
            return variables.filter { $0.name == name }.map { Place(path: path, start: $0.range.start, end: $0.range.start + 1 + name.utf8.count) }
        default:
            if let place = userPlace(of: symbol) { return [place] }
            guard let key = SchemaDefinitionIndex.key(of: symbol), let view = derivedView(), let range = view.index[key] else { return [] }
            return [Place(path: view.path, start: range.start, end: range.end)]
        }
    }

    /// The definition's name in one of the connector's schema files, when the schema kept it
    /// from there (the text at the range is the name).
    private func userPlace(of symbol: Symbol) -> Place? {
        guard let (name, range) = nameAndRange(of: symbol), let range, let source = connector?.schemaSource(of: range),
              range.end <= source.bytes.count, source.bytes[range.start..<range.end].elementsEqual(name.utf8) else { return nil }
        return Place(path: FileURI.canonical(source.name), start: range.start, end: range.end)
    }

    private func nameAndRange(of symbol: Symbol) -> (String, SourceRange?)? {
        switch symbol {
        case .field(_, let field): return (field.name, field.astNode?.name.range)
        case .argument(_, let argument): return (argument.name, argument.astNode?.name.range)
        case .inputField(_, let field): return (field.name, field.astNode?.name.range)
        case .enumValue(_, let value): return (value.name, value.astNode?.name.range)
        case .type(let type): return (type.name, type.nameRange)
        case .directive(let directive): return (directive.name, directive.astNode?.name.range)
        case .fragment, .variable: return nil
        }
    }
}
