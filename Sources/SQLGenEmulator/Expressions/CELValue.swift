// The values CEL expressions compute with: JSON data (variables, claims, query results) as is,
// plus timestamps (`request.time`) and the lists and maps that literals build around them.

/// A CEL runtime value.
indirect enum CELValue: Sendable {
    /// Plain data; JSON arrays and objects are CEL lists and maps.
    case json(JSONValue)
    /// Microseconds since the epoch.
    case timestamp(Int64)
    case list([CELValue])
    case map([(key: String, value: CELValue)])

    static let null = CELValue.json(.null)

    var isNull: Bool {
        if case .json(.null) = self { return true }
        return false
    }

    var bool: Bool? {
        if case .json(.bool(let value)) = self { return value }
        return nil
    }

    var string: String? {
        if case .json(.string(let value)) = self { return value }
        return nil
    }

    /// The items when the value is a list.
    var items: [CELValue]? {
        switch self {
        case .list(let items): return items
        case .json(.array(let items)): return items.map(CELValue.json)
        default: return nil
        }
    }

    /// The keys when the value is a map.
    var keys: [String]? {
        switch self {
        case .map(let entries): return entries.map(\.key)
        case .json(.object(let members)): return members.map(\.key)
        default: return nil
        }
    }

    var isMap: Bool { keys != nil }

    /// The entry `key` of a map (the last one when repeated); nil when absent or not a map.
    func member(_ key: String) -> CELValue? {
        switch self {
        case .map(let entries): return entries.last { $0.key == key }?.value
        case .json(.object(let members)): return members.last { $0.key == key }.map { .json($0.value) }
        default: return nil
        }
    }

    /// The CEL type name, for error messages.
    var typeName: String {
        switch self {
        case .timestamp: return "google.protobuf.Timestamp"
        case .list, .json(.array): return "list"
        case .map, .json(.object): return "map"
        case .json(.null): return "null_type"
        case .json(.bool): return "bool"
        case .json(.int): return "int"
        case .json(.double): return "double"
        case .json(.string): return "string"
        }
    }

    /// The value as JSON: timestamps become RFC 3339 text in storage form.
    var json: JSONValue {
        switch self {
        case .json(let value): return value
        case .timestamp(let micros): return .string(ScalarFormats.storedTimestamp(micros: micros))
        case .list(let items): return .array(items.map(\.json))
        case .map(let entries): return .object(entries.map { JSONMember($0.key, $0.value.json) })
        }
    }

    /// A number as a Double (ints included), for comparisons across numeric types.
    var number: Double? {
        switch self {
        case .json(.int(let value)): return Double(value)
        case .json(.double(let value)): return value
        default: return nil
        }
    }

    /// Microseconds of a timestamp, or of RFC 3339 text (so stored timestamps compare with `request.time`).
    var micros: Int64? {
        switch self {
        case .timestamp(let micros): return micros
        case .json(.string(let text)): return ScalarFormats.parseTimestamp(text)
        default: return nil
        }
    }

    /// CEL equality: numbers compare by value across int and double, lists and maps element-wise,
    /// values of different types are unequal.
    func equals(_ other: CELValue) -> Bool {
        if case .timestamp(let micros) = self { return other.micros == micros }
        if case .timestamp(let micros) = other { return self.micros == micros }
        if let left = items {
            guard let right = other.items, left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.equals($1) }
        }
        if let leftKeys = keys {
            guard let rightKeys = other.keys, Set(leftKeys) == Set(rightKeys) else { return false }
            return leftKeys.allSatisfy { key in
                guard let left = member(key), let right = other.member(key) else { return false }
                return left.equals(right)
            }
        }
        switch (self, other) {
        case (.json(.int(let left)), .json(.int(let right))): return left == right
        case (.json(.int), .json(.double)), (.json(.double), .json(.int)), (.json(.double), .json(.double)):
            return number == other.number
        case (.json(let left), .json(let right)): return left == right
        default: return false
        }
    }
}
