// The GraphQL abstract syntax tree (GraphQL spec, September 2025, section 2 and 3).
//
// Every node is a value type with its `range` in the source. Walk it with plain `switch`es over
// `Definition`, `Selection`, `Value` and `TypeReference`; there is one way to walk, and no visitor.
// Type-system extensions reuse the definition structs (their `description` is always nil), so a
// consumer handles a type's fields once whether they come from a definition or an `extend`.
// Equality compares ranges too: compare ASTs parsed with `ParseOptions.noLocation` to ignore layout.

/// A name token (`Name` in the spec), with its range.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    public var value: String
    public var range: SourceRange
    public init(_ value: String, range: SourceRange = .none) {
        self.value = value
        self.range = range
    }
    public var description: String { value }
}

/// Document : Definition+
public struct Document: Sendable, Hashable {
    public var definitions: [Definition]
    public var range: SourceRange
    public init(definitions: [Definition], range: SourceRange = .none) {
        self.definitions = definitions
        self.range = range
    }

    /// The fragment definitions by name (a repeated name keeps the last; validation reports it).
    public var fragmentsByName: [String: FragmentDefinition] {
        var fragments: [String: FragmentDefinition] = [:]
        for case .fragment(let fragment) in definitions { fragments[fragment.name.value] = fragment }
        return fragments
    }
}

/// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension
public enum Definition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case schema(SchemaDefinition)
    /// `extend schema ...`
    case schemaExtension(SchemaDefinition)
    case type(TypeDefinition)
    /// `extend type|interface|union|enum|input|scalar ...`
    case typeExtension(TypeDefinition)
    case directive(DirectiveDefinition)
    /// `extend directive @name Directives[Const]` (graphql-core's experimental syntax, in its schema
    /// kitchen sink): only `name` and `directives` are set.
    case directiveExtension(DirectiveDefinition)

    public var range: SourceRange {
        switch self {
        case .operation(let node): return node.range
        case .fragment(let node): return node.range
        case .schema(let node), .schemaExtension(let node): return node.range
        case .type(let node), .typeExtension(let node): return node.range
        case .directive(let node), .directiveExtension(let node): return node.range
        }
    }

    /// Whether this is an operation or a fragment (as opposed to a type-system definition).
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: return true
        default: return false
        }
    }
}

// MARK: - Executable definitions

public enum OperationType: String, Sendable, Hashable, CaseIterable {
    case query
    case mutation
    case subscription
}

/// OperationDefinition : Description? OperationType Name? VariablesDefinition? Directives? SelectionSet | SelectionSet
public struct OperationDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var operation: OperationType
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(description: StringValue? = nil, operation: OperationType, name: Name?, variableDefinitions: [VariableDefinition] = [], directives: [Directive] = [], selectionSet: SelectionSet, range: SourceRange = .none) {
        self.description = description
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

/// VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]?
public struct VariableDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var variable: Variable
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange

    public init(description: StringValue? = nil, variable: Variable, type: TypeReference, defaultValue: Value? = nil, directives: [Directive] = [], range: SourceRange = .none) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
    }
}

/// Variable : $ Name
public struct Variable: Sendable, Hashable {
    public var name: Name
    public var range: SourceRange
    public init(name: Name, range: SourceRange = .none) {
        self.name = name
        self.range = range
    }
}

/// SelectionSet : { Selection* }  (graphql-core accepts an empty set by default)
public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    public var range: SourceRange
    public init(selections: [Selection], range: SourceRange = .none) {
        self.selections = selections
        self.range = range
    }
}

/// Selection : Field | FragmentSpread | InlineFragment
public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var range: SourceRange {
        switch self {
        case .field(let node): return node.range
        case .fragmentSpread(let node): return node.range
        case .inlineFragment(let node): return node.range
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let node): return node.directives
        case .fragmentSpread(let node): return node.directives
        case .inlineFragment(let node): return node.directives
        }
    }
}

/// Field : Alias? Name Arguments? Directives? SelectionSet?
public struct Field: Sendable, Hashable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    public var range: SourceRange

    public init(alias: Name? = nil, name: Name, arguments: [Argument] = [], directives: [Directive] = [], selectionSet: SelectionSet? = nil, range: SourceRange = .none) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }

    /// The key of this field in the response: the alias if there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// Argument : Name : Value  (also ObjectField : Name : Value)
public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
    public var range: SourceRange
    public init(name: Name, value: Value, range: SourceRange = .none) {
        self.name = name
        self.value = value
        self.range = range
    }
}

/// FragmentSpread : ... FragmentName Arguments? Directives?
/// (`arguments` only with the experimental fragment arguments syntax)
public struct FragmentSpread: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var range: SourceRange
    public init(name: Name, arguments: [Argument] = [], directives: [Directive] = [], range: SourceRange = .none) {
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.range = range
    }
}

/// InlineFragment : ... TypeCondition? Directives? SelectionSet
public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: NamedType?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange
    public init(typeCondition: NamedType? = nil, directives: [Directive] = [], selectionSet: SelectionSet, range: SourceRange = .none) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

/// FragmentDefinition : Description? fragment FragmentName VariablesDefinition? TypeCondition Directives? SelectionSet
/// (`variableDefinitions` only with the experimental fragment arguments syntax)
public struct FragmentDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var variableDefinitions: [VariableDefinition]
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange

    public init(description: StringValue? = nil, name: Name, variableDefinitions: [VariableDefinition] = [], typeCondition: NamedType, directives: [Directive] = [], selectionSet: SelectionSet, range: SourceRange = .none) {
        self.description = description
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.range = range
    }
}

// MARK: - Values

/// Value : Variable | IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue | ListValue | ObjectValue
public indirect enum Value: Sendable, Hashable {
    case variable(Variable)
    /// The literal's text as written, e.g. `-12`.
    case int(String, SourceRange)
    /// The literal's text as written, e.g. `1.5e3`.
    case float(String, SourceRange)
    case string(StringValue)
    case boolean(Bool, SourceRange)
    case null(SourceRange)
    case enumValue(String, SourceRange)
    case list([Value], SourceRange)
    case object([ObjectField], SourceRange)

    public var range: SourceRange {
        switch self {
        case .variable(let variable): return variable.range
        case .int(_, let range), .float(_, let range), .boolean(_, let range), .null(let range),
             .enumValue(_, let range), .list(_, let range), .object(_, let range):
            return range
        case .string(let string): return string.range
        }
    }
}

/// StringValue : a quoted or block string, already unescaped (block strings dedented).
public struct StringValue: Sendable, Hashable {
    public var value: String
    /// Whether it was written as a block string (`"""`); the printer keeps the form.
    public var block: Bool
    public var range: SourceRange
    public init(_ value: String, block: Bool = false, range: SourceRange = .none) {
        self.value = value
        self.block = block
        self.range = range
    }
}

/// ObjectField : Name : Value
public typealias ObjectField = Argument

// MARK: - Types

/// NamedType : Name
public struct NamedType: Sendable, Hashable {
    public var name: Name
    public var range: SourceRange
    public init(name: Name, range: SourceRange = .none) {
        self.name = name
        self.range = range
    }
}

/// Type : NamedType | ListType | NonNullType
public indirect enum TypeReference: Sendable, Hashable {
    case named(NamedType)
    case list(TypeReference, SourceRange)
    /// Never wraps another `.nonNull`.
    case nonNull(TypeReference, SourceRange)

    public var range: SourceRange {
        switch self {
        case .named(let named): return named.range
        case .list(_, let range), .nonNull(_, let range): return range
        }
    }

    /// The innermost named type.
    public var namedType: NamedType {
        switch self {
        case .named(let named): return named
        case .list(let inner, _), .nonNull(let inner, _): return inner.namedType
        }
    }
}

// MARK: - Directives

/// Directive : @ Name Arguments?
public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var range: SourceRange
    public init(name: Name, arguments: [Argument] = [], range: SourceRange = .none) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }
}

// MARK: - Type system

/// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
/// Also used for `extend schema` (no description; the operation types may be empty).
public struct SchemaDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var directives: [Directive]
    public var operationTypes: [RootOperationTypeDefinition]
    public var range: SourceRange
    public init(description: StringValue? = nil, directives: [Directive] = [], operationTypes: [RootOperationTypeDefinition], range: SourceRange = .none) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.range = range
    }
}

/// RootOperationTypeDefinition : OperationType : NamedType
public struct RootOperationTypeDefinition: Sendable, Hashable {
    public var operation: OperationType
    public var type: NamedType
    public var range: SourceRange
    public init(operation: OperationType, type: NamedType, range: SourceRange = .none) {
        self.operation = operation
        self.type = type
        self.range = range
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
        self.description = description
        self.name = name
        self.directives = directives
        self.range = range
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
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.range = range
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
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.range = range
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
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.range = range
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
        self.description = description
        self.name = name
        self.directives = directives
        self.types = types
        self.range = range
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
        self.description = description
        self.name = name
        self.directives = directives
        self.values = values
        self.range = range
    }
}

/// EnumValueDefinition : Description? EnumValue Directives[Const]?
public struct EnumValueDefinition: Sendable, Hashable {
    public var description: StringValue?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
    public init(description: StringValue? = nil, name: Name, directives: [Directive] = [], range: SourceRange = .none) {
        self.description = description
        self.name = name
        self.directives = directives
        self.range = range
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
        self.description = description
        self.name = name
        self.directives = directives
        self.fields = fields
        self.range = range
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
        self.description = description
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.repeatable = repeatable
        self.locations = locations
        self.range = range
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
