/// How deep selection sets nest when fragment spreads are followed, counted without recursion.
///
/// Walks that follow fragment spreads recursively (validation rules, the IR builder) could
/// overflow the stack on thousands of chained fragments; callers refuse such documents with one
/// clear error first, and size their stack for the rest (`DeepStack`).
package enum FragmentNesting {
    /// The deepest selection-set nesting reachable from any fragment by following spreads, or a
    /// value above `limit` as soon as one is found. Spreads that close a cycle are not followed.
    package static func deepest(_ fragments: [String: FragmentDefinition], limit: Int) -> Int {
        measure(fragments, limit: limit).depth
    }

    /// `deepest`, and the fragment at which the nesting went past `limit` (nil if it did not),
    /// so that the refusal can name the file that holds it.
    package static func measure(_ fragments: [String: FragmentDefinition], limit: Int) -> (depth: Int, pastLimit: String?) {
        var depthOf: [String: Int] = [:]
        var inProgress: Set<String> = []
        struct Frame {
            var name: String
            var spreads: [(target: String, level: Int)]
            var next = 0
            var deepest: Int
            var level: Int
        }
        var deepest = 0
        for root in fragments.keys where depthOf[root] == nil {
            guard let rootFragment = fragments[root] else { continue }
            let (rootSpreads, rootOwn) = spreadLevels(in: rootFragment.selectionSet)
            var stack = [Frame(name: root, spreads: rootSpreads, deepest: rootOwn, level: 0)]
            inProgress.insert(root)
            while let top = stack.indices.last {
                if stack[top].next < stack[top].spreads.count {
                    let spread = stack[top].spreads[stack[top].next]
                    stack[top].next += 1
                    if let known = depthOf[spread.target] {
                        stack[top].deepest = max(stack[top].deepest, spread.level + known)
                        continue
                    }
                    guard !inProgress.contains(spread.target), let fragment = fragments[spread.target] else { continue }
                    let level = stack[top].level + spread.level
                    if level > limit { return (level, spread.target) }
                    let (spreads, own) = spreadLevels(in: fragment.selectionSet)
                    inProgress.insert(spread.target)
                    stack.append(Frame(name: spread.target, spreads: spreads, deepest: own, level: level))
                } else {
                    let finished = stack.removeLast()
                    inProgress.remove(finished.name)
                    depthOf[finished.name] = finished.deepest
                    if let parent = stack.indices.last {
                        let level = stack[parent].spreads[stack[parent].next - 1].level
                        stack[parent].deepest = max(stack[parent].deepest, level + finished.deepest)
                    }
                    deepest = max(deepest, finished.deepest + finished.level)
                    if deepest > limit { return (deepest, finished.name) }
                }
            }
        }
        return (deepest, nil)
    }

    /// The spreads of a selection set with the nesting level they sit at, and the set's own depth.
    private static func spreadLevels(in selectionSet: SelectionSet) -> (spreads: [(target: String, level: Int)], depth: Int) {
        var spreads: [(target: String, level: Int)] = []
        var depth = 1
        var pending: [(set: SelectionSet, level: Int)] = [(selectionSet, 1)]
        while let (set, level) = pending.popLast() {
            depth = max(depth, level)
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append((spread.name.value, level))
                case .field(let field): if let nested = field.selectionSet { pending.append((nested, level + 1)) }
                case .inlineFragment(let inline): pending.append((inline.selectionSet, level + 1))
                }
            }
        }
        return (spreads, depth)
    }
}
