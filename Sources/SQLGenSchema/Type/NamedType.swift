import SQLGenLanguage

/// A named type of a schema: one of the six kinds of the spec.
///
/// Switch over it for kind-specific data; the common properties (name, description, applied
/// directives, AST nodes) are available on every case.
public enum GraphQLNamedType: Sendable {
    case scalar(GraphQLScalarType)
    case object(GraphQLObjectType)
    case interface(GraphQLInterfaceType)
    case union(GraphQLUnionType)
    case enumType(GraphQLEnumType)
    case inputObject(GraphQLInputObjectType)

    public var name: String {
        switch self {
        case .scalar(let type): return type.name
        case .object(let type): return type.name
        case .interface(let type): return type.name
        case .union(let type): return type.name
        case .enumType(let type): return type.name
        case .inputObject(let type): return type.name
        }
    }

    public var kind: TypeKind {
        switch self {
        case .scalar: return .scalar
        case .object: return .object
        case .interface: return .interface
        case .union: return .union
        case .enumType: return .enumType
        case .inputObject: return .inputObject
        }
    }

    public var description: String? {
        switch self {
        case .scalar(let type): return type.description
        case .object(let type): return type.description
        case .interface(let type): return type.description
        case .union(let type): return type.description
        case .enumType(let type): return type.description
        case .inputObject(let type): return type.description
        }
    }

    /// Directives applied to the type (definition first, then extensions, in source order).
    public var directives: [Directive] {
        switch self {
        case .scalar(let type): return type.directives
        case .object(let type): return type.directives
        case .interface(let type): return type.directives
        case .union(let type): return type.directives
        case .enumType(let type): return type.directives
        case .inputObject(let type): return type.directives
        }
    }

    /// The type's definition in SDL, nil for built-in types and types from introspection.
    public var astNode: TypeDefinition? {
        switch self {
        case .scalar(let type): return type.astNode
        case .object(let type): return type.astNode
        case .interface(let type): return type.astNode
        case .union(let type): return type.astNode
        case .enumType(let type): return type.astNode
        case .inputObject(let type): return type.astNode
        }
    }

    /// The `extend` definitions that added to this type, in source order.
    public var extensionASTNodes: [TypeDefinition] {
        switch self {
        case .scalar(let type): return type.extensionASTNodes
        case .object(let type): return type.extensionASTNodes
        case .interface(let type): return type.extensionASTNodes
        case .union(let type): return type.extensionASTNodes
        case .enumType(let type): return type.extensionASTNodes
        case .inputObject(let type): return type.extensionASTNodes
        }
    }

    /// The range of the definition's name (falls back to the first extension), for diagnostics.
    public var nameRange: SourceRange? {
        if let node = astNode { return node.name.range }
        return extensionASTNodes.first?.name.range
    }

    /// Scalars and enums: types that can be a leaf of a selection.
    public var isLeaf: Bool {
        switch self {
        case .scalar, .enumType: return true
        default: return false
        }
    }

    /// Objects, interfaces and unions: types with a selection set.
    public var isComposite: Bool {
        switch self {
        case .object, .interface, .union: return true
        default: return false
        }
    }

    /// Interfaces and unions.
    public var isAbstract: Bool {
        switch self {
        case .interface, .union: return true
        default: return false
        }
    }

    /// Scalars, enums and input objects: types allowed for arguments and variables.
    public var isInputType: Bool {
        switch self {
        case .scalar, .enumType, .inputObject: return true
        default: return false
        }
    }

    /// Every kind except input objects: types allowed for fields.
    public var isOutputType: Bool {
        if case .inputObject = self { return false }
        return true
    }

    /// The fields of an object or interface (empty for other kinds), in declaration order.
    /// Meta fields are not included; use `Schema.field(named:on:)` for lookups that need them.
    public var fields: [GraphQLField] {
        switch self {
        case .object(let type): return type.fields
        case .interface(let type): return type.fields
        default: return []
        }
    }

    /// The interfaces an object or interface declares (empty for other kinds).
    public var interfaces: [String] {
        switch self {
        case .object(let type): return type.interfaces
        case .interface(let type): return type.interfaces
        default: return []
        }
    }

    /// The object or interface as `GraphQLTypeWithFields` (nil for other kinds).
    public var typeWithFields: (any GraphQLTypeWithFields)? {
        switch self {
        case .object(let type): return type
        case .interface(let type): return type
        default: return nil
        }
    }

    /// A field of an object or interface by name (no meta fields).
    public func field(named name: String) -> GraphQLField? {
        switch self {
        case .object(let type): return type.field(named: name)
        case .interface(let type): return type.field(named: name)
        default: return nil
        }
    }

    /// Whether this is one of the five built-in scalars (`Int`, `Float`, `String`, `Boolean`, `ID`).
    public var isSpecifiedScalar: Bool {
        if case .scalar = self { return BuiltInScalars.names.contains(name) }
        return false
    }

    /// Whether this is one of the introspection types (`__Schema`, `__Type`, ...).
    public var isIntrospectionType: Bool {
        let name = name
        return name.utf8.first == UInt8(ascii: "_") && Introspection.typeNames.contains(name)
    }
}
