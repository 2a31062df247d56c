import SQLGenLanguage

/// An enum type and its values in declaration order.
public final class GraphQLEnumType: Sendable {
    public let name: String
    public let description: String?
    public var values: [GraphQLEnumValue] { table.elements }
    private let table: LazyNameTable<EnumValueStorage>
    public let directives: [Directive]
    public let astNode: TypeDefinition?
    public let extensionASTNodes: [TypeDefinition]

    /// A value name defined twice keeps its first position and its last definition.
    public convenience init(name: String, description: String? = nil, values: [GraphQLEnumValue], directives: [Directive] = [], astNode: TypeDefinition? = nil, extensionASTNodes: [TypeDefinition] = []) {
        self.init(name: name, description: description, table: LazyNameTable(keying: values), directives: directives, astNode: astNode, extensionASTNodes: extensionASTNodes)
    }

    /// A type whose values are `table` (schema building passes the storage of their definitions).
    init(name: String, description: String?, table: consuming LazyNameTable<EnumValueStorage>, directives: [Directive], astNode: TypeDefinition?, extensionASTNodes: [TypeDefinition]) {
        self.name = name
        self.description = description
        self.table = table
        self.directives = directives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes
    }

    /// A value by name.
    public func value(named name: String) -> GraphQLEnumValue? {
        table[name]
    }
}

/// One value of an enum type: a value pointing into storage shared with the other values of its
/// enum, as `GraphQLField`.
public struct GraphQLEnumValue: @unchecked Sendable {
    private let storage: EnumValueStorage
    private let index: Int

    public init(name: String, description: String? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: EnumValueDefinition? = nil) {
        storage = .singleDefinition(name, description: description, deprecationReason: deprecationReason, directives: directives, astNode: astNode)
        index = 0
    }

    /// Value `index` of `storage`, whose records are the values' names (built from SDL: see
    /// `TypeFactory`).
    init(_ storage: EnumValueStorage, _ index: Int) {
        self.storage = storage
        self.index = index
    }

    public var name: String { storage.readRecord(index) { $0 } }

    /// The value's definition in SDL, nil for built-in values and those from introspection.
    public var astNode: EnumValueDefinition? { storage.astNode(index) }
    public var description: String? { storage.description(index) }
    public var directives: [Directive] { storage.directives(index) }
    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public var deprecationReason: String? { storage.deprecationReason(index) }
    public var isDeprecated: Bool { deprecationReason != nil }
}
