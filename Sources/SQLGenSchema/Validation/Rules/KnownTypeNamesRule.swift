import SQLGenLanguage

// Known type names
//
// A GraphQL document is only valid if referenced types (specifically variable definitions and
// fragment conditions) are defined by the type schema.
// https://spec.graphql.org/September2025/#sec-Fragment-Spread-Type-Existence
final class KnownTypeNamesRule: RuleVisitor {
    /// Types defined by type-system definitions in the document itself.
    private var definedTypes: Set<String> = []
    private static let standardTypeNames: [String] = BuiltInScalars.all.map(\.name) + Introspection.types.map(\.name)

    override func enterDocument(_ document: Document) {
        for definition in document.definitions {
            if case .type(let type) = definition { definedTypes.insert(type.name.value) }
        }
    }

    override func enterNamedType(_ type: NamedType, inTypeSystem: Bool) {
        let name = type.name.value
        if context.schema.typeMap[name] != nil || definedTypes.contains(name) { return }
        if inTypeSystem && Self.standardTypeNames.contains(name) { return }
        var candidates = context.schema.typeNames + definedTypes.sorted()
        if inTypeSystem { candidates = Self.standardTypeNames + candidates }
        report("Unknown type \"\(name)\"." + Suggestions.didYouMean(Suggestions.list(name, options: candidates)), type.range)
    }
}
