import SQLGenLanguage

/// Validates a connector's documents as one, as `validate(schema:documents:rules:)` does, but
/// document by document: each is validated with the fragments it reaches in the others, and the
/// rules that need every document at once (unique names, unused fragments, a lone anonymous
/// operation) are checked on summaries of the documents. A document's result is kept while
/// neither its text nor the text of a document holding a fragment it reaches has changed, so a
/// one-file change revalidates that file and the files that spread its fragments.
///
/// When a name rule fails, the documents are validated together once more and those errors are
/// returned; when a revalidated document has errors, it is validated again together with the
/// others revalidated and the documents they reach (the rest were valid and nothing they reach
/// changed, so a whole validation finds nothing in them): messages and order are always exactly
/// those of a whole validation.
/// Not thread-safe: use one validator from one thread (it validates on several itself).
public final class DocumentSetValidator {
    /// One document and the source it was parsed from (its name and bytes identify it).
    public struct Input: Sendable {
        public var source: Source
        public var document: Document
        public init(source: Source, document: Document) {
            self.source = source
            self.document = document
        }
    }

    /// By reference: a run hands each on with one retain.
    private final class Known {
        let bytes: [UInt8]
        let summary: DocumentSummary
        /// The documents whose fragments this one reached, with their bytes, when it was last
        /// found valid; nil while it has not been.
        var validWith: [(name: String, bytes: [UInt8])]?

        init(bytes: [UInt8], summary: DocumentSummary) {
            (self.bytes, self.summary) = (bytes, summary)
        }
    }

    public let schema: Schema
    private let rules: [ValidationRule]
    private let documentRules: [ValidationRule]
    /// Whether operation names must differ by more than case and underscores.
    private let foldsOperationNames: Bool
    /// By document name, in the order of the last run's inputs.
    private var known = RunMemo<Known>()
    /// What each input reached in the last run, if its set rules held (set from its summaries).
    private var lastReaches: [Reach]?
    private var reached: [String: [String]] = [:]
    private var reachIsKnown = false
    /// How many documents the last `validate` validated on their own (the rest were unchanged).
    public private(set) var documentsValidated = 0

    private static let setRules: Set<String> = [
        ValidationRule.uniqueOperationNames.name, ValidationRule.uniqueFragmentNames.name,
        ValidationRule.loneAnonymousOperation.name, ValidationRule.noUnusedFragments.name,
        ValidationRule.persistedOperationsDistinctNames.name,
    ]

    public init(schema: Schema, rules: [ValidationRule] = specifiedRules) {
        self.schema = schema
        self.rules = rules
        documentRules = rules.filter { !Self.setRules.contains($0.name) }
        foldsOperationNames = rules.contains { $0.name == ValidationRule.persistedOperationsDistinctNames.name }
    }

    /// The errors of validating `inputs` together (none when they are valid).
    public func validate(_ inputs: [Input]) -> [GraphQLError] {
        documentsValidated = 0
        (reached, reachIsKnown) = ([:], false)
        guard let refreshed = refreshSummaries(inputs) else {
            lastReaches = nil
            return validateTogether(inputs)
        }
        guard let reaches = reachesIfSetRulesHold(refreshed.entries, sameSummaries: refreshed.sameSummaries) else { return validateTogether(inputs) }
        var stale: [(index: Int, reach: Reach)] = []
        for (index, input) in inputs.enumerated() {
            let reach = reaches[index]
            if !reach.documents.isEmpty { reached[input.source.name] = reach.documents.map { inputs[$0].source.name } }
            if !isStillValid(refreshed.entries[index], reached: reach.documents, inputs: inputs) { stale.append((index, reach)) }
        }
        reachIsKnown = true
        documentsValidated = stale.count
        let errors = validateEach(stale.map { item in combined(inputs[item.index], with: item.reach, inputs: inputs) })
        guard errors.allSatisfy(\.isEmpty) else { return validateTogether(stale, inputs: inputs) }
        for item in stale {
            refreshed.entries[item.index].validWith = item.reach.documents.map { (inputs[$0].source.name, inputs[$0].source.bytes) }
        }
        return []
    }

    /// What each input reaches, when the set rules hold: the last run's while every summary is
    /// as it was, in the same order.
    private func reachesIfSetRulesHold(_ entries: [Known], sameSummaries: Bool) -> [Reach]? {
        if sameSummaries, let lastReaches, lastReaches.count == entries.count { return lastReaches }
        lastReaches = nil
        guard let fragments = fragmentGraph(entries), setRulesHold(entries, fragments: fragments) else { return nil }
        let made = entries.indices.map { reach(from: $0, entries: entries, fragments: fragments) }
        lastReaches = made
        return made
    }

    /// The names of the other documents whose fragments the named one reached in the last run
    /// (through its spreads and theirs), in input order; nil when that run validated the
    /// documents together only.
    public func documentsReached(from name: String) -> [String]? {
        // Most documents reach no other: no name is hashed then.
        reachIsKnown ? (reached.isEmpty ? [] : reached[name] ?? []) : nil
    }

    private func validateTogether(_ inputs: [Input]) -> [GraphQLError] {
        documentsValidated = inputs.count
        return SQLGenSchema.validate(schema: schema, documents: inputs.map(\.document), rules: rules)
    }

    /// The `stale` documents and those they reach, in input order, validated together with the
    /// per-document rules (the name rules hold).
    private func validateTogether(_ stale: [(index: Int, reach: Reach)], inputs: [Input]) -> [GraphQLError] {
        var included = Set(stale.map(\.index))
        for item in stale { included.formUnion(item.reach.documents) }
        documentsValidated = included.count
        return SQLGenSchema.validate(schema: schema, documents: included.sorted().map { inputs[$0].document }, rules: documentRules)
    }

    /// What is known of each input, in input order, and whether every summary is the last run's
    /// in the same order; nil when two inputs share a name.
    private func refreshSummaries(_ inputs: [Input]) -> (entries: [Known], sameSummaries: Bool)? {
        known.beginRun()
        var entries: [Known] = []
        entries.reserveCapacity(inputs.count)
        var sameSummaries = true
        for input in inputs {
            let old = known.previous(input.source.name)
            if let old, old.bytes == input.source.bytes {
                entries.append(old)
            } else {
                entries.append(Known(bytes: input.source.bytes, summary: DocumentSummary(input.document)))
                sameSummaries = sameSummaries && old?.summary == entries[entries.count - 1].summary
            }
            known.record(input.source.name, entries[entries.count - 1])
        }
        guard known.count == inputs.count else { return nil }
        return (entries, sameSummaries && known.followsPreviousOrder)
    }

    /// Every fragment: the input defining it and the fragments it spreads.
    private struct FragmentGraph {
        var owners: [String: Int] = [:]
        var spreads: [String: [String]] = [:]
    }

    /// Nil when a fragment name is defined twice or two inputs share a name (whole validation
    /// reports it).
    private func fragmentGraph(_ entries: [Known]) -> FragmentGraph? {
        var graph = FragmentGraph()
        for (index, entry) in entries.enumerated() {
            for fragment in entry.summary.fragments {
                guard graph.owners.updateValue(index, forKey: fragment.name) == nil else { return nil }
                graph.spreads[fragment.name] = fragment.spreads
            }
        }
        return graph
    }

    /// Unique operation names, a lone anonymous operation, and every fragment used.
    private func setRulesHold(_ entries: [Known], fragments: FragmentGraph) -> Bool {
        // Folded names (kinds aside) are distinct only where the names are: a clash of folded
        // names alone is settled by validating together.
        var operationNames: Set<String> = []
        var operations = 0
        var anonymous = false
        var used: Set<String> = []
        var pending: [String] = []
        for entry in entries {
            for operation in entry.summary.operations {
                operations += 1
                if let name = operation.name {
                    guard operationNames.insert(foldsOperationNames ? operation.foldedName ?? name : name).inserted else { return false }
                } else {
                    anonymous = true
                }
                pending += operation.spreads
            }
        }
        if anonymous && operations > 1 { return false }
        while let name = pending.popLast() {
            guard used.insert(name).inserted else { continue }
            pending += fragments.spreads[name] ?? []
        }
        return !rules.contains(where: { $0.name == ValidationRule.noUnusedFragments.name }) || fragments.owners.keys.allSatisfy(used.contains)
    }

    /// What one document reaches through its spreads (and theirs) in the other documents.
    private struct Reach {
        /// The other inputs' indexes, in input order.
        var documents: [Int] = []
        var fragments: Set<String> = []
    }

    private func reach(from index: Int, entries: [Known], fragments: FragmentGraph) -> Reach {
        let summary = entries[index].summary
        var result = Reach()
        guard !summary.allSpreads.isEmpty else { return result }
        var seen: Set<String> = []
        var documents: Set<Int> = []
        var pending = summary.allSpreads
        while let fragment = pending.popLast() {
            guard seen.insert(fragment).inserted, let owner = fragments.owners[fragment] else { continue }
            if owner != index {
                documents.insert(owner)
                result.fragments.insert(fragment)
            }
            pending += fragments.spreads[fragment] ?? []
        }
        result.documents = documents.sorted()
        return result
    }

    private func isStillValid(_ entry: Known, reached: [Int], inputs: [Input]) -> Bool {
        guard let previous = entry.validWith, previous.count == reached.count else { return false }
        return zip(previous, reached).allSatisfy { old, index in
            old.name == inputs[index].source.name && old.bytes == inputs[index].source.bytes
        }
    }

    /// The input's definitions followed by the fragments it reaches in other inputs.
    private func combined(_ input: Input, with reach: Reach, inputs: [Input]) -> Document {
        var definitions = input.document.definitions
        for index in reach.documents {
            for case .fragment(let fragment) in inputs[index].document.definitions where reach.fragments.contains(fragment.name.value) {
                definitions.append(.fragment(fragment))
            }
        }
        return Document(definitions: definitions, range: input.document.range)
    }

    /// Each document's errors under the per-document rules, on every core when there are many.
    private func validateEach(_ documents: [Document]) -> [[GraphQLError]] {
        let schema = schema
        let rules = documentRules
        return documents.concurrentMap(minimumCount: 32) { SQLGenSchema.validate(schema: schema, document: $0, rules: rules) }
    }
}
