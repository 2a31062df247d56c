// The GraphQL abstract syntax tree (GraphQL spec, September 2025, section 2 and 3).
//
// Every node is a value type with its `range` in the source. Walk it with plain `switch`es over
// `Definition`, `Selection`, `Value` and `TypeReference`; there is one way to walk, and no visitor.
// Type-system extensions reuse the definition structs (their `description` is always nil), so a
// consumer handles a type's fields once whether they come from a definition or an `extend`.
// Equality compares ranges too: compare ASTs parsed with `ParseOptions.noLocation` to ignore layout.

/// A name token (`Name` in the spec), with its range.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    public var value: String
    public var range: SourceRange
    public init(_ value: String, range: SourceRange = .none) {
        self.value = value
        self.range = range
    }
    public var description: String { value }
}

/// Document : Definition+
public struct Document: Sendable, Hashable {
    public var definitions: [Definition] {
        didSet { parsedNestingDepth = nil }
    }
    public var range: SourceRange
    /// The deepest nesting the parser met, kept while `definitions` are as parsed: every walk
    /// asks `nestingDepth` first, which would otherwise walk the document once more.
    var parsedNestingDepth: Int?

    public init(definitions: [Definition], range: SourceRange = .none) {
        self.definitions = definitions
        self.range = range
    }

    public static func == (lhs: Document, rhs: Document) -> Bool {
        lhs.definitions == rhs.definitions && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(definitions)
        hasher.combine(range)
    }

    /// The fragment definitions by name (a repeated name keeps the last; validation reports it).
    public var fragmentsByName: [String: FragmentDefinition] {
        var fragments: [String: FragmentDefinition] = [:]
        for case .fragment(let fragment) in definitions { fragments[fragment.name.value] = fragment }
        return fragments
    }
}

/// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension
public enum Definition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    /// `extend schema ...`
    case schemaExtension(SchemaDefinition)
    case type(TypeDefinition)
    /// `extend type|interface|union|enum|input|scalar ...`
    case typeExtension(TypeDefinition)
    case directive(DirectiveDefinition)
    /// `extend directive @name Directives[Const]` (graphql-core's experimental syntax, in its schema
    /// kitchen sink): only `name` and `directives` are set.
    case directiveExtension(DirectiveDefinition)

    public var range: SourceRange {
        switch self {
        case .operation(let node): return node.range
        case .fragment(let node): return node.range
        case .schema(let node), .schemaExtension(let node): return node.range
        case .type(let node), .typeExtension(let node): return node.range
        case .directive(let node), .directiveExtension(let node): return node.range
        }
    }

    /// Whether this is an operation or a fragment (as opposed to a type-system definition).
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: return true
        default: return false
        }
    }
}

// MARK: - Values

/// Value : Variable | IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue | ListValue | ObjectValue
public indirect enum Value: Sendable, Hashable {
    case variable(Variable)
    /// The literal's text as written, e.g. `-12`.
    case int(String, SourceRange)
    /// The literal's text as written, e.g. `1.5e3`.
    case float(String, SourceRange)
    case string(StringValue)
    case boolean(Bool, SourceRange)
    case null(SourceRange)
    case enumValue(String, SourceRange)
    case list([Value], SourceRange)
    case object([ObjectField], SourceRange)

    public var range: SourceRange {
        switch self {
        case .variable(let variable): return variable.range
        case .int(_, let range), .float(_, let range), .boolean(_, let range), .null(let range),
             .enumValue(_, let range), .list(_, let range), .object(_, let range):
            return range
        case .string(let string): return string.range
        }
    }
}

/// StringValue : a quoted or block string, already unescaped (block strings dedented).
public struct StringValue: Sendable, Hashable {
    public var value: String
    /// Whether it was written as a block string (`"""`); the printer keeps the form.
    public var block: Bool
    public var range: SourceRange
    public init(_ value: String, block: Bool = false, range: SourceRange = .none) {
        (self.value, self.block, self.range) = (value, block, range)
    }
}

/// ObjectField : Name : Value
public typealias ObjectField = Argument

// MARK: - Types

/// NamedType : Name
public struct NamedType: Sendable, Hashable {
    public var name: Name
    public var range: SourceRange
    public init(name: Name, range: SourceRange = .none) {
        self.name = name
        self.range = range
    }
}

/// Type : NamedType | ListType | NonNullType
public indirect enum TypeReference: Sendable, Hashable {
    case named(NamedType)
    case list(TypeReference, SourceRange)
    /// Never wraps another `.nonNull`.
    case nonNull(TypeReference, SourceRange)

    public var range: SourceRange {
        switch self {
        case .named(let named): return named.range
        case .list(_, let range), .nonNull(_, let range): return range
        }
    }

    /// The innermost named type.
    public var namedType: NamedType {
        switch self {
        case .named(let named): return named
        case .list(let inner, _), .nonNull(let inner, _): return inner.namedType
        }
    }
}

// MARK: - Directives

/// Directive : @ Name Arguments?
public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var range: SourceRange
    public init(name: Name, arguments: [Argument] = [], range: SourceRange = .none) {
        (self.name, self.arguments, self.range) = (name, arguments, range)
    }
}
