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
    /// The AST node is `astNodes[astIndex]` (shared as in `GraphQLField`).
    private let astNodes: [EnumValueDefinition]
    private let astIndex: Int
    /// What the public initializer was given (as in `GraphQLField`).
    private let given: GivenParts?

    public init(name: String, description: String? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: EnumValueDefinition? = nil) {
        self.name = name
        self.astNodes = astNode.map { [$0] } ?? []
        self.astIndex = 0
        self.given = GivenParts(description: description, deprecationReason: deprecationReason, directives: directives)
    }

    /// A value whose definition is `astNodes[astIndex]`, with its description, directives and
    /// deprecation read from there.
    init(name: String, astNodes: [EnumValueDefinition], astIndex: Int) {
        self.name = name
        self.astNodes = astNodes
        self.astIndex = astIndex
        self.given = nil
    }

    /// The value's definition in SDL, nil for built-in values and those from introspection.
    public var astNode: EnumValueDefinition? {
        astIndex < astNodes.count ? astNodes[astIndex] : nil
    }

    public var description: String? {
        if let given { return given.description }
        return astIndex < astNodes.count ? astNodes[astIndex].description?.value : nil
    }

    public var directives: [Directive] {
        if let given { return given.directives }
        return astIndex < astNodes.count ? astNodes[astIndex].directives : []
    }

    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public var deprecationReason: String? {
        if let given { return given.deprecationReason }
        return GivenParts.deprecationReason(directives)
    }

    public var isDeprecated: Bool { deprecationReason != nil }
}
