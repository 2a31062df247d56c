// Input coercion (GraphQL spec §6.1.2 and §6.4.1, "CoerceVariableValues" / "CoerceArgumentValues"):
// variables from JSON and argument literals become `JSONValue`s in the emulator's canonical forms
// (UUID as 32 hex digits, Int64 as an integer, Timestamp in stored UTC form).

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// A value that does not fit its input type.
struct CoercionError: Error {
    var message: String
    /// Where to point: the variable's definition when a variable value is wrong, as graphql-js
    /// reports it; nil when the caller's node is the place.
    var range: SourceRange? = nil
}

/// AST literals without variables (`@default(value:)`, default values) as JSON.
enum LiteralValue {
    static func json(_ value: Value) -> JSONValue {
        switch value {
        case .variable: return .null
        case .int(let text, _): return Int64(text).map(JSONValue.int) ?? .double(Double(text) ?? 0)
        case .float(let text, _): return .double(Double(text) ?? 0)
        case .string(let string): return .string(string.value)
        case .boolean(let flag, _): return .bool(flag)
        case .null: return .null
        case .enumValue(let name, _): return .string(name)
        case .list(let items, _): return .array(items.map(json))
        case .object(let fields, _): return .object(fields.map { JSONMember($0.name.value, json($0.value)) })
        }
    }
}

struct InputCoercer {
    let schema: Schema

    /// Coerces the request's variables against the operation's definitions.
    func coerceVariables(_ definitions: [VariableDefinition], values: JSONValue) throws(CoercionError) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for definition in definitions {
            let name = definition.variable.name.value
            let type = GraphQLTypeRef(definition.type)
            let provided = values[name]
            if provided == nil {
                if let defaultValue = definition.defaultValue {
                    do {
                        if let value = try coerceLiteral(defaultValue, type: type, variables: [:], path: "$" + name) { result[name] = value }
                    } catch {
                        throw CoercionError(message: error.message, range: definition.range)
                    }
                } else if type.isNonNull {
                    throw CoercionError(message: "Variable \"$\(name)\" of required type \"\(type)\" was not provided.", range: definition.range)
                }
                continue
            }
            guard let provided else { continue }
            do {
                result[name] = try coerce(provided, type: type, path: [])
            } catch {
                throw CoercionError(message: "Variable \"$\(name)\" got invalid value \(Self.preview(provided)); \(error.message)", range: definition.range)
            }
        }
        return result
    }

    static func preview(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    private func at(_ path: [String]) -> String {
        path.isEmpty ? "" : " at \"" + path.joined(separator: ".") + "\""
    }

    /// Coerces a JSON value (a variable) to `type`.
    func coerce(_ value: JSONValue, type: GraphQLTypeRef, path: [String]) throws(CoercionError) -> JSONValue {
        switch type {
        case .nonNull(let inner):
            if value.isNull { throw CoercionError(message: "Expected non-nullable type \"\(type)\" not to be null\(at(path)).") }
            return try coerce(value, type: inner, path: path)
        case .list(let inner):
            if value.isNull { return .null }
            if case .array(let items) = value {
                var out: [JSONValue] = []
                out.reserveCapacity(items.count)
                for (index, item) in items.enumerated() { out.append(try coerce(item, type: inner, path: path + [String(index)])) }
                return .array(out)
            }
            return .array([try coerce(value, type: inner, path: path)])
        case .named(let name):
            if value.isNull { return .null }
            switch schema.type(named: name) {
            case .inputObject(let inputType)?:
                guard case .object(let members) = value else {
                    throw CoercionError(message: "Expected type \"\(name)\" to be an object\(at(path)).")
                }
                for member in members where inputType.field(named: member.key) == nil {
                    throw CoercionError(message: "Field \"\(member.key)\" is not defined by type \"\(name)\"\(at(path)).")
                }
                var out: [JSONMember] = []
                for field in inputType.fields {
                    if let provided = value[field.name] {
                        out.append(JSONMember(field.name, try coerce(provided, type: field.type, path: path + [field.name])))
                    } else if let defaultValue = field.defaultValue {
                        if let coerced = try coerceLiteral(defaultValue, type: field.type, variables: [:], path: name) { out.append(JSONMember(field.name, coerced)) }
                    } else if field.type.isNonNull {
                        throw CoercionError(message: "Field \"\(field.name)\" of required type \"\(field.type)\" was not provided\(at(path)).")
                    }
                }
                return .object(out)
            case .enumType(let enumType)?:
                guard case .string(let text) = value, enumType.value(named: text) != nil else {
                    throw CoercionError(message: "Value \(Self.preview(value)) does not exist in \"\(name)\" enum\(at(path)).")
                }
                return value
            case .scalar?:
                if let coerced = ScalarCoercion.coerce(value, scalar: name) { return coerced }
                throw CoercionError(message: "\(ScalarCoercion.expectation(name))\(at(path)).")
            default:
                throw CoercionError(message: "Type \"\(name)\" is not an input type.")
            }
        }
    }

    /// Coerces an argument literal; nil when it is an unset variable (the argument is then absent).
    func coerceLiteral(_ value: Value, type: GraphQLTypeRef, variables: [String: JSONValue], path: String) throws(CoercionError) -> JSONValue? {
        if case .variable(let variable) = value {
            guard let bound = variables[variable.name.value] else { return nil }
            if bound.isNull, type.isNonNull {
                throw CoercionError(message: "Argument \"\(path)\" of non-null type \"\(type)\" must not be null.")
            }
            return bound
        }
        switch type {
        case .nonNull(let inner):
            if case .null = value { throw CoercionError(message: "Argument \"\(path)\" of non-null type \"\(type)\" must not be null.") }
            guard let coerced = try coerceLiteral(value, type: inner, variables: variables, path: path) else {
                throw CoercionError(message: "Argument \"\(path)\" of required type \"\(type)\" was provided the variable which was not provided a runtime value.")
            }
            return coerced
        case .list(let inner):
            if case .null = value { return .null }
            if case .list(let items, _) = value {
                var out: [JSONValue] = []
                for item in items { out.append(try coerceLiteral(item, type: inner, variables: variables, path: path) ?? .null) }
                return .array(out)
            }
            return try coerceLiteral(value, type: inner, variables: variables, path: path).map { JSONValue.array([$0]) }
        case .named(let name):
            if case .null = value { return .null }
            if case .inputObject(let inputType)? = schema.type(named: name) {
                guard case .object(let fields, _) = value else { throw CoercionError(message: "Argument \"\(path)\" expects an object of type \"\(name)\".") }
                // Seed files are not validated: a field the type lacks must fail, not vanish.
                for provided in fields where inputType.field(named: provided.name.value) == nil {
                    throw CoercionError(message: "Field \"\(provided.name.value)\" is not defined by type \"\(name)\" (at \"\(path)\").")
                }
                var out: [JSONMember] = []
                for field in inputType.fields {
                    // The path is made only for a field that is given, defaulted or missing (filter
                    // types have dozens of fields, and a request gives few).
                    let name = field.name
                    if let provided = fields.first(where: { $0.name.value == name }),
                       let coerced = try coerceLiteral(provided.value, type: field.type, variables: variables, path: path + "." + name) {
                        out.append(JSONMember(name, coerced))
                    } else if let defaultValue = field.defaultValue {
                        if let coerced = try coerceLiteral(defaultValue, type: field.type, variables: [:], path: path + "." + name) { out.append(JSONMember(name, coerced)) }
                    } else if field.type.isNonNull {
                        throw CoercionError(message: "Field \"\(path).\(name)\" of required type \"\(field.type)\" was not provided.")
                    }
                }
                return .object(out)
            }
            do {
                return try coerce(LiteralValue.json(value), type: type, path: [])
            } catch {
                throw CoercionError(message: "Argument \"\(path)\": \(error.message)")
            }
        }
    }
}

/// Built-in and Data Connect scalars: what each accepts and its canonical form.
enum ScalarCoercion {
    static func coerce(_ value: JSONValue, scalar: String) -> JSONValue? {
        switch scalar {
        case "Int":
            if case .int(let number) = value, number >= Int64(Int32.min), number <= Int64(Int32.max) { return value }
            if case .double(let number) = value, number == number.rounded(), abs(number) <= Double(Int32.max) { return .int(Int64(number)) }
            return nil
        case "Float":
            if case .int(let number) = value { return .double(Double(number)) }
            if case .double = value { return value }
            return nil
        case "String", "String_Expr", "UUID_Expr", "Date_Expr", "Timestamp_Expr", "Boolean_Expr", "Any_Expr", "Int_Expr", "Int64_Expr", "Float_Expr", "Any_SQL":
            if case .string = value { return value }
            return nil
        case "ID":
            if case .string = value { return value }
            if case .int(let number) = value { return .string(String(number)) }
            return nil
        case "Boolean":
            if case .bool = value { return value }
            return nil
        case "True":
            if case .bool(true) = value { return value }
            return nil
        case "UUID":
            if case .string(let text) = value, let uuid = ScalarFormats.normalizeUUID(text) { return .string(uuid) }
            return nil
        case "Int64":
            if case .int = value { return value }
            if case .string(let text) = value, let number = Int64(text) { return .int(number) }
            if case .double(let number) = value, number == number.rounded(), abs(number) < 9.2e18 { return .int(Int64(number)) }
            return nil
        case "Date":
            if case .string(let text) = value, let date = ScalarFormats.normalizeDate(text) { return .string(date) }
            return nil
        case "Timestamp":
            if case .string(let text) = value, let micros = ScalarFormats.parseTimestamp(text) { return .string(ScalarFormats.storedTimestamp(micros: micros)) }
            return nil
        case "Vector":
            guard case .array(let items) = value else { return nil }
            var out: [JSONValue] = []
            for item in items {
                guard let number = coerce(item, scalar: "Float") else { return nil }
                out.append(number)
            }
            return .array(out)
        default:
            // Any, key outputs and other custom scalars take any JSON value.
            return value
        }
    }

    static func expectation(_ scalar: String) -> String {
        switch scalar {
        case "Int": return "Int cannot represent this value: expected a 32-bit integer"
        case "Float": return "Float cannot represent this value: expected a number"
        case "Boolean": return "Boolean cannot represent this value: expected true or false"
        case "UUID": return "UUID cannot represent this value: expected 32 hex digits, with or without dashes (or as urn:uuid:… or {…})"
        case "Int64": return "Int64 cannot represent this value: expected a 64-bit integer (a decimal string or a number)"
        case "Date": return "Date cannot represent this value: expected \"yyyy-MM-dd\" (or a timestamp, whose date part is kept)"
        case "Timestamp": return "Timestamp cannot represent this value: expected an RFC 3339 timestamp"
        case "True": return "True can only be true"
        default: return "\(scalar) cannot represent this value: expected a string"
        }
    }
}
