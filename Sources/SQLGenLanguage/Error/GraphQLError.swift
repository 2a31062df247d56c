/// An error with graphql-js's shape: a message and the places in the source it refers to.
///
/// Syntax errors, validation errors and schema errors all use this type. `message` follows
/// graphql-js's wording with double-quoted names, e.g. `Syntax Error: Expected Name, found "}".`
public struct GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// The ranges the error points at; the first is the primary one.
    public var ranges: [SourceRange]
    /// For execution errors: the response path (field names and list indices).
    public var path: [PathComponent]?
    /// The validation rule (e.g. `FieldsOnCorrectTypeRule`) or other origin of the error, if any.
    public var rule: String?
    /// The document an error without ranges concerns (one validation gave up on), so that its
    /// diagnostic can name that file; nil when unknown.
    public var source: SourceID?

    public init(_ message: String, ranges: [SourceRange] = [], path: [PathComponent]? = nil, rule: String? = nil, source: SourceID? = nil) {
        self.message = message
        self.ranges = ranges
        self.path = path
        self.rule = rule
        self.source = source
    }

    public var description: String { message }

    /// Locations of `ranges` in `sources` (matched by source id); ranges of unknown sources are skipped.
    public func locations(in sources: [Source]) -> [SourceLocation] {
        ranges.compactMap { range in
            sources.first(where: { $0.id == range.source }).map { $0.location(at: range.start) }
        }
    }

    /// Locations of `ranges` in a single source.
    public func locations(in source: Source) -> [SourceLocation] {
        ranges.map { source.location(at: $0.start) }
    }
}

/// One step of a response path: a field's response key or a list index.
public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
    case key(String)
    case index(Int)

    public var description: String {
        switch self {
        case .key(let key): return key
        case .index(let index): return String(index)
        }
    }
}
