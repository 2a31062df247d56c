import SQLGenLanguage

// No fragment cycles
//
// The graph of fragment spreads must not form any cycles, including spreading itself; otherwise an
// operation could infinitely spread or infinitely execute on cycles in the underlying data.
// https://spec.graphql.org/September2025/#sec-Fragment-spreads-must-not-form-cycles
final class NoFragmentCyclesRule: RuleVisitor {
    /// Fragments already checked: each cycle is reported once, from its first fragment.
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var pathIndexByName: [String: Int] = [:]

    override func enterFragment(_ fragment: FragmentDefinition) {
        detectCycles(from: fragment)
    }

    private func detectCycles(from fragment: FragmentDefinition) {
        let name = fragment.name.value
        guard visited.insert(name).inserted else { return }
        let spreads = context.fragmentSpreads(in: fragment.selectionSet)
        if spreads.isEmpty { return }
        pathIndexByName[name] = spreadPath.count
        for spread in spreads {
            let spreadName = spread.name.value
            let cycleIndex = pathIndexByName[spreadName]
            spreadPath.append(spread)
            if let cycleIndex {
                let cycle = spreadPath[cycleIndex...]
                let via = cycle.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                let message = "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via).")
                report(message, ranges: cycle.map(\.range))
            } else if let target = context.fragment(named: spreadName) {
                detectCycles(from: target)
            }
            spreadPath.removeLast()
        }
        pathIndexByName[name] = nil
    }
}
