/// A parsed YAML value. Every node, keys included, keeps the place it starts so configuration
/// errors can point at it.
public enum YAMLNode: Sendable, Hashable {
    case scalar(YAMLScalar, YAMLMark)
    /// Key/value pairs in document order (keys are unique).
    case mapping([YAMLPair], YAMLMark)
    case sequence([YAMLNode], YAMLMark)
    /// An empty value, `~`, `null`, `Null` or `NULL` (plain).
    case null(YAMLMark)

    /// Where the node starts.
    public var mark: YAMLMark {
        switch self {
        case .scalar(_, let mark), .mapping(_, let mark), .sequence(_, let mark), .null(let mark): return mark
        }
    }

    public var line: Int { mark.line }
    public var column: Int { mark.column }

    /// The pairs of a mapping, nil for other kinds.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs, _) = self { return pairs }
        return nil
    }

    /// The items of a sequence, nil for other kinds.
    public var items: [YAMLNode]? {
        if case .sequence(let items, _) = self { return items }
        return nil
    }

    /// The scalar of a scalar node, nil for other kinds.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar, _) = self { return scalar }
        return nil
    }

    /// The text of any scalar (typed or not), nil for null and collections.
    public var text: String? { scalar?.text }

    public var bool: Bool? { scalar?.bool }
    public var int: Int? { scalar?.int }
    public var double: Double? { scalar?.double }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value for `key` in a mapping (nil when absent or when this is not a mapping).
    public subscript(key: String) -> YAMLNode? { pair(for: key)?.value }

    /// The pair for `key` in a mapping, to reach the key's own location.
    public func pair(for key: String) -> YAMLPair? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key.text == key }
    }

    /// What the node is, for messages: `a mapping`, `a list`, `null`, `the number 5`, `"soon"`.
    public var summary: String {
        switch self {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .null: return "null"
        case .scalar(let scalar, _):
            if let bool = scalar.bool { return "the boolean \(bool)" }
            if scalar.double != nil { return "the number \(scalar.text)" }
            if scalar.style == .literal || scalar.style == .folded { return "a block of text" }
            return "\"\(scalar.text)\""
        }
    }
}

/// One entry of a mapping. The key is always a scalar node (with its own location).
public struct YAMLPair: Sendable, Hashable {
    public var key: YAMLNode
    public var value: YAMLNode

    /// The key's text.
    public var name: String { key.text ?? "" }
}
