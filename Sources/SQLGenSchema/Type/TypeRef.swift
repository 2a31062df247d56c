import SQLGenLanguage

/// A reference to a type as written in a field, argument or variable: `String`, `[Int!]`, `User!`.
///
/// Named types are referenced by name and resolved through `Schema.type(named:)`, so the model has
/// no reference cycles and stays a plain `Sendable` value graph. Only the wrappers are boxed:
/// a named reference (the most common kind) is stored inline, without an allocation.
public enum GraphQLTypeRef: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    indirect case list(GraphQLTypeRef)
    /// Never wraps another `.nonNull`.
    indirect case nonNull(GraphQLTypeRef)

    /// Converts an AST type reference (ranges are dropped).
    public init(_ ast: TypeReference) {
        switch ast {
        case .named(let named): self = .named(named.name.value)
        case .list(let inner, _): self = .list(GraphQLTypeRef(inner))
        case .nonNull(let inner, _): self = .nonNull(GraphQLTypeRef(inner))
        }
    }

    /// The innermost named type's name.
    public var namedTypeName: String {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedTypeName
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// Whether this is a list, ignoring an outer non-null (`[T]` and `[T]!`).
    public var isList: Bool {
        if case .list = nullable { return true }
        return false
    }

    /// The type with an outer non-null removed (`T!` → `T`; others unchanged).
    public var nullable: GraphQLTypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The wrapped type of a list or non-null, nil for a named type.
    public var ofType: GraphQLTypeRef? {
        switch self {
        case .named: return nil
        case .list(let inner), .nonNull(let inner): return inner
        }
    }

    /// The element type of a list (`[T]` or `[T]!` → `T`), nil otherwise.
    public var listElement: GraphQLTypeRef? {
        if case .list(let inner) = nullable { return inner }
        return nil
    }

    /// The SDL form, e.g. `[Int!]!`.
    public var description: String {
        switch self {
        case .named(let name): return name
        case .list(let inner): return "[\(inner.description)]"
        case .nonNull(let inner): return "\(inner.description)!"
        }
    }

    /// Wraps this type in non-null (no-op if it already is).
    public var nonNullWrapped: GraphQLTypeRef {
        isNonNull ? self : .nonNull(self)
    }
}
