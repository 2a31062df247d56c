import SQLGenLanguage

/// One problem found in an input literal: the message, the node it points at, and where in the
/// value it is (field names and list indices, for messages like `default value.a[0]: ...`).
public struct InputLiteralError: Sendable, Hashable {
    public let message: String
    public let range: SourceRange
    public let path: [PathComponent]

    /// The path as graphql-js prints it: `.field[0]`, or "" at the top.
    public var printedPath: String {
        path.map { component -> String in
            switch component {
            case .key(let key): return "." + key
            case .index(let index): return "[\(index)]"
            }
        }.joined()
    }
}

/// Checks a constant literal against an input type, statically (variables are accepted as they
/// are): graphql-js 17 `validateInputLiteral`. Built-in scalars check their literal kinds and the
/// 32-bit range of `Int`; custom scalars accept any literal; enums need one of their values.
public enum InputLiteralValidator {
    public static func validate(_ value: Value, type: GraphQLTypeRef, schema: Schema, hideSuggestions: Bool = false) -> [InputLiteralError] {
        var errors: [InputLiteralError] = []
        check(value, type, schema, hideSuggestions, [], &errors)
        return errors
    }

    private static func check(_ value: Value, _ type: GraphQLTypeRef, _ schema: Schema, _ hide: Bool, _ path: [PathComponent], _ errors: inout [InputLiteralError]) {
        if case .variable = value { return }
        switch type {
        case .nonNull(let inner):
            if case .null = value {
                errors.append(InputLiteralError(message: "Expected value of non-null type \"\(type)\" not to be null.", range: value.range, path: path))
                return
            }
            check(value, inner, schema, hide, path, &errors)
            return
        case .list(let item):
            if case .null = value { return }
            if case .list(let items, _) = value {
                for (index, element) in items.enumerated() {
                    check(element, item, schema, hide, path + [.index(index)], &errors)
                }
            } else {
                // A single value is accepted as a list of one.
                check(value, item, schema, hide, path, &errors)
            }
            return
        case .named(let name):
            if case .null = value { return }
            guard let namedType = schema.type(named: name) else { return }
            switch namedType {
            case .inputObject(let input):
                checkObject(value, input, schema, hide, path, &errors)
            case .scalar(let scalar):
                if let message = scalarProblem(value, scalar.name) {
                    errors.append(InputLiteralError(message: message, range: value.range, path: path))
                }
            case .enumType(let enumType):
                if let message = enumProblem(value, enumType, hide) {
                    errors.append(InputLiteralError(message: message, range: value.range, path: path))
                }
            case .object, .interface, .union:
                return
            }
        }
    }

    private static func checkObject(_ value: Value, _ input: GraphQLInputObjectType, _ schema: Schema, _ hide: Bool, _ path: [PathComponent], _ errors: inout [InputLiteralError]) {
        guard case .object(let fields, _) = value else {
            errors.append(InputLiteralError(message: "Expected value of type \"\(input.name)\" to be an object, found: \(Printer.print(value)).", range: value.range, path: path))
            return
        }
        var byName: [String: ObjectField] = [:]
        for field in fields { byName[field.name.value] = field }
        for definition in input.fields {
            if let field = byName[definition.name] {
                check(field.value, definition.type, schema, hide, path + [.key(definition.name)], &errors)
            } else if definition.isRequired {
                errors.append(InputLiteralError(message: "Expected value of type \"\(input.name)\" to include required field \"\(definition.name)\", found: \(Printer.print(value)).", range: value.range, path: path))
            }
        }
        var known: [ObjectField] = []
        for field in fields {
            guard input.field(named: field.name.value) == nil else {
                known.append(field)
                continue
            }
            let suggestion = hide ? "" : Suggestions.didYouMean(Suggestions.list(field.name.value, options: input.fields.map(\.name)))
            let tail = suggestion.isEmpty ? ", found" : ".\(suggestion) Found"
            errors.append(InputLiteralError(message: "Expected value of type \"\(input.name)\" not to include unknown field \"\(field.name.value)\"\(tail): \(Printer.print(value)).", range: field.range, path: path))
        }
        if input.isOneOf {
            let message = "Within OneOf Input Object type \"\(input.name)\", exactly one field must be specified, and the value for that field must be non-null."
            if known.count != 1 {
                errors.append(InputLiteralError(message: message, range: value.range, path: path))
            } else if case .null = known[0].value {
                errors.append(InputLiteralError(message: message, range: value.range, path: path + [.key(known[0].name.value)]))
            }
        }
    }

    /// The built-in scalars' literal checks (graphql-js `coerceInputLiteral` messages). The value
    /// is printed only for a message: valid literals are the common case.
    static func scalarProblem(_ value: Value, _ scalarName: String) -> String? {
        switch scalarName {
        case "Int":
            guard case .int(let text, _) = value else { return "Int cannot represent non-integer value: \(Printer.print(value))" }
            guard let number = Int64(text), number >= Int64(Int32.min), number <= Int64(Int32.max) else {
                return "Int cannot represent non 32-bit signed integer value: \(text)"
            }
            return nil
        case "Float":
            switch value {
            case .int, .float: return nil
            default: return "Float cannot represent non numeric value: \(Printer.print(value))"
            }
        case "String":
            if case .string = value { return nil }
            return "String cannot represent a non string value: \(Printer.print(value))"
        case "Boolean":
            if case .boolean = value { return nil }
            return "Boolean cannot represent a non boolean value: \(Printer.print(value))"
        case "ID":
            switch value {
            case .string, .int: return nil
            default: return "ID cannot represent a non-string and non-integer value: \(Printer.print(value))"
            }
        default:
            return nil
        }
    }

    static func enumProblem(_ value: Value, _ enumType: GraphQLEnumType, _ hide: Bool) -> String? {
        // The common case first: a known value needs no printing or suggestions.
        if case .enumValue(let name, _) = value, enumType.value(named: name) != nil { return nil }
        let printed = Printer.print(value)
        let suggestions = hide ? "" : Suggestions.didYouMean(Suggestions.list(printed, options: enumType.values.map(\.name)), subMessage: "the enum value")
        if case .enumValue(let name, _) = value {
            if enumType.value(named: name) != nil { return nil }
            return "Value \"\(printed)\" does not exist in \"\(enumType.name)\" enum.\(suggestions)"
        }
        return "Enum \"\(enumType.name)\" cannot represent non-enum value: \(printed).\(suggestions)"
    }
}
