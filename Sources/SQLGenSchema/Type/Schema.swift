import SQLGenLanguage

/// A built, immutable GraphQL schema: its named types, directives and root operation types.
///
/// Named types are looked up by name; `typeNames` keeps their declaration order for printing.
/// The introspection types (`__Schema`, ...) and the scalars they use are always present; other
/// built-in scalars only when referenced (as in graphql-js 17). `typeNames` follows graphql-js's
/// type map order, so introspection lists types the way graphql-js would.
public final class Schema: Sendable {
    public let description: String?
    /// The root operation type names (nil when the schema has no such root).
    public let queryTypeName: String?
    public let mutationTypeName: String?
    public let subscriptionTypeName: String?
    /// Every named type by name.
    public let typeMap: TypeMap
    /// Type names in declaration order, built-in types where first referenced, introspection last.
    public let typeNames: [String]
    /// The types in `typeNames` order.
    let orderedTypes: [GraphQLNamedType]
    /// Directive definitions in declaration order (user directives, then missing built-ins).
    /// A name defined twice appears twice; `directive(named:)` finds the first.
    public let directives: [GraphQLDirective]
    private let directiveIndex: [String: Int]
    /// Directives applied to the schema (`schema @foo { ... }`, `extend schema @bar`).
    public let appliedDirectives: [Directive]
    public let astNode: SchemaDefinition?
    public let extensionASTNodes: [SchemaDefinition]
    /// interface name → position in `implementationLists` (implementing objects / interfaces,
    /// declaration order).
    private let implementationIndex: NameTable<Named<Implementations>>

    /// The objects and interfaces implementing an interface.
    public struct Implementations: Sendable {
        public var objects: [GraphQLObjectType] = []
        public var interfaces: [GraphQLInterfaceType] = []
        public init() {}
    }

    /// Assembles a schema from its types (no need to list built-in scalars or introspection types:
    /// they are added where referenced, in graphql-js's order). Nothing is checked; run
    /// `SchemaValidator.validate` for that.
    public convenience init(description: String? = nil, queryTypeName: String?, mutationTypeName: String? = nil, subscriptionTypeName: String? = nil, types: [GraphQLNamedType], directives: [GraphQLDirective], appliedDirectives: [Directive] = [], astNode: SchemaDefinition? = nil, extensionASTNodes: [SchemaDefinition] = []) {
        self.init(description: description, queryTypeName: queryTypeName, mutationTypeName: mutationTypeName, subscriptionTypeName: subscriptionTypeName, types: types, builtInReferences: nil, indexedTypes: nil, directives: directives, appliedDirectives: appliedDirectives, astNode: astNode, extensionASTNodes: extensionASTNodes)
    }

    /// `builtInReferences`, when given, lists per type what `TypeCollector.references(of:)` would;
    /// `indexedTypes`, when given, holds `types` keyed by name (their names are distinct).
    init(description: String?, queryTypeName: String?, mutationTypeName: String?, subscriptionTypeName: String?, types: [GraphQLNamedType], builtInReferences: [BuiltInReferences]?, indexedTypes: NameTable<GraphQLNamedType>?, directives: [GraphQLDirective], appliedDirectives: [Directive], astNode: SchemaDefinition?, extensionASTNodes: [SchemaDefinition]) {
        self.description = description
        self.queryTypeName = queryTypeName
        self.mutationTypeName = mutationTypeName
        self.subscriptionTypeName = subscriptionTypeName
        var collector = TypeCollector(explicit: types, references: builtInReferences, indexed: indexedTypes)
        for root in [queryTypeName, mutationTypeName, subscriptionTypeName] {
            if let root { collector.collect(root) }
        }
        for directive in directives {
            for argument in directive.arguments { collector.collect(argument.type.namedTypeName) }
        }
        collector.collect("__Schema")
        let typeMap = collector.map
        let typeNames = collector.order
        self.typeMap = typeMap
        self.typeNames = typeNames
        self.orderedTypes = collector.orderedTypes
        // Like graphql-js, a repeated directive name stays in the list (UniqueDirectiveNames
        // reports it) and lookups find the first.
        var directiveIndex: [String: Int] = [:]
        for (index, directive) in directives.enumerated() where directiveIndex[directive.name] == nil {
            directiveIndex[directive.name] = index
        }
        self.directives = directives
        self.directiveIndex = directiveIndex
        self.appliedDirectives = appliedDirectives
        self.astNode = astNode
        self.extensionASTNodes = extensionASTNodes

        // Walk the types in `typeNames` order so each list keeps declaration order.
        var implementationIndex = NameTable<Named<Implementations>>()
        func list(_ interface: String) -> Int {
            implementationIndex.insert(Named(name: interface, value: Implementations())) ?? implementationIndex.count - 1
        }
        for type in collector.orderedTypes {
            switch type {
            case .object(let object):
                for interface in object.interfaces {
                    let position = list(interface)
                    implementationIndex.update(at: position) { $0.value.objects.append(object) }
                }
            case .interface(let type):
                for interface in type.interfaces {
                    let position = list(interface)
                    implementationIndex.update(at: position) { $0.value.interfaces.append(type) }
                }
            default:
                break
            }
        }
        self.implementationIndex = implementationIndex
    }

    // MARK: Lookup

    /// A named type by name.
    public func type(named name: String) -> GraphQLNamedType? { typeMap[name] }

    /// The named type at the core of a type reference.
    public func namedType(of ref: GraphQLTypeRef) -> GraphQLNamedType? { typeMap[ref.namedTypeName] }

    /// An object type by name (nil if absent or another kind).
    public func objectType(named name: String) -> GraphQLObjectType? {
        if case .object(let type)? = typeMap[name] { return type }
        return nil
    }

    /// An interface type by name (nil if absent or another kind).
    public func interfaceType(named name: String) -> GraphQLInterfaceType? {
        if case .interface(let type)? = typeMap[name] { return type }
        return nil
    }

    /// An input object type by name (nil if absent or another kind).
    public func inputObjectType(named name: String) -> GraphQLInputObjectType? {
        if case .inputObject(let type)? = typeMap[name] { return type }
        return nil
    }

    /// An enum type by name (nil if absent or another kind).
    public func enumType(named name: String) -> GraphQLEnumType? {
        if case .enumType(let type)? = typeMap[name] { return type }
        return nil
    }

    /// A directive definition by name (without `@`).
    public func directive(named name: String) -> GraphQLDirective? {
        guard let index = directiveIndex[name] else { return nil }
        return directives[index]
    }

    // MARK: Roots

    public var queryType: GraphQLObjectType? { queryTypeName.flatMap(objectType(named:)) }
    public var mutationType: GraphQLObjectType? { mutationTypeName.flatMap(objectType(named:)) }
    public var subscriptionType: GraphQLObjectType? { subscriptionTypeName.flatMap(objectType(named:)) }

    /// The root type of an operation kind.
    public func rootType(for operation: OperationType) -> GraphQLObjectType? {
        switch operation {
        case .query: return queryType
        case .mutation: return mutationType
        case .subscription: return subscriptionType
        }
    }

    /// The root type name of an operation kind.
    public func rootTypeName(for operation: OperationType) -> String? {
        switch operation {
        case .query: return queryTypeName
        case .mutation: return mutationTypeName
        case .subscription: return subscriptionTypeName
        }
    }

    // MARK: Fields

    /// A field of a composite type by name, including the meta fields: `__typename` on every
    /// object, interface and union, and `__schema` / `__type` on the query root type.
    public func field(named name: String, on parentType: GraphQLNamedType) -> GraphQLField? {
        if name.utf8.first == UInt8(ascii: "_") {
            if name == "__typename", parentType.isComposite { return Introspection.typenameField }
            if parentType.name == queryTypeName {
                if name == "__schema" { return Introspection.schemaField }
                if name == "__type" { return Introspection.typeField }
            }
        }
        return parentType.field(named: name)
    }

    /// `field(named:on:)` with the parent type given by name.
    public func field(named name: String, onTypeNamed typeName: String) -> GraphQLField? {
        guard let parent = typeMap[typeName] else { return nil }
        return field(named: name, on: parent)
    }

    // MARK: Abstract types

    /// The objects and interfaces that declare they implement `interfaceName`.
    public func implementations(of interfaceName: String) -> Implementations {
        implementationIndex[interfaceName]?.value ?? Implementations()
    }

    /// The object types an abstract type can resolve to: a union's members, an interface's
    /// implementing objects. For an object type, itself; for other kinds, empty.
    public func possibleTypes(of type: GraphQLNamedType) -> [GraphQLObjectType] {
        switch type {
        case .union(let union): return union.memberTypes.compactMap(objectType(named:))
        case .interface(let interface): return implementations(of: interface.name).objects
        case .object(let object): return [object]
        default: return []
        }
    }

    /// Whether `maybeSub` is a possible type of `abstract`: a member of the union, or an object or
    /// interface implementing the interface.
    public func isSubType(abstract: GraphQLNamedType, maybeSub: GraphQLNamedType) -> Bool {
        switch abstract {
        case .union(let union):
            guard case .object = maybeSub else { return false }
            return union.memberTypes.contains(maybeSub.name)
        case .interface(let interface):
            switch maybeSub {
            case .object(let object): return object.interfaces.contains(interface.name)
            case .interface(let sub): return sub.interfaces.contains(interface.name)
            default: return false
            }
        default:
            return false
        }
    }

    /// Whether a type of this name is a possible runtime type of the named abstract type.
    public func isPossibleType(_ objectName: String, of abstractName: String) -> Bool {
        guard let abstract = typeMap[abstractName], let sub = typeMap[objectName] else { return false }
        return isSubType(abstract: abstract, maybeSub: sub)
    }
}
