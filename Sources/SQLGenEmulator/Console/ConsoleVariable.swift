// A variable of a hosted operation as the console's form shows it: its declared type, whether
// it must be given, its default, and the input that suits it (a number field for `Int`, a
// choice for an enum, JSON for input objects and lists).

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// One variable of an operation, described for a form.
struct ConsoleVariable: Sendable, Equatable {
    /// The kind of input the form shows; values are sent as JSON of that kind.
    enum Input: String, Sendable {
        case text, int, float, boolean, choice, json
    }

    var name: String
    /// As declared (`String!`, `[Movie_Filter!]`).
    var type: String
    /// Non-null without a default: the form always sends it.
    var isRequired: Bool
    var defaultValue: String?
    var input: Input
    /// An enum's values, for `.choice`.
    var choices: [String] = []
    /// An input object's fields (`id: UUID!`), as a hint for its JSON.
    var fields: [String] = []

    /// The variables `definitions` declare, described against `schema`.
    static func describe(_ definitions: [VariableDefinition], schema: Schema) -> [ConsoleVariable] {
        definitions.map { definition in
            let type = GraphQLTypeRef(definition.type)
            var variable = ConsoleVariable(name: definition.variable.name.value, type: Printer.print(definition.type),
                                           isRequired: type.isNonNull && definition.defaultValue == nil,
                                           defaultValue: definition.defaultValue.map { Printer.print($0) }, input: .json)
            variable.describeInput(type, schema: schema)
            return variable
        }
    }

    private mutating func describeInput(_ type: GraphQLTypeRef, schema: Schema) {
        if type.isList { return }
        let name = type.namedTypeName
        if let scalar = Self.scalarInputs[name] {
            input = scalar
            return
        }
        switch schema.type(named: name) {
        case .enumType(let enumType)?:
            input = .choice
            choices = enumType.values.map(\.name)
        case .inputObject(let object)?:
            fields = object.fields.map { "\($0.name): \($0.type)" }
        case .scalar?:
            input = Self.jsonScalars.contains(name) ? .json : .text
        default:
            break
        }
    }

    /// Scalars typed in as numbers or chosen as booleans; every other scalar but the JSON ones is text.
    private static let scalarInputs: [String: Input] = ["Int": .int, "Float": .float, "Boolean": .boolean]
    private static let jsonScalars: Set<String> = ["Any", "Json", "JSON", "Vector"]
}

extension ConsoleVariable {
    var json: JSONValue {
        var members = [
            JSONMember("name", .string(name)), JSONMember("type", .string(type)),
            JSONMember("required", .bool(isRequired)), JSONMember("input", .string(input.rawValue)),
        ]
        if let defaultValue { members.append(JSONMember("default", .string(defaultValue))) }
        if !choices.isEmpty { members.append(JSONMember("choices", .array(choices.map(JSONValue.string)))) }
        if !fields.isEmpty { members.append(JSONMember("fields", .array(fields.map(JSONValue.string)))) }
        return .object(members)
    }
}
