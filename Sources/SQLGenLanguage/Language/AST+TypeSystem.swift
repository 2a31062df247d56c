// Type-system definitions of the AST: schema, types, fields and directives (spec section 3).

/// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
/// Also used for `extend schema` (no description; the operation types may be empty).
public struct SchemaDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [RootOperationTypeDefinition]
    public var range: SourceRange
    public init(description: StringValue? = nil, directives: [Directive] = [], operationTypes: [RootOperationTypeDefinition], range: SourceRange = .none) {
        (self.description, self.directives, self.operationTypes, self.range) = (description, directives, operationTypes, range)
    }
}

/// RootOperationTypeDefinition : OperationType : NamedType
public struct RootOperationTypeDefinition: Sendable, Hashable {
    public var operation: OperationType
    public var type: NamedType
    public var range: SourceRange
    public init(operation: OperationType, type: NamedType, range: SourceRange = .none) {
        (self.operation, self.type, self.range) = (operation, type, range)
    }
}

/// TypeDefinition : ScalarTypeDefinition | ObjectTypeDefinition | InterfaceTypeDefinition |
/// UnionTypeDefinition | EnumTypeDefinition | InputObjectTypeDefinition
public enum TypeDefinition: Sendable, Hashable {
    case scalar(ScalarTypeDefinition)
    case object(ObjectTypeDefinition)
    case interface(InterfaceTypeDefinition)
    case union(UnionTypeDefinition)
    case enumType(EnumTypeDefinition)
    case inputObject(InputObjectTypeDefinition)

    public var name: Name {
        switch self {
        case .scalar(let node): return node.name
        case .object(let node): return node.name
        case .interface(let node): return node.name
        case .union(let node): return node.name
        case .enumType(let node): return node.name
        case .inputObject(let node): return node.name
        }
    }

    public var description: StringValue? {
        switch self {
        case .scalar(let node): return node.description
        case .object(let node): return node.description
        case .interface(let node): return node.description
        case .union(let node): return node.description
        case .enumType(let node): return node.description
        case .inputObject(let node): return node.description
        }
    }

    public var directives: [Directive] {
        switch self {
        case .scalar(let node): return node.directives
        case .object(let node): return node.directives
        case .interface(let node): return node.directives
        case .union(let node): return node.directives
        case .enumType(let node): return node.directives
        case .inputObject(let node): return node.directives
        }
    }

    public var range: SourceRange {
        switch self {
        case .scalar(let node): return node.range
        case .object(let node): return node.range
        case .interface(let node): return node.range
        case .union(let node): return node.range
        case .enumType(let node): return node.range
        case .inputObject(let node): return node.range
        }
    }
}

/// ScalarTypeDefinition : Description? scalar Name Directives[Const]?
public struct ScalarTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], range: SourceRange = .none) {
        (self.description, self.name, self.directives, self.range) = (description, name, directives, range)
    }
}

/// ObjectTypeDefinition : Description? type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
public struct ObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, interfaces: [NamedType] = [], directives: [Directive] = [], fields: [FieldDefinition] = [], range: SourceRange = .none) {
        (self.description, self.name, self.interfaces, self.directives, self.fields, self.range) = (description, name, interfaces, directives, fields, range)
    }
}

/// InterfaceTypeDefinition : Description? interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
public typealias InterfaceTypeDefinition = ObjectTypeDefinition

/// FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?
public struct FieldDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [], type: TypeReference, directives: [Directive] = [], range: SourceRange = .none) {
        (self.description, self.name, self.arguments, self.type, self.directives, self.range) = (description, name, arguments, type, directives, range)
    }
}

/// InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?
public struct InputValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [], range: SourceRange = .none) {
        (self.description, self.name, self.type, self.defaultValue, self.directives, self.range) = (description, name, type, defaultValue, directives, range)
    }
}

/// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?
public struct UnionTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], types: [NamedType] = [], range: SourceRange = .none) {
        (self.description, self.name, self.directives, self.types, self.range) = (description, name, directives, types, range)
    }
}

/// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?
public struct EnumTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], values: [EnumValueDefinition] = [], range: SourceRange = .none) {
        (self.description, self.name, self.directives, self.values, self.range) = (description, name, directives, values, range)
    }
}

/// EnumValueDefinition : Description? EnumValue Directives[Const]?
public struct EnumValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], range: SourceRange = .none) {
        (self.description, self.name, self.directives, self.range) = (description, name, directives, range)
    }
}

/// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition?
public struct InputObjectTypeDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], fields: [InputValueDefinition] = [], range: SourceRange = .none) {
        (self.description, self.name, self.directives, self.fields, self.range) = (description, name, directives, fields, range)
    }
}

/// DirectiveDefinition : Description? directive @ Name ArgumentsDefinition? Directives[Const]? repeatable? on DirectiveLocations
/// (`directives` on a directive definition is graphql-core's experimental syntax)
public struct DirectiveDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var directives: [Directive]
    public var repeatable: Bool
    public var locations: [Name]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, arguments: [InputValueDefinition] = [], directives: [Directive] = [], repeatable: Bool = false, locations: [Name], range: SourceRange = .none) {
        (self.description, self.name, self.arguments, self.directives, self.repeatable, self.locations, self.range) = (description, name, arguments, directives, repeatable, locations, range)
    }
}

/// The spec's directive locations (`ExecutableDirectiveLocation` and `TypeSystemDirectiveLocation`).
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumType = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
