import SQLGenLanguage
import SQLGenSchema

/// Hover text (Markdown) for what a name refers to: its signature in a GraphQL block, then its
/// description.
enum Hover {
    static func markdown(for symbol: Symbol, variables: [DefinedVariable], fragments: [FragmentIndex.Entry]) -> String? {
        switch symbol {
        case .field(let parent, let field):
            return block("\(parent.name).\(signature(of: field))", fieldDocumentation(field))
        case .argument(let owner, let argument):
            let ownerName: String
            switch owner {
            case .field(let parent, let field): ownerName = "\(parent.name).\(field.name)"
            case .directive(let directive): ownerName = "@" + directive.name
            }
            return block("\(argument.name): \(argument.type)\(defaultText(argument))", note(argument.description, "Argument of `\(ownerName)`."))
        case .inputField(let type, let field):
            return block("\(type.name).\(field.name): \(field.type)\(defaultText(field))", note(field.description, deprecation(field.deprecationReason)))
        case .enumValue(let type, let value):
            return block("\(type.name).\(value.name)", note(value.description, deprecation(value.deprecationReason)))
        case .type(let type):
            return block(SchemaPrinter.printType(type), nil, limit: 40)
        case .directive(let directive):
            return block(signature(of: directive), directive.description)
        case .fragment(let name):
            guard let entry = fragments.first(where: { $0.fragment.name.value == name }) else { return nil }
            return block("fragment \(name) on \(entry.fragment.typeCondition.name.value)", note(entry.fragment.description?.value, "Defined in `\(entry.path)`."))
        case .variable(let name, let expected):
            if let defined = variables.first(where: { $0.name == name }) { return block("$\(name): \(GraphQLTypeRef(defined.type))", nil) }
            return expected.map { block("$\(name): \($0)", "Not defined by the operation.") }
        }
    }

    /// `name(arguments): Type`, arguments with their defaults.
    static func signature(of field: GraphQLField) -> String {
        let arguments = field.arguments.map { "\($0.name): \($0.type)\(defaultText($0))" }
        return field.name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")") + ": \(field.type)"
    }

    static func signature(of directive: GraphQLDirective) -> String {
        let arguments = directive.arguments.map { "\($0.name): \($0.type)\(defaultText($0))" }
        return "@" + directive.name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
            + " on " + directive.locations.map(\.rawValue).joined(separator: " | ")
    }

    /// A field's description and deprecation.
    static func fieldDocumentation(_ field: GraphQLField) -> String? {
        note(field.description, deprecation(field.deprecationReason))
    }

    /// `type`, `input`, `enum`... as SDL names the kind.
    static func kindWord(_ type: GraphQLNamedType) -> String {
        switch type {
        case .scalar: return "scalar"
        case .object: return "type"
        case .interface: return "interface"
        case .union: return "union"
        case .enumType: return "enum"
        case .inputObject: return "input"
        }
    }

    private static func defaultText(_ value: GraphQLInputValue) -> String {
        value.defaultValue.map { " = " + Printer.print($0) } ?? ""
    }

    private static func deprecation(_ reason: String?) -> String? {
        reason.map { "**Deprecated:** \($0)" }
    }

    private static func note(_ first: String?, _ second: String?) -> String? {
        let parts = [first, second].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// A GraphQL code block (at most `limit` lines) and the text under it.
    private static func block(_ code: String, _ text: String?, limit: Int = 12) -> String {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count > limit { lines = lines.prefix(limit - 1) + ["  ..."] }
        let fenced = "```graphql\n" + lines.joined(separator: "\n") + "\n```"
        return text.map { fenced + "\n\n" + $0 } ?? fenced
    }
}
