import SQLGenLanguage

/// The spec's InputObjectHasUnbreakableCycle check: an input object that can only be given an
/// infinite value (through non-null input-object fields, or through every field of a `@oneOf`)
/// is an error. Propagates "has a finite value" backwards from the input objects that clearly
/// have one, then reports each remaining cycle once.
struct FiniteValueCheck {
    private struct State {
        let input: GraphQLInputObjectType
        var targets: [(field: GraphQLInputValue, target: String)] = []
        var dependents: [String] = []
        var unresolved = 0
        var hasFiniteValue = false
    }

    private var states: [String: State] = [:]
    private let order: [String]
    private var queue: [String] = []
    private var results: [(String, [SourceRange?])] = []
    private var visited = Set<String>()
    private var fieldPath: [(String, SourceRange?)] = []
    private var pathIndex: [String: Int] = [:]

    init(schema: Schema, inputObjects: [GraphQLInputObjectType]) {
        order = inputObjects.map(\.name)
        for input in inputObjects { states[input.name] = State(input: input) }
    }

    private static func target(_ input: GraphQLInputObjectType, _ type: GraphQLTypeRef, _ states: [String: State]) -> String? {
        if input.isOneOf {
            if case .named(let name) = type, states[name] != nil { return name }
            return nil
        }
        if case .nonNull(.named(let name)) = type, states[name] != nil { return name }
        return nil
    }

    private mutating func markFinite(_ name: String) {
        guard let state = states[name], !state.hasFiniteValue else { return }
        states[name]?.hasFiniteValue = true
        queue.append(name)
    }

    mutating func run() -> [(String, [SourceRange?])] {
        for name in order {
            guard let input = states[name]?.input else { continue }
            for field in input.fields {
                guard let target = Self.target(input, field.type, states) else { continue }
                states[name]?.targets.append((field, target))
                states[target]?.dependents.append(name)
            }
            let targetCount = states[name]?.targets.count ?? 0
            if input.isOneOf {
                if input.fields.isEmpty || targetCount < input.fields.count { markFinite(name) }
            } else {
                states[name]?.unresolved = targetCount
                if targetCount == 0 { markFinite(name) }
            }
        }
        while let next = queue.popLast() {
            for dependent in states[next]?.dependents ?? [] {
                guard let state = states[dependent], !state.hasFiniteValue else { continue }
                if state.input.isOneOf {
                    markFinite(dependent)
                    continue
                }
                states[dependent]?.unresolved -= 1
                if states[dependent]?.unresolved == 0 { markFinite(dependent) }
            }
        }
        for name in order where states[name]?.hasFiniteValue == false {
            reportCycles(name)
        }
        return results
    }

    private mutating func reportCycles(_ name: String) {
        guard let state = states[name], !visited.contains(name) else { return }
        visited.insert(name)
        pathIndex[name] = fieldPath.count
        for (field, target) in state.targets {
            guard let targetState = states[target], !targetState.hasFiniteValue else { continue }
            fieldPath.append(("\(name).\(field.name)", field.astNode?.range))
            if let cycleIndex = pathIndex[target] {
                let cycle = fieldPath[cycleIndex...]
                let pathString = cycle.map(\.0).joined(separator: ", ")
                results.append(("Input Object \(target) cannot be provided a finite value because it references itself through fields: \(pathString).", cycle.map(\.1)))
            } else {
                reportCycles(target)
            }
            fieldPath.removeLast()
        }
        pathIndex[name] = nil
    }
}
