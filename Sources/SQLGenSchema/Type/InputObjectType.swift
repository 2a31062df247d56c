import SQLGenLanguage

/// An input object type: a structured input made of named input fields.
public final class GraphQLInputObjectType: Sendable {
    public let name: String
    public let description: String?
    /// Input fields in declaration order (a name defined twice keeps its first position and last definition).
    public var fields: [GraphQLInputValue] { table.elements }
    private let table: LazyNameTable<InputValueStorage>
    /// Whether the type carries `@oneOf` (exactly one field must be given).
    public let isOneOf: Bool
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public convenience init(name: String, description: String? = nil, fields: [GraphQLInputValue], isOneOf: Bool = false, directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.init(name: name, description: description, table: LazyNameTable(keying: fields), isOneOf: isOneOf, directives: directives, astNode: astNode, extensionASTNodes: extensionASTNodes)
    }

    /// A type whose fields are `table` (schema building passes the storage of their definitions).
    init(name: String, description: String?, table: consuming LazyNameTable<InputValueStorage>, isOneOf: Bool, directives: [Directive], astNode: TypeDefinition?, extensionASTNodes: [TypeDefinition]) {
        self.name = name
        self.description = description
        self.table = table
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
