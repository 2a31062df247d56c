import SQLGenLanguage

/// An input object type: a structured input made of named input fields.
public final class GraphQLInputObjectType: Sendable {
    public let name: String
    public let description: String?
    /// Input fields in declaration order (a name defined twice keeps its first position and last definition).
    public let fields: [GraphQLInputValue]
    private let index: [String: Int]
    /// Whether the type carries `@oneOf` (exactly one field must be given).
    public let isOneOf: Bool
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public init(name: String, description: String? = nil, fields: [GraphQLInputValue], isOneOf: Bool = false, directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        var ordered: [GraphQLInputValue] = []
        var index: [String: Int] = [:]
        for field in fields {
            if let position = index[field.name] {
                ordered[position] = field
            } else {
                index[field.name] = ordered.count
                ordered.append(field)
            }
        }
        self.name = name
        self.description = description
        self.fields = ordered
        self.index = index
        self.isOneOf = isOneOf
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    /// An input field by name.
    public func field(named name: String) -> GraphQLInputValue? {
        guard let position = index[name] else { return nil }
        return fields[position]
    }
}
