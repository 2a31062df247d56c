import SQLGenLanguage

/// What every rule can ask during validation: the schema, the document, the current type
/// information, fragments by name, and (cached) fragment spreads and variable usages.
///
/// One context serves one `validate` call; it is not shared between threads.
public final class ValidationContext {
    public let schema: Schema
    public let document: Document
    public let typeInfo: TypeInfo
    let maxErrors: Int
    private(set) var errors: [GraphQLError] = []
    /// Set once `maxErrors` is reached; the walker stops.
    private(set) var isAborted = false

    /// Fragment definitions by name (a later definition of a name wins, as in graphql-js).
    public let fragments: [String: FragmentDefinition]
    /// Directives defined by the document itself (they take precedence over the schema's, as in
    /// graphql-js; rare in executable documents).
    let documentDirectives: [String: DirectiveDefinition]
    private var spreadsByFragment: [String: [FragmentSpread]] = [:]
    private var usagesByFragment: [String: [VariableUsage]] = [:]
    private var referencesByFragment: [String: [VariableReference]] = [:]
    private var recursiveReferencesCache: (ordinal: Int, references: [VariableReference])?
    /// The plain scan of the operation being walked (its variables and, often, its spreads).
    private var operationScan: (ordinal: Int, references: [VariableReference], spreads: [FragmentSpread]?)?
    private var referencedFragmentsCache: (ordinal: Int, fragments: [FragmentDefinition])?
    /// Incremented on each operation the walker enters, to key per-operation caches.
    var operationOrdinal = 0
    /// The typed variable usages of the operation being walked, set by the walker once it has
    /// walked the operation's selection set (before the rules leave the operation).
    var walkedOperationUsages: [VariableUsage] = []

    init(schema: Schema, document: Document, maxErrors: Int) {
        self.schema = schema
        self.document = document
        self.typeInfo = TypeInfo(schema: schema)
        self.maxErrors = maxErrors
        var fragments: [String: FragmentDefinition] = [:]
        var directives: [String: DirectiveDefinition] = [:]
        for definition in document.definitions {
            switch definition {
            case .fragment(let fragment): fragments[fragment.name.value] = fragment
            case .directive(let directive): directives[directive.name.value] = directive
            default: break
            }
        }
        self.fragments = fragments
        self.documentDirectives = directives
    }

    /// Records an error; past `maxErrors`, records graphql-js's abort error and stops validation.
    func report(_ error: GraphQLError) {
        guard !isAborted else { return }
        if errors.count >= maxErrors {
            // Named after the file validation stopped in.
            errors.append(GraphQLError("Too many validation errors, error limit reached. Validation aborted.", source: errors.last?.ranges.first?.source))
            isAborted = true
            return
        }
        errors.append(error)
    }

    public func fragment(named name: String) -> FragmentDefinition? { fragments[name] }

    private var directiveInfoCache: [String: DirectiveInfo?] = [:]

    /// What the rules need to know about a directive, from the document or the schema (cached:
    /// several rules ask about each directive they meet).
    func directiveInfo(named name: String) -> DirectiveInfo? {
        if let cached = directiveInfoCache[name] { return cached }
        let info = makeDirectiveInfo(named: name)
        directiveInfoCache[name] = .some(info)
        return info
    }

    private func makeDirectiveInfo(named name: String) -> DirectiveInfo? {
        if !documentDirectives.isEmpty, let definition = documentDirectives[name] {
            return DirectiveInfo(
                locations: definition.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
                isRepeatable: definition.repeatable,
                argumentNames: definition.arguments.map(\.name.value),
                requiredArguments: definition.arguments.compactMap { argument in
                    guard case .nonNull = argument.type, argument.defaultValue == nil else { return nil }
                    return (argument.name.value, Printer.print(argument.type))
                })
        }
        guard let directive = schema.directive(named: name) else { return nil }
        return DirectiveInfo(
            locations: directive.locations,
            isRepeatable: directive.isRepeatable,
            argumentNames: directive.arguments.map(\.name),
            requiredArguments: directive.arguments.filter(\.isRequired).map { ($0.name, $0.type.description) })
    }

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

    /// Every fragment an operation spreads (given its own spreads), directly or through other
    /// fragments, each once, in graphql-js's order.
    private func recursivelyReferencedFragments(spreads operationSpreads: [FragmentSpread]) -> [FragmentDefinition] {
        if operationSpreads.isEmpty || fragments.isEmpty { return [] }
        var found: [FragmentDefinition] = []
        var collected: Set<String> = []
        var spreads = operationSpreads
        var pending: [FragmentDefinition] = []
        while true {
            for spread in spreads {
                let name = spread.name.value
                guard collected.insert(name).inserted, let fragment = fragments[name] else { continue }
                found.append(fragment)
                pending.append(fragment)
            }
            guard let next = pending.popLast() else { break }
            spreads = fragmentSpreads(ofFragment: next)
        }
        return found
    }

    /// The fragments the operation being walked spreads, directly or not (several rules ask).
    func referencedFragmentsOfCurrentOperation(_ operation: OperationDefinition) -> [FragmentDefinition] {
        if let cache = referencedFragmentsCache, cache.ordinal == operationOrdinal { return cache.fragments }
        let scan = scanOfCurrentOperation(operation)
        let fragments = recursivelyReferencedFragments(spreads: scan.spreads ?? fragmentSpreads(in: operation.selectionSet))
        referencedFragmentsCache = (operationOrdinal, fragments)
        return fragments
    }

    /// One plain scan of the operation being walked, shared by the rules that need its variables
    /// or its spreads.
    private func scanOfCurrentOperation(_ operation: OperationDefinition) -> (references: [VariableReference], spreads: [FragmentSpread]?) {
        if let scan = operationScan, scan.ordinal == operationOrdinal { return (scan.references, scan.spreads) }
        let scan = VariableUsageCollector.scan(operation)
        operationScan = (operationOrdinal, scan.references, scan.spreads)
        return scan
    }

    /// The variables used in a fragment (without types), cached.
    func variableReferences(ofFragment fragment: FragmentDefinition) -> [VariableReference] {
        let name = fragment.name.value
        if let cached = referencesByFragment[name], isCanonical(fragment) { return cached }
        let references = VariableUsageCollector.references(in: fragment) ?? []
        if isCanonical(fragment) { referencesByFragment[name] = references }
        return references
    }

    /// The variables the operation being walked uses, directly and through every fragment it
    /// spreads, without types (for the rules that check names only, on entering it).
    func recursiveVariableReferences(of operation: OperationDefinition) -> [VariableReference] {
        if let cache = recursiveReferencesCache, cache.ordinal == operationOrdinal { return cache.references }
        var references = scanOfCurrentOperation(operation).references
        for fragment in referencedFragmentsOfCurrentOperation(operation) {
            references.append(contentsOf: variableReferences(ofFragment: fragment))
        }
        recursiveReferencesCache = (operationOrdinal, references)
        return references
    }

    /// The variables used in a fragment, with the input type expected where each is used: as
    /// recorded by the walk if it has passed the fragment, else by a walk of the fragment alone.
    func variableUsages(ofFragment fragment: FragmentDefinition) -> [VariableUsage] {
        if let cached = usagesByFragment[fragment.name.value] { return cached }
        let usages = VariableUsageCollector.typedUsages(in: fragment, context: self)
        usagesByFragment[fragment.name.value] = usages
        return usages
    }

    /// Keeps the usages the walker recorded in a fragment definition (the one its name denotes).
    func recordWalkedUsages(_ usages: [VariableUsage], of fragment: FragmentDefinition) {
        guard usagesByFragment[fragment.name.value] == nil, isCanonical(fragment) else { return }
        usagesByFragment[fragment.name.value] = usages
    }

    /// The variables the operation being walked uses, directly and through every fragment it
    /// spreads, with their expected types. Valid once the walker has walked the operation's
    /// selection set (when rules leave the operation).
    func recursiveVariableUsages(of operation: OperationDefinition) -> [VariableUsage] {
        var usages = walkedOperationUsages
        for fragment in referencedFragmentsOfCurrentOperation(operation) {
            usages.append(contentsOf: variableUsages(ofFragment: fragment))
        }
        return usages
    }

    /// Whether `fragment` is the definition its name denotes (a later one of the same name wins).
    private func isCanonical(_ fragment: FragmentDefinition) -> Bool {
        fragments[fragment.name.value]?.range == fragment.range
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

/// A directive definition reduced to what validation checks.
struct DirectiveInfo {
    var locations: [DirectiveLocation]
    var isRepeatable: Bool
    var argumentNames: [String]
    /// Name and printed type of each required argument.
    var requiredArguments: [(name: String, type: String)]
}
