import SQLGenLanguage

/// One validation rule of the spec's section 5 (or a custom one), by name.
///
/// Pass a list of these to `validate(schema:document:rules:)`; `specifiedRules` is the default
/// set (graphql-js 17's `specifiedRules`, in its order).
public struct ValidationRule: Sendable, Hashable, CustomStringConvertible {
    /// graphql-js's name, e.g. `UniqueOperationNamesRule`; errors carry it in `GraphQLError.rule`.
    public let name: String
    let make: @Sendable (ValidationContext, String) -> RuleVisitor
    /// The visitor class, to find repeated rules without hashing names.
    let visitorType: ObjectIdentifier
    /// The node kinds the visitor handles, read once here rather than per validation.
    let hooks: RuleHooks

    public init(_ name: String, _ type: RuleVisitor.Type) {
        self.name = name
        self.make = { context, name in type.init(context: context, ruleName: name) }
        self.visitorType = ObjectIdentifier(type)
        self.hooks = type.hooks
    }

    public var description: String { name }

    public static func == (lhs: ValidationRule, rhs: ValidationRule) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
