import SQLGenLanguage

/// The walk of NoDirectiveDefinitionCyclesRule over a `DirectiveReferenceGraph`, in graphql-js's
/// order: from each directive definition, depth first, each directive entered once; a reference
/// back onto the path closes a cycle, reported for the directive that closes it (or, closed at
/// a type, for each directive on it).
struct DirectiveCycleSearch {
    typealias Reference = DirectiveReferenceGraph.Reference

    struct Cycle {
        var directiveName: String
        var path: [Reference]
    }

    /// Bounds on the edges followed and the cycles reported: input types that share many paths
    /// can repeat one cycle through each of them, and a hostile schema must not make the check
    /// run for hours. Real schemas stay far below both.
    static let maxSteps = 1_000_000
    static let maxCycles = 100

    private let graph: DirectiveReferenceGraph
    /// Only cycles with a reference from the documents count (an existing schema's own cycles
    /// were its builder's concern).
    private let requiresDocumentReference: Bool
    private var visitedDirectives: Set<String> = []
    private var pathIndex: [String: Int] = [:]
    private var path: [Reference] = []
    private var steps = 0
    private(set) var cycles: [Cycle] = []

    init(graph: DirectiveReferenceGraph, requiresDocumentReference: Bool) {
        self.graph = graph
        self.requiresDocumentReference = requiresDocumentReference
    }

    mutating func run() -> [Cycle] {
        let reaching = graph.coordinatesReachingDirectives()
        for start in graph.startingPoints where !isExhausted {
            walk(from: start, reaching: reaching)
        }
        return cycles
    }

    private mutating func walk(from start: String, reaching: Set<String>) {
        guard visitedDirectives.insert(start).inserted else { return }
        // The coordinates on the path, each with its references and the next one to follow.
        var frames: [(coordinate: String, references: [Reference], next: Int)] = [(start, graph.references(of: start), 0)]
        pathIndex[start] = 0
        while let top = frames.indices.last, !isExhausted {
            guard frames[top].next < frames[top].references.count else {
                pathIndex[frames[top].coordinate] = nil
                frames.removeLast()
                if !frames.isEmpty { path.removeLast() }
                continue
            }
            let reference = frames[top].references[frames[top].next]
            frames[top].next += 1
            steps += 1
            if let cycleIndex = pathIndex[reference.coordinate] {
                record(Array(path[cycleIndex...]) + [reference], closedBy: reference)
                continue
            }
            guard reaching.contains(reference.coordinate) else { continue }
            if reference.directiveName != nil, !visitedDirectives.insert(reference.coordinate).inserted { continue }
            path.append(reference)
            pathIndex[reference.coordinate] = path.count
            frames.append((reference.coordinate, graph.references(of: reference.coordinate), 0))
        }
        path.removeAll()
        pathIndex.removeAll()
    }

    private var isExhausted: Bool { steps > Self.maxSteps || cycles.count >= Self.maxCycles }

    private mutating func record(_ cyclePath: [Reference], closedBy repeated: Reference) {
        if requiresDocumentReference && !cyclePath.contains(where: \.isFromDocument) { return }
        if let name = repeated.directiveName {
            cycles.append(Cycle(directiveName: name, path: cyclePath))
            return
        }
        // Closed at a type: each directive on the cycle, the cycle read from just after it.
        for index in cyclePath.indices {
            guard let name = cyclePath[index].directiveName else { continue }
            if cycles.count < Self.maxCycles { cycles.append(Cycle(directiveName: name, path: Array(cyclePath[(index + 1)...] + cyclePath[...index]))) }
        }
    }
}
