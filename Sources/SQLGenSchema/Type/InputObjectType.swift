import SQLGenLanguage

/// An input object type: a structured input made of named input fields.
public final class GraphQLInputObjectType: Sendable {
    public let name: String
    public let description: String?
    /// Input fields in declaration order (a name defined twice keeps its first position and last definition).
    public var fields: [GraphQLInputValue] { table.elements }
    private let table: LazyNameTable<GraphQLInputValue>
    /// Whether the type carries `@oneOf` (exactly one field must be given).
    public let isOneOf: Bool
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public init(name: String, description: String? = nil, fields: [GraphQLInputValue], isOneOf: Bool = false, directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.name = name
        self.description = description
        self.table = LazyNameTable(keying: fields)
        self.isOneOf = isOneOf
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    /// An input field by name.
    public func field(named name: String) -> GraphQLInputValue? {
        table[name]
    }
}
