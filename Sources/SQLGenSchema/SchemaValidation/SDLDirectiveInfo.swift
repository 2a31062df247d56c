import SQLGenLanguage

/// What the SDL rules need to know about a directive, whether it comes from the existing schema
/// (or the built-ins) or from a definition in the documents being validated.
struct SDLDirectiveInfo {
    /// Location names (a few: a scan beats hashing).
    var locations: [String]
    var argumentNames: [String]
    /// Required arguments (non-null, no default) with their printed type.
    var requiredArguments: [(name: String, type: String)]
    var isRepeatable: Bool
    /// Set by `SDLWalker` for a directive of the documents whose definition (one of them) or
    /// extension leads anywhere (`NoDirectiveDefinitionCyclesRule.leadsAnywhere`).
    var leadsAnywhere = false

    init(_ directive: GraphQLDirective) {
        locations = directive.locations.map(\.rawValue)
        argumentNames = directive.arguments.map(\.name)
        requiredArguments = directive.arguments.filter(\.isRequired).map { ($0.name, $0.type.description) }
        isRepeatable = directive.isRepeatable
    }

    init(_ definition: DirectiveDefinition) {
        locations = definition.locations.map(\.value)
        argumentNames = definition.arguments.map(\.name.value)
        requiredArguments = definition.arguments
            .filter { argument in
                if case .nonNull = argument.type { return argument.defaultValue == nil }
                return false
            }
            .map { ($0.name.value, GraphQLTypeRef($0.type).description) }
        isRepeatable = definition.repeatable
    }
}
