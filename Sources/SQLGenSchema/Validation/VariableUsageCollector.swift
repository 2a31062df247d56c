import SQLGenLanguage

/// Finds the variables used in an operation or fragment, as graphql-js's `getVariableUsages`.
///
/// Two forms, so that the common cases need no second typed walk of the document:
/// - references (the variable and whether it is a fragment variable): a plain scan of the AST in
///   the walker's order, all that NoUndefinedVariables and NoUnusedVariables need;
/// - typed usages (with the input type expected where each is used): the `DocumentWalker` records
///   them while it walks a definition; a fragment that the walk has not reached yet is walked on
///   its own, with its own `TypeInfo` and no rules.
enum VariableUsageCollector {
    /// The typed usages of a fragment, by a walk of it alone.
    static func typedUsages(in fragment: FragmentDefinition, context: ValidationContext) -> [VariableUsage] {
        guard references(in: fragment) != nil else { return [] }
        let walker = DocumentWalker(typeInfo: TypeInfo(schema: context.schema), context: context)
        walker.walk(.fragment(fragment))
        return walker.recordedUsages
    }

    /// The variables an operation uses itself (not through fragments), in walk order, and the
    /// fragments it spreads in `ValidationContext.fragmentSpreads(in:)`'s order when this scan
    /// can tell it (nil when its spreads sit in more than one selection set).
    static func scan(_ operation: OperationDefinition) -> (references: [VariableReference], spreads: [FragmentSpread]?) {
        var scanner = ReferenceScanner(fragmentVariables: [])
        scanner.scan(operation.directives)
        scanner.scan(operation.selectionSet)
        return (scanner.references, scanner.spreadsInSeveralSets ? nil : scanner.spreads)
    }

    /// The variables a fragment uses, in walk order; nil when it uses none.
    static func references(in fragment: FragmentDefinition) -> [VariableReference]? {
        var scanner = ReferenceScanner(fragmentVariables: fragment.variableDefinitions)
        scanner.scan(fragment.directives)
        scanner.scan(fragment.selectionSet)
        return scanner.references.isEmpty ? nil : scanner.references
    }
}

/// A variable used in a definition, without type information.
struct VariableReference {
    var variable: Variable
    /// Whether it names a variable the enclosing fragment defines (experimental fragment
    /// arguments) rather than an operation variable.
    var isFragmentVariable: Bool
}

/// The untyped scan: visits arguments, directives and selections in `DocumentWalker`'s order.
private struct ReferenceScanner {
    let fragmentVariables: [VariableDefinition]
    var references: [VariableReference] = []
    /// The fragment spreads in document order. That is also the order of the context's spread
    /// search (nested sets last-in first-out) when they all sit in one selection set.
    var spreads: [FragmentSpread] = []
    var spreadsInSeveralSets = false
    private var setsScanned = 0
    private var setWithSpreads = 0

    init(fragmentVariables: [VariableDefinition]) {
        self.fragmentVariables = fragmentVariables
    }

    mutating func scan(_ selectionSet: SelectionSet) {
        setsScanned += 1
        let set = setsScanned
        let selections = selectionSet.selections
        for index in selections.indices {
            switch selections[index] {
            case .field(let field):
                scan(field.arguments)
                scan(field.directives)
                if let nested = field.selectionSet { scan(nested) }
            case .fragmentSpread(let spread):
                if spreads.isEmpty {
                    setWithSpreads = set
                } else if setWithSpreads != set {
                    spreadsInSeveralSets = true
                }
                spreads.append(spread)
                scan(spread.arguments)
                scan(spread.directives)
            case .inlineFragment(let inline):
                scan(inline.directives)
                scan(inline.selectionSet)
            }
        }
    }

    mutating func scan(_ directives: [Directive]) {
        for directive in directives { scan(directive.arguments) }
    }

    mutating func scan(_ arguments: [Argument]) {
        for argument in arguments { scan(argument.value) }
    }

    mutating func scan(_ value: Value) {
        switch value {
        case .variable(let variable):
            let isFragmentVariable = !fragmentVariables.isEmpty && fragmentVariables.contains { $0.variable.name.value == variable.name.value }
            references.append(VariableReference(variable: variable, isFragmentVariable: isFragmentVariable))
        case .list(let items, _):
            for item in items { scan(item) }
        case .object(let fields, _):
            for field in fields { scan(field.value) }
        case .int, .float, .string, .boolean, .null, .enumValue:
            break
        }
    }
}
