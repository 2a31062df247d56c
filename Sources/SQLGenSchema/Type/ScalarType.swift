import SQLGenLanguage

/// A scalar type: `Int`, `String`, or a custom scalar such as `DateTime`.
public final class GraphQLScalarType: Sendable {
    public let name: String
    public let description: String?
    /// The URL given by `@specifiedBy(url:)`, if any.
    public let specifiedByURL: String?
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public init(name: String, description: String? = nil, specifiedByURL: String? = nil, directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }
}
