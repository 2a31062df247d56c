import SQLGenLanguage

/// The spec's InputObjectHasUnbreakableCycle check: an input object that can only be given an
/// infinite value (through non-null input-object fields, or through every field of a `@oneOf`)
/// is an error. Propagates "has a finite value" backwards from the input objects that clearly
/// have one, then reports each remaining cycle once.
struct FiniteValueCheck {
    /// One input object; other input objects are referred to by their position in `states`.
    private struct State {
        let input: GraphQLInputObjectType
        var targets: [(field: GraphQLInputValue, target: Int)] = []
        var dependents: [Int] = []
        var unresolved = 0
        var hasFiniteValue = false
        var visited = false
        /// Where this input object starts in `fieldPath` while `reportCycles` is inside it.
        var pathIndex: Int?
    }

    private var states: [State]
    private let positions: NameTable<Named<Int>>
    private var queue: [Int] = []
    private var results: [(String, [SourceRange?])] = []
    private var fieldPath: [(String, SourceRange?)] = []

    init(schema: Schema, inputObjects: [GraphQLInputObjectType]) {
        states = inputObjects.map { State(input: $0) }
        positions = NameTable(keying: inputObjects.indices.map { Named(name: inputObjects[$0].name, value: $0) })
    }

    private func target(_ input: GraphQLInputObjectType, _ type: GraphQLTypeRef) -> Int? {
        if input.isOneOf {
            if case .named(let name) = type { return positions[name]?.value }
            return nil
        }
        if case .nonNull(.named(let name)) = type { return positions[name]?.value }
        return nil
    }

    private mutating func markFinite(_ position: Int) {
        guard !states[position].hasFiniteValue else { return }
        states[position].hasFiniteValue = true
        queue.append(position)
    }

    mutating func run() -> [(String, [SourceRange?])] {
        for position in states.indices {
            let input = states[position].input
            for field in input.fields {
                guard let target = target(input, field.type) else { continue }
                states[position].targets.append((field, target))
                states[target].dependents.append(position)
            }
            let targetCount = states[position].targets.count
            if input.isOneOf {
                if input.fields.isEmpty || targetCount < input.fields.count { markFinite(position) }
            } else {
                states[position].unresolved = targetCount
                if targetCount == 0 { markFinite(position) }
            }
        }
        while let next = queue.popLast() {
            for dependent in states[next].dependents where !states[dependent].hasFiniteValue {
                if states[dependent].input.isOneOf {
                    markFinite(dependent)
                    continue
                }
                states[dependent].unresolved -= 1
                if states[dependent].unresolved == 0 { markFinite(dependent) }
            }
        }
        for position in states.indices where !states[position].hasFiniteValue {
            reportCycles(position)
        }
        return results
    }

    /// Reports the cycles through `root` depth first, with a stack of its own: a chain of input
    /// objects is as long as the schema is large.
    private mutating func reportCycles(_ root: Int) {
        guard !states[root].visited else { return }
        var stack: [(position: Int, next: Int)] = []
        enter(root, &stack)
        while let top = stack.indices.last {
            let (position, next) = stack[top]
            guard next < states[position].targets.count else {
                states[position].pathIndex = nil
                stack.removeLast()
                // The field that led here from the input object below on the stack.
                if !stack.isEmpty { fieldPath.removeLast() }
                continue
            }
            stack[top].next += 1
            let (field, target) = states[position].targets[next]
            guard !states[target].hasFiniteValue else { continue }
            fieldPath.append(("\(states[position].input.name).\(field.name)", field.astNode?.range))
            if let cycleIndex = states[target].pathIndex {
                let cycle = fieldPath[cycleIndex...]
                let pathString = cycle.map(\.0).joined(separator: ", ")
                results.append(("Input Object \(states[target].input.name) cannot be provided a finite value because it references itself through fields: \(pathString).", cycle.map(\.1)))
                fieldPath.removeLast()
            } else if states[target].visited {
                fieldPath.removeLast()
            } else {
                enter(target, &stack)
            }
        }
    }

    private mutating func enter(_ position: Int, _ stack: inout [(position: Int, next: Int)]) {
        states[position].visited = true
        states[position].pathIndex = fieldPath.count
        stack.append((position, 0))
    }
}
