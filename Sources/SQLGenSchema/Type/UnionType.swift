import SQLGenLanguage

/// A union type: an abstract type whose possible types are the listed object types.
public final class GraphQLUnionType: Sendable {
    public let name: String
    public let description: String?
    /// Names of the member types, in declaration order (definition, then extensions).
    public let memberTypes: [String]
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public init(name: String, description: String? = nil, memberTypes: [String], directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.name = name
        self.description = description
        self.memberTypes = memberTypes
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }
}
