import SQLGenLanguage

/// What directive definitions reference, for NoDirectiveDefinitionCyclesRule (graphql-js's
/// `DirectiveDefinitionReferenceGraph`): nodes are schema coordinates (`@a`, `@a(arg:)`, `Input`,
/// `Input.field`, `Enum.VALUE`), edges lead from each to the directives applied to it, its
/// arguments, fields or values, and the type of an argument or field.
struct DirectiveReferenceGraph {
    struct Reference {
        var coordinate: String
        /// Set for a directive (its application, or its definition as a starting point).
        var directiveName: String?
        var isFromDocument: Bool
        var range: SourceRange?
    }

    /// Directive definitions in first-seen order: each walk starts from one.
    private var directiveSources: [String] = []
    private var directiveSourceSet: Set<String> = []
    private var referencesBySource: [String: [Reference]] = [:]

    mutating func addDirectiveSource(_ name: String, isFromDocument: Bool) -> Reference {
        let source = Reference(coordinate: "@" + name, directiveName: name, isFromDocument: isFromDocument)
        if directiveSourceSet.insert(source.coordinate).inserted { directiveSources.append(source.coordinate) }
        return source
    }

    /// One edge; the same coordinate from the same side (document or schema) counts once.
    mutating func addReference(from source: Reference, _ reference: Reference) {
        var references = referencesBySource[source.coordinate, default: []]
        if references.contains(where: { $0.coordinate == reference.coordinate && $0.isFromDocument == reference.isFromDocument }) { return }
        references.append(reference)
        referencesBySource[source.coordinate] = references
    }

    mutating func addDirectiveUsages(from source: Reference, _ directives: [Directive]) {
        for directive in directives {
            let name = directive.name.value
            addReference(from: source, Reference(coordinate: "@" + name, directiveName: name, isFromDocument: source.isFromDocument, range: directive.range))
        }
    }

    /// The coordinate of an argument, field or enum value of `parent`.
    static func child(of parent: Reference, named name: String) -> Reference {
        let coordinate = parent.directiveName != nil ? "\(parent.coordinate)(\(name):)" : "\(parent.coordinate).\(name)"
        return Reference(coordinate: coordinate, isFromDocument: parent.isFromDocument)
    }

    func references(of coordinate: String) -> [Reference] {
        referencesBySource[coordinate] ?? []
    }

    var startingPoints: [String] { directiveSources }

    /// The coordinates from which some directive can be reached: a walk into any other node can
    /// close no cycle through a directive, so the search skips them (input types in large
    /// schemas share many paths, and walking each of them would take exponential time).
    func coordinatesReachingDirectives() -> Set<String> {
        var reversed: [String: [String]] = [:]
        var pending: [String] = []
        for (source, references) in referencesBySource {
            for reference in references {
                reversed[reference.coordinate, default: []].append(source)
                if reference.directiveName != nil { pending.append(reference.coordinate) }
            }
        }
        pending += directiveSources
        var reaching = Set(pending)
        while let coordinate = pending.popLast() {
            for source in reversed[coordinate] ?? [] where reaching.insert(source).inserted {
                pending.append(source)
            }
        }
        return reaching
    }
}
