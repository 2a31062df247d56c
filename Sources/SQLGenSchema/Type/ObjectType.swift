import SQLGenLanguage

/// What objects and interfaces have in common: fields and implemented interfaces.
public protocol GraphQLTypeWithFields: AnyObject, Sendable {
    var name: String { get }
    var description: String? { get }
    /// Fields in declaration order (definition, then extensions). A name defined twice keeps its
    /// first position and the last definition, as graphql-js does.
    var fields: [GraphQLField] { get }
    /// Names of the interfaces this type implements, in declaration order.
    var interfaces: [String] { get }
    var directives: [Directive] { get }
    var astNode: TypeDefinition? { get }
    var extensionASTNodes: [TypeDefinition] { get }
    /// A field by name (meta fields not included).
    func field(named name: String) -> GraphQLField?
}

extension GraphQLTypeWithFields {
    /// Whether this type declares that it implements `interfaceName`.
    public func implements(_ interfaceName: String) -> Bool {
        interfaces.contains(interfaceName)
    }
}

/// Fields by name with their declaration order kept, shared by objects and interfaces.
struct FieldTable: Sendable {
    private let table: NameTable<GraphQLField>

    init(_ fields: [GraphQLField]) {
        table = NameTable(keying: fields)
    }

    var ordered: [GraphQLField] { table.elements }

    subscript(name: String) -> GraphQLField? { table[name] }
}

/// An object type: the concrete output types of a schema.
public final class GraphQLObjectType: GraphQLTypeWithFields {
    public let name: String
    public let description: String?
    private let table: FieldTable
    public let interfaces: [String]
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public init(name: String, description: String? = nil, fields: [GraphQLField], interfaces: [String] = [], directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.name = name
        self.description = description
        self.table = FieldTable(fields)
        self.interfaces = interfaces
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    public var fields: [GraphQLField] { table.ordered }
    public func field(named name: String) -> GraphQLField? { table[name] }
}

/// An interface type: an abstract type with fields that objects and other interfaces implement.
public final class GraphQLInterfaceType: GraphQLTypeWithFields {
    public let name: String
    public let description: String?
    private let table: FieldTable
    public let interfaces: [String]
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public init(name: String, description: String? = nil, fields: [GraphQLField], interfaces: [String] = [], directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.name = name
        self.description = description
        self.table = FieldTable(fields)
        self.interfaces = interfaces
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    public var fields: [GraphQLField] { table.ordered }
    public func field(named name: String) -> GraphQLField? { table[name] }
}
