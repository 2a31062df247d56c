import SQLGenLanguage

/// A field of an object or interface type.
///
/// A value that points into the `FieldStorage` of its type's fields: one allocation per
/// type rather than per field, and a copy costs one retain. (`@unchecked`: the storage is a
/// `ManagedBuffer`, never changed once made.)
public struct GraphQLField: @unchecked Sendable {
    private let storage: FieldStorage
    private let index: Int

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, arguments: [GraphQLInputValue] = [], deprecationReason: String? = nil, directives: [Directive] = [], astNode: FieldDefinition? = nil) {
        storage = .singleDefinition(FieldRecord(name: name, type: type, arguments: arguments), description: description,
                                    deprecationReason: deprecationReason, directives: directives, astNode: astNode)
        index = 0
    }

    /// Field `index` of `storage` (built from SDL: see `TypeFactory`).
    init(_ storage: FieldStorage, _ index: Int) {
        self.storage = storage
        self.index = index
    }

    public var name: String { storage.readRecord(index) { $0.name } }
    public var type: GraphQLTypeRef { storage.readRecord(index) { $0.type } }
    /// Arguments in declaration order.
    public var arguments: [GraphQLInputValue] { storage.readRecord(index) { $0.arguments } }

    /// The field's definition in SDL, nil for built-in fields and fields from introspection.
    public var astNode: FieldDefinition? { storage.astNode(index) }
    public var description: String? { storage.description(index) }
    public var directives: [Directive] { storage.directives(index) }
    /// The `@deprecated(reason:)` reason (`"No longer supported"` when none is given); nil when not deprecated.
    public var deprecationReason: String? { storage.deprecationReason(index) }
    public var isDeprecated: Bool { deprecationReason != nil }

    /// An argument by name (linear: argument lists are short).
    public func argument(named name: String) -> GraphQLInputValue? {
        storage.readRecord(index) { record in record.arguments.first { $0.name == name } }
    }
}

/// What a field has of its own in its type's `FieldStorage`.
struct FieldRecord {
    let name: String
    let type: GraphQLTypeRef
    let arguments: [GraphQLInputValue]
}

/// An argument of a field or directive, or a field of an input object (`__InputValue`): a value
/// pointing into storage shared with its list, as `GraphQLField`.
public struct GraphQLInputValue: @unchecked Sendable {
    private let storage: InputValueStorage
    private let index: Int

    public init(name: String, description: String? = nil, type: GraphQLTypeRef, defaultValue: Value? = nil, deprecationReason: String? = nil, directives: [Directive] = [], astNode: InputValueDefinition? = nil) {
        storage = .singleDefinition(InputValueRecord(name: name, type: type, defaultValue: defaultValue), description: description,
                                    deprecationReason: deprecationReason, directives: directives, astNode: astNode)
        index = 0
    }

    /// Argument or input field `index` of `storage` (built from SDL: see `TypeFactory`).
    init(_ storage: InputValueStorage, _ index: Int) {
        self.storage = storage
        self.index = index
    }

    public var name: String { storage.readRecord(index) { $0.name } }
    public var type: GraphQLTypeRef { storage.readRecord(index) { $0.type } }
    /// The default value as a constant AST value (from SDL, or parsed from introspection's
    /// `defaultValue` string); nil when there is none.
    public var defaultValue: Value? { storage.readRecord(index) { $0.defaultValue } }

    /// The definition in SDL, nil for built-in arguments and those from introspection.
    public var astNode: InputValueDefinition? { storage.astNode(index) }
    public var description: String? { storage.description(index) }
    public var directives: [Directive] { storage.directives(index) }
    /// The `@deprecated(reason:)` reason; nil when not deprecated.
    public var deprecationReason: String? { storage.deprecationReason(index) }
    public var isDeprecated: Bool { deprecationReason != nil }

    /// Non-null without a default value: it must be provided.
    public var isRequired: Bool {
        // Patterns without bindings, which read the record in place.
        storage.readRecord(index) { record in
            guard case .nonNull = record.type, case .none = record.defaultValue else { return false }
            return true
        }
    }
}

/// What an argument or input field has of its own in its list's `InputValueStorage`.
struct InputValueRecord {
    let name: String
    let type: GraphQLTypeRef
    let defaultValue: Value?
}
