import SQLGenLanguage

/// Why a literal is not a valid value of a scalar or enum type, in graphql-js's words (its
/// `parseLiteral` errors); nil when the literal is valid. Custom scalars accept any literal.
func leafLiteralError(_ value: Value, type: GraphQLNamedType) -> String? {
    switch type {
    case .scalar(let scalar):
        switch scalar.name {
        case "Int":
            guard case .int(let text, _) = value else {
                return "Int cannot represent non-integer value: \(Printer.print(value))"
            }
            if let number = Int64(text), number >= -2_147_483_648, number <= 2_147_483_647 { return nil }
            return "Int cannot represent non 32-bit signed integer value: \(text)"
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
    case .enumType(let enumType):
        let printed = Printer.print(value)
        let suggestions = { Suggestions.didYouMean(Suggestions.list(printed, options: enumType.values.map(\.name)), subMessage: "the enum value") }
        guard case .enumValue(let name, _) = value else {
            return "Enum \"\(enumType.name)\" cannot represent non-enum value: \(printed)." + suggestions()
        }
        if enumType.value(named: name) == nil {
            return "Value \"\(printed)\" does not exist in \"\(enumType.name)\" enum." + suggestions()
        }
        return nil
    default:
        return nil
    }
}
