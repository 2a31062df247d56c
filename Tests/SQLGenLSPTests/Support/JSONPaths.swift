import SQLGenJSON

// Reading answers in tests: `answer["result"][0]["uri"].string`, nil anywhere along the way.
extension JSONValue {
    subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

extension Optional where Wrapped == JSONValue {
    subscript(key: String) -> JSONValue? { self?[key] }
    subscript(index: Int) -> JSONValue? { self?[index] }
    var string: String? { self?.stringValue }
    var int: Int? { self?.intValue }
    var bool: Bool? { self?.boolValue }
    var array: [JSONValue]? { self?.arrayValue }
    var isNull: Bool { self?.isNull ?? true }
}
