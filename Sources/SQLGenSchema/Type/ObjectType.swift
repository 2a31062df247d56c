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

/// What object and interface types are made of: their fields, interfaces and definitions.
/// (`@unchecked`: every member is a constant.)
public class GraphQLFieldsType: GraphQLTypeWithFields, @unchecked Sendable {
    public let name: String
    public let description: String?
    private let table: LazyNameTable<FieldStorage>
    public let interfaces: [String]
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    public convenience init(name: String, description: String? = nil, fields: [GraphQLField], interfaces: [String] = [], directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.init(name: name, description: description, table: LazyNameTable(keying: fields), interfaces: interfaces, directives: directives, astNode: astNode, extensionASTNodes: extensionASTNodes)
    }

    /// A type whose fields are `table` (schema building passes the storage of their definitions).
    init(name: String, description: String?, table: consuming LazyNameTable<FieldStorage>, interfaces: [String], directives: [Directive], astNode: TypeDefinition?, extensionASTNodes: [TypeDefinition]) {
        self.table = table
        (self.name, self.description, self.interfaces) = (name, description, interfaces)
        (self.directives, self.astNode, self.extensionASTNodes) = (directives, astNode, extensionASTNodes)
    }

    public final var fields: [GraphQLField] { table.elements }
    public final func field(named name: String) -> GraphQLField? { table[name] }
}

/// An object type: the concrete output types of a schema.
public final class GraphQLObjectType: GraphQLFieldsType, @unchecked Sendable {}

/// An interface type: an abstract type with fields that objects and other interfaces implement.
public final class GraphQLInterfaceType: GraphQLFieldsType, @unchecked Sendable {}
