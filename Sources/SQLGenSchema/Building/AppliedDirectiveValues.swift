import SQLGenLanguage

/// Reads the arguments of the built-in directives applied in SDL (`@deprecated`, `@specifiedBy`,
/// `@oneOf`). Like graphql-js, the first such directive counts, and the last argument of a name.
enum AppliedDirectiveValues {
    /// The reason of an applied `@deprecated`, with graphql-js's default; nil when not deprecated.
    static func deprecationReason(_ directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        if let argument = directive.arguments.last(where: { $0.name.value == "reason" }), case .string(let reason) = argument.value {
            return reason.value
        }
        return BuiltInDirectives.defaultDeprecationReason
    }

    /// The `url` of an applied `@specifiedBy`.
    static func specifiedByURL(_ directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "specifiedBy" }),
              let argument = directive.arguments.last(where: { $0.name.value == "url" }),
              case .string(let url) = argument.value else { return nil }
        return url.value
    }

    static func hasOneOf(_ directives: [Directive]) -> Bool {
        directives.contains { $0.name.value == "oneOf" }
    }
}
