// A comparable summary of an SDL document for the reference tests: every type's kind, fields,
// arguments, input fields and enum values, and every directive's arguments, with `extend` merged
// into the extended type. Descriptions, directives on definitions and ranges are ignored.

import SQLGenLanguage

struct SchemaShape {
    /// "scalar", "object", "interface", "union", "enum", "input".
    var kinds: [String: String] = [:]
    /// Type → field or input field → printed type.
    var fields: [String: [String: String]] = [:]
    /// Type → field → argument → printed type.
    var arguments: [String: [String: [String: String]]] = [:]
    var enumValues: [String: Set<String>] = [:]
    /// Directive → argument → printed type.
    var directives: [String: [String: String]] = [:]
    /// Directive → locations, with "repeatable" when it is.
    var directiveLocations: [String: Set<String>] = [:]
    /// Printed default values by coordinate: `Query.movies(limit:)`, `Movie_ListFilter.count`, `@fdc_oneOf(group:)`.
    var defaults: [String: String] = [:]

    init(_ documents: [Document]) {
        for document in documents {
            for definition in document.definitions {
                switch definition {
                case .type(let type), .typeExtension(let type):
                    add(type)
                case .directive(let directive):
                    var arguments = directives[directive.name.value] ?? [:]
                    for argument in directive.arguments {
                        arguments[argument.name.value] = Self.print(argument.type)
                        if let value = argument.defaultValue { defaults["@\(directive.name.value)(\(argument.name.value):)"] = Self.print(value) }
                    }
                    directives[directive.name.value] = arguments
                    directiveLocations[directive.name.value, default: []].formUnion(directive.locations.map(\.value) + (directive.repeatable ? ["repeatable"] : []))
                default:
                    break
                }
            }
        }
    }

    private mutating func add(_ type: TypeDefinition) {
        let name = type.name.value
        switch type {
        case .scalar:
            kinds[name] = kinds[name] ?? "scalar"
        case .object(let object):
            kinds[name] = kinds[name] ?? "object"
            for field in object.fields {
                fields[name, default: [:]][field.name.value] = Self.print(field.type)
                var arguments: [String: String] = [:]
                for argument in field.arguments {
                    arguments[argument.name.value] = Self.print(argument.type)
                    if let value = argument.defaultValue { defaults["\(name).\(field.name.value)(\(argument.name.value):)"] = Self.print(value) }
                }
                self.arguments[name, default: [:]][field.name.value] = arguments
            }
        case .interface(let object):
            kinds[name] = kinds[name] ?? "interface"
            for field in object.fields { fields[name, default: [:]][field.name.value] = Self.print(field.type) }
        case .union:
            kinds[name] = kinds[name] ?? "union"
        case .enumType(let enumType):
            kinds[name] = kinds[name] ?? "enum"
            enumValues[name, default: []].formUnion(enumType.values.map(\.name.value))
        case .inputObject(let input):
            kinds[name] = kinds[name] ?? "input"
            for field in input.fields {
                fields[name, default: [:]][field.name.value] = Self.print(field.type)
                if let value = field.defaultValue { defaults["\(name).\(field.name.value)"] = Self.print(value) }
            }
        }
    }

    static func print(_ type: TypeReference) -> String {
        switch type {
        case .named(let named): return named.name.value
        case .list(let inner, _): return "[\(print(inner))]"
        case .nonNull(let inner, _): return print(inner) + "!"
        }
    }

    /// A value in GraphQL syntax, compactly (`{gt: 0}`, `[A, B]`, `"x"`).
    static func print(_ value: Value) -> String {
        switch value {
        case .variable(let variable): return "$" + variable.name.value
        case .int(let text, _), .float(let text, _), .enumValue(let text, _): return text
        case .string(let string): return "\"\(string.value)\""
        case .boolean(let bool, _): return bool ? "true" : "false"
        case .null: return "null"
        case .list(let items, _): return "[" + items.map(print).joined(separator: ", ") + "]"
        case .object(let fields, _): return "{" + fields.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// Everything in `reference` that is missing from or different in `self`, one line each.
    func differences(from reference: SchemaShape) -> [String] {
        var result: [String] = []
        for (name, kind) in reference.kinds.sorted(by: { $0.key < $1.key }) {
            guard let ours = kinds[name] else {
                result.append("missing type \(name)")
                continue
            }
            if ours != kind { result.append("kind of \(name): reference \(kind), ours \(ours)") }
            for (field, type) in (reference.fields[name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let ourType = fields[name]?[field] else {
                    result.append("missing field \(name).\(field)")
                    continue
                }
                if ourType != type { result.append("type of \(name).\(field): reference \(type), ours \(ourType)") }
                for (argument, argumentType) in (reference.arguments[name]?[field] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    guard let ourArgument = arguments[name]?[field]?[argument] else {
                        result.append("missing argument \(name).\(field)(\(argument):)")
                        continue
                    }
                    if ourArgument != argumentType {
                        result.append("type of \(name).\(field)(\(argument):): reference \(argumentType), ours \(ourArgument)")
                    }
                }
            }
            for value in (reference.enumValues[name] ?? []).sorted() where !(enumValues[name] ?? []).contains(value) {
                result.append("missing enum value \(name).\(value)")
            }
        }
        for (name, referenceArguments) in reference.directives.sorted(by: { $0.key < $1.key }) {
            guard let ours = directives[name] else {
                result.append("missing directive @\(name)")
                continue
            }
            for (argument, type) in referenceArguments.sorted(by: { $0.key < $1.key }) {
                guard let ourType = ours[argument] else {
                    result.append("missing argument @\(name)(\(argument):)")
                    continue
                }
                if ourType != type { result.append("type of @\(name)(\(argument):): reference \(type), ours \(ourType)") }
            }
            for location in (reference.directiveLocations[name] ?? []).sorted() where !(directiveLocations[name] ?? []).contains(location) {
                result.append("missing location @\(name) on \(location)")
            }
        }
        for (coordinate, value) in reference.defaults.sorted(by: { $0.key < $1.key }) where defaults[coordinate] != value {
            result.append("default of \(coordinate): reference \(value), ours \(defaults[coordinate] ?? "none")")
        }
        return result
    }
}

/// A deliberate difference from a reference schema: a pattern (`*` matches any text) and why.
struct AllowedDifference {
    var pattern: String
    var reason: String

    func matches(_ difference: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, difference.hasPrefix(first) else { return false }
        var rest = difference.dropFirst(first.count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 {
                return part.isEmpty || rest.hasSuffix(part)
            }
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.isEmpty
    }
}
