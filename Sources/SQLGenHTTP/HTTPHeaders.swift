/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// Order and duplicates are kept as received (a request may repeat a field), because some fields
/// (`Set-Cookie`, `Content-Length` conflicts) cannot be merged without losing meaning.
public struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    public typealias Element = (name: String, value: String)

    private var fields: [Field]

    fileprivate struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list from name/value pairs, in order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The number of fields (repeated names count once per occurrence).
    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    /// The first value of the field named `name` (case-insensitive), or nil.
    /// Setting replaces every field with that name (appending when absent); setting nil removes them.
    public subscript(name: String) -> String? {
        get {
            for field in fields where Self.namesEqual(field.name, name) {
                return field.value
            }
            return nil
        }
        set {
            if let newValue {
                replaceOrAdd(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value of the field named `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesEqual($0.name, name) }
    }

    /// Appends a field, keeping any existing one with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces the first field named `name` and removes the others, or appends it when absent.
    public mutating func replaceOrAdd(name: String, value: String) {
        if let index = fields.firstIndex(where: { Self.namesEqual($0.name, name) }) {
            fields[index].value = value
            var next = index + 1
            while next < fields.count {
                if Self.namesEqual(fields[next].name, name) {
                    fields.remove(at: next)
                } else {
                    next += 1
                }
            }
        } else {
            add(name: name, value: value)
        }
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    public func makeIterator() -> Iterator {
        Iterator(fields: fields)
    }

    public struct Iterator: IteratorProtocol {
        private let fields: [Field]
        private var index = 0

        fileprivate init(fields: [Field]) {
            self.fields = fields
        }

        public mutating func next() -> (name: String, value: String)? {
            guard index < fields.count else { return nil }
            defer { index += 1 }
            return (fields[index].name, fields[index].value)
        }
    }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// ASCII case-insensitive comparison; header names are tokens, so no Unicode folding is needed.
    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8
        let right = rhs.utf8
        guard left.count == right.count else { return false }
        return left.elementsEqual(right) { ASCII.lowercase($0) == ASCII.lowercase($1) }
    }
}
