// Converts coerced GraphQL values to SQLite values and stored values back to wire JSON, by the
// column's type. Lists, `Any` and `Vector` are stored as JSON text; Boolean as 0/1.

import SQLGenJSON

enum StorageCodec {
    /// The SQLite value of a coerced input value for `column`.
    static func sqlValue(_ value: JSONValue, typeName: String, isList: Bool) -> SQLValue {
        if isList || typeName == "Any" || typeName == "Vector" {
            if case .null = value { return .null }
            return .text(value.jsonText)
        }
        return scalarSQLValue(value)
    }

    /// A single scalar as SQLite stores it (also list elements as `json_each` yields them).
    static func scalarSQLValue(_ value: JSONValue) -> SQLValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .int(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .string(let text): return .text(text)
        case .array, .object: return .text(value.jsonText)
        }
    }

    /// How a column's stored values become wire values, decided once from its type.
    enum WireForm: Sendable, Equatable {
        /// `Any` and `Vector`: JSON text, parsed.
        case json
        /// Lists: JSON text, parsed, each element converted by the element type.
        case jsonList(element: ListElement)
        case boolean
        /// 64-bit integers travel as strings (JSON numbers lose precision past 2^53).
        case int64
        case float
        case int
        /// Stored with six fraction digits; trailing zeros dropped on the wire.
        case timestamp
        /// Everything else (String, UUID, Date, enums...): the stored text as is.
        case text

        init(typeName: String, isList: Bool) {
            if isList {
                self = .jsonList(element: ListElement(typeName: typeName))
                return
            }
            switch typeName {
            case "Boolean": self = .boolean
            case "Int64": self = .int64
            case "Float": self = .float
            case "Int": self = .int
            case "Timestamp": self = .timestamp
            case "Any", "Vector": self = .json
            default: self = .text
            }
        }
    }

    /// The wire value of a stored value.
    static func wireValue(_ value: SQLValue, typeName: String, isList: Bool) -> JSONValue {
        wireValue(value, form: WireForm(typeName: typeName, isList: isList))
    }

    /// The wire value of a stored value, by its column's `WireForm`.
    static func wireValue(_ value: SQLValue, form: WireForm) -> JSONValue {
        if case .null = value { return .null }
        switch form {
        case .json, .jsonList:
            guard case .text(let text) = value, let parsed = try? JSONParser.parse(text) else { return .null }
            guard case .jsonList(let element) = form, case .array(let items) = parsed else { return parsed }
            return .array(items.map { wireElement($0, element: element) })
        default:
            break
        }
        switch (value, form) {
        case (.integer(let number), .boolean): return .bool(number != 0)
        case (.integer(let number), .int64): return .string(String(number))
        case (.integer(let number), .float): return .double(Double(number))
        case (.integer(let number), _): return .int(number)
        case (.real(let number), .int): return .int(Int64(number))
        case (.real(let number), .int64): return .string(String(Int64(number)))
        case (.real(let number), _): return .double(number)
        case (.text(let text), .timestamp): return .string(ScalarFormats.wireTimestamp(text))
        case (.text(let text), _): return .string(text)
        case (.blob(let bytes), _): return .string(String(decoding: bytes, as: UTF8.self))
        case (.null, _): return .null
        }
    }

    /// What list elements of a type need on the wire beyond their JSON form.
    enum ListElement: Sendable, Equatable {
        case int64, float, timestamp, asStored

        init(typeName: String) {
            switch typeName {
            case "Int64": self = .int64
            case "Float": self = .float
            case "Timestamp": self = .timestamp
            default: self = .asStored
            }
        }
    }

    private static func wireElement(_ value: JSONValue, element: ListElement) -> JSONValue {
        switch (value, element) {
        case (.int(let number), .int64): return .string(String(number))
        case (.int(let number), .float): return .double(Double(number))
        case (.string(let text), .timestamp): return .string(ScalarFormats.wireTimestamp(text))
        default: return value
        }
    }
}
