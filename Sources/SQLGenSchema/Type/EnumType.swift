import SQLGenLanguage

/// An enum type and its values in declaration order.
public final class GraphQLEnumType: Sendable {
    public let name: String
    public let description: String?
    public let values: [GraphQLEnumValue]
    private let index: [String: Int]
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    /// A value name defined twice keeps its first position and its last definition.
    public init(name: String, description: String? = nil, values: [GraphQLEnumValue], directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        var ordered: [GraphQLEnumValue] = []
        var index: [String: Int] = [:]
        for value in values {
            if let position = index[value.name] {
                ordered[position] = value
            } else {
                index[value.name] = ordered.count
                ordered.append(value)
            }
        }
        self.name = name
        self.description = description
        self.values = ordered
        self.index = index
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    /// A value by name.
    public func value(named name: String) -> GraphQLEnumValue? {
        guard let position = index[name] else { return nil }
        return values[position]
    }
}

/// One value of an enum type (a final class for the same reason as `GraphQLField`).
public final class GraphQLEnumValue: Sendable {
    public let name: String
    public let description: String?
    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public let deprecationReason: String?
    public let directives: [Directive]
    public let astNode: EnumValueDefinition?

    public init(name: String, description: String? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: EnumValueDefinition? = nil) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.astNode = astNode
    }

    public var isDeprecated: Bool { deprecationReason != nil }
}
