import SQLGenLanguage

/// What every rule can ask during validation: the schema, the document, the current type
/// information, fragments by name, and (cached) fragment spreads and variable usages.
///
/// One context serves one `validate` call; it is not shared between threads.
final class ValidationContext {
    let schema: Schema
    let document: Document
    let typeInfo: TypeInfo
    let maxErrors: Int
    private(set) var errors: [GraphQLError] = []
    /// Set once `maxErrors` is reached; the walker stops.
    private(set) var isAborted = false

    /// Fragment definitions by name (a later definition of a name wins, as in graphql-js).
    let fragments: [String: FragmentDefinition]
    private var spreadsByFragment: [String: [FragmentSpread]] = [:]
    private var usagesByFragment: [String: [VariableUsage]] = [:]
    private var recursiveUsagesCache: (key: SourceRange, ordinal: Int, usages: [VariableUsage])?
    /// Incremented on each operation the walker enters, to key per-operation caches.
    var operationOrdinal = 0

    init(schema: Schema, document: Document, maxErrors: Int) {
        self.schema = schema
        self.document = document
        self.typeInfo = TypeInfo(schema: schema)
        self.maxErrors = maxErrors
        var fragments: [String: FragmentDefinition] = [:]
        for definition in document.definitions {
            if case .fragment(let fragment) = definition { fragments[fragment.name.value] = fragment }
        }
        self.fragments = fragments
    }

    /// Records an error; past `maxErrors`, records graphql-js's abort error and stops validation.
    func report(_ error: GraphQLError) {
        guard !isAborted else { return }
        if errors.count >= maxErrors {
            errors.append(GraphQLError("Too many validation errors, error limit reached. Validation aborted."))
            isAborted = true
            return
        }
        errors.append(error)
    }

    func fragment(named name: String) -> FragmentDefinition? { fragments[name] }

    /// The fragment spreads in a selection set, not following them (graphql-js's order: nested
    /// selection sets are visited last-in first-out).
    func fragmentSpreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        var spreads: [FragmentSpread] = []
        var setsToVisit: [SelectionSet] = [selectionSet]
        while let set = setsToVisit.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let nested = field.selectionSet { setsToVisit.append(nested) }
                case .inlineFragment(let inline): setsToVisit.append(inline.selectionSet)
                }
            }
        }
        return spreads
    }

    /// `fragmentSpreads(in:)` of a named fragment's selection set, cached.
    func fragmentSpreads(ofFragment fragment: FragmentDefinition) -> [FragmentSpread] {
        if let cached = spreadsByFragment[fragment.name.value] { return cached }
        let spreads = fragmentSpreads(in: fragment.selectionSet)
        spreadsByFragment[fragment.name.value] = spreads
        return spreads
    }

    /// Every fragment an operation spreads, directly or through other fragments, each once.
    func recursivelyReferencedFragments(of operation: OperationDefinition) -> [FragmentDefinition] {
        var fragments: [FragmentDefinition] = []
        var collected: Set<String> = []
        var spreads = fragmentSpreads(in: operation.selectionSet)
        var pending: [FragmentDefinition] = []
        while true {
            for spread in spreads {
                let name = spread.name.value
                guard collected.insert(name).inserted, let fragment = self.fragments[name] else { continue }
                fragments.append(fragment)
                pending.append(fragment)
            }
            guard let next = pending.popLast() else { break }
            spreads = fragmentSpreads(ofFragment: next)
        }
        return fragments
    }

    /// The variables used in a fragment, with the input type expected where each is used.
    func variableUsages(ofFragment fragment: FragmentDefinition) -> [VariableUsage] {
        if let cached = usagesByFragment[fragment.name.value] { return cached }
        let usages = VariableUsageCollector.collect(in: .fragment(fragment), context: self)
        usagesByFragment[fragment.name.value] = usages
        return usages
    }

    /// The variables an operation uses, directly and through every fragment it spreads.
    func recursiveVariableUsages(of operation: OperationDefinition) -> [VariableUsage] {
        if let cache = recursiveUsagesCache, cache.ordinal == operationOrdinal, cache.key == operation.range {
            return cache.usages
        }
        var usages = VariableUsageCollector.collect(in: .operation(operation), context: self)
        for fragment in recursivelyReferencedFragments(of: operation) {
            usages.append(contentsOf: variableUsages(ofFragment: fragment))
        }
        recursiveUsagesCache = (operation.range, operationOrdinal, usages)
        return usages
    }
}

/// A variable used somewhere a value is expected.
struct VariableUsage {
    var variable: Variable
    /// The input type expected at that position, if known.
    var type: GraphQLTypeRef?
    /// The default value of that position (an argument's or input field's default).
    var defaultValue: Value?
    /// The input type enclosing the position (for the `@oneOf` check).
    var parentType: GraphQLTypeRef?
    /// The fragment variable definition it refers to (experimental fragment arguments).
    var fragmentVariable: VariableDefinition?

    var isFragmentVariable: Bool { fragmentVariable != nil }
}
