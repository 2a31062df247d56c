import SQLGenLanguage

/// The walk behind `Executor.measure`: fields counted and field depth with fragments expanded
/// (each use of a fragment counts), and the nesting of selection sets and spreads. A spread of a
/// fragment already on the path is not followed, so cycles end; the walk stops at the first limit.
struct LimitWalk {
    let fragments: [String: FragmentDefinition]
    let limits: ExecutionLimits
    private(set) var count = 0
    private(set) var deepest = 0
    private(set) var nesting = 0

    init(fragments: [String: FragmentDefinition], limits: ExecutionLimits) {
        self.fragments = fragments
        self.limits = limits
    }

    private struct Frame {
        var selections: [Selection]
        var next = 0
        var depth: Int
        /// The fragment this frame spreads, left off the path when the frame ends.
        var spread: String?
    }

    mutating func run(_ root: SelectionSet) {
        var onPath: Set<String> = []
        var stack = [Frame(selections: root.selections, depth: 1)]
        deepest = 1
        nesting = 1
        while let top = stack.indices.last {
            guard stack[top].next < stack[top].selections.count else {
                if let spread = stack.removeLast().spread { onPath.remove(spread) }
                continue
            }
            let selection = stack[top].selections[stack[top].next]
            stack[top].next += 1
            let depth = stack[top].depth
            switch selection {
            case .field(let field):
                count += 1
                if let child = field.selectionSet { stack.append(Frame(selections: child.selections, depth: depth + 1)) }
            case .inlineFragment(let inline):
                stack.append(Frame(selections: inline.selectionSet.selections, depth: depth))
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !onPath.contains(name), let fragment = fragments[name] else { continue }
                onPath.insert(name)
                stack.append(Frame(selections: fragment.selectionSet.selections, depth: depth, spread: name))
            }
            deepest = max(deepest, stack[stack.count - 1].depth)
            nesting = max(nesting, stack.count)
            if deepest > limits.maxDepth || count > limits.maxFields || nesting > Executor.maxNesting { return }
        }
    }
}
