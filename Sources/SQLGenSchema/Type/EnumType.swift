import SQLGenLanguage

/// An enum type and its values in declaration order.
public final class GraphQLEnumType: Sendable {
    public let name: String
    public let description: String?
    public var values: [GraphQLEnumValue] { table.elements }
    private let table: LazyNameTable<GraphQLEnumValue>
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    /// A value name defined twice keeps its first position and its last definition.
    public init(name: String, description: String? = nil, values: [GraphQLEnumValue], directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.name = name
        self.description = description
        self.table = LazyNameTable(keying: values)
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    /// A value by name.
    public func value(named name: String) -> GraphQLEnumValue? {
        table[name]
    }
}

/// One value of an enum type (a final class for the same reason as `GraphQLField`).
public final class GraphQLEnumValue: Sendable {
    public let name: String
    private let parts: DefinitionParts<EnumValueDefinition>

    public init(name: String, description: String? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: EnumValueDefinition? = nil) {
        self.name = name
        self.parts = DefinitionParts(description: description, deprecationReason: deprecationReason, directives: directives, astNode: astNode)
    }

    /// A value whose definition is `astNodes[astIndex]`, with its description, directives and
    /// deprecation read from there.
    init(name: String, astNodes: [EnumValueDefinition], astIndex: Int) {
        self.name = name
        self.parts = DefinitionParts(nodes: astNodes, index: astIndex)
    }

    /// The value's definition in SDL, nil for built-in values and those from introspection.
    public var astNode: EnumValueDefinition? { parts.astNode }
    public var description: String? { parts.description }
    public var directives: [Directive] { parts.directives }
    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public var deprecationReason: String? { parts.deprecationReason }
    public var isDeprecated: Bool { deprecationReason != nil }
}
