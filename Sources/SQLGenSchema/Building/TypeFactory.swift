import SQLGenLanguage

/// Makes model types from AST definitions, and extends model types with `extend` definitions.
enum TypeFactory {
    /// A named type from its definition and extensions (extensions of another kind are ignored:
    /// `PossibleTypeExtensions` reports them).
    /// Also returns the built-in types it refers to, for `TypeCollector`: noted while making a
    /// plain definition, found by walking the made type otherwise.
    static func make(_ definition: TypeDefinition, extensions: [TypeDefinition], cache: inout NonNullCache) -> (type: GraphQLNamedType, references: BuiltInReferences) {
        if extensions.isEmpty {
            var references: BuiltInReferences? = BuiltInReferences()
            let type = make(definition, references: &references, &cache)
            return (type, references ?? TypeCollector.references(of: type))
        }
        let type = build(base: nil, definition: definition, extensions: extensions, cache: &cache)
        return (type, TypeCollector.references(of: type))
    }

    /// An existing type with more extensions applied (the type itself when there are none).
    static func extend(_ type: GraphQLNamedType, with extensions: [TypeDefinition]) -> GraphQLNamedType {
        guard !extensions.isEmpty else { return type }
        if type.isSpecifiedScalar { return type }
        var cache = NonNullCache()
        return build(base: type, definition: nil, extensions: extensions, cache: &cache)
    }

    private static func build(base: GraphQLNamedType?, definition: TypeDefinition?, extensions: [TypeDefinition], cache: inout NonNullCache) -> GraphQLNamedType {
        if base == nil, extensions.isEmpty, let definition {
            var ignored: BuiltInReferences?
            return make(definition, references: &ignored, &cache)
        }
        var nodes: [TypeDefinition] = []
        nodes.reserveCapacity(extensions.count + 1)
        if let definition { nodes.append(definition) }
        nodes += extensions
        let name = base?.name ?? definition?.name.value ?? ""
        let description = base?.description ?? definition?.description?.value
        let astNode = base?.astNode ?? definition
        var directives = base?.directives ?? []
        for node in nodes { directives += node.directives }
        let extensionNodes = (base?.extensionASTNodes ?? []) + extensions
        let kind = base?.kind ?? definition.map(kindOf) ?? .scalar
        let sameKind = nodes.filter { kindOf($0) == kind }
        var ignored: BuiltInReferences?

        switch kind {
        case .object, .interface:
            var fields = base?.fields ?? []
            var interfaces: [String] = []
            if case .object(let object)? = base { interfaces = object.interfaces }
            if case .interface(let interface)? = base { interfaces = interface.interfaces }
            for node in sameKind {
                switch node {
                case .object(let object), .interface(let object):
                    for index in object.fields.indices { fields.append(field(object.fields, index, &ignored, &cache)) }
                    interfaces += object.interfaces.map(\.name.value)
                default:
                    break
                }
            }
            if kind == .interface {
                return .interface(GraphQLInterfaceType(name: name, description: description, fields: fields, interfaces: interfaces, directives: directives, astNode: astNode, extensionASTNodes: extensionNodes))
            }
            return .object(GraphQLObjectType(name: name, description: description, fields: fields, interfaces: interfaces, directives: directives, astNode: astNode, extensionASTNodes: extensionNodes))
        case .union:
            var members: [String] = []
            if case .union(let union)? = base { members = union.memberTypes }
            for case .union(let union) in sameKind { members += union.types.map(\.name.value) }
            return .union(GraphQLUnionType(name: name, description: description, memberTypes: members, directives: directives, astNode: astNode, extensionASTNodes: extensionNodes))
        case .enumType:
            var values: [GraphQLEnumValue] = []
            if case .enumType(let enumType)? = base { values = enumType.values }
            for case .enumType(let enumType) in sameKind {
                for index in enumType.values.indices { values.append(enumValue(enumType.values, index)) }
            }
            return .enumType(GraphQLEnumType(name: name, description: description, values: values, directives: directives, astNode: astNode, extensionASTNodes: extensionNodes))
        case .inputObject:
            var fields: [GraphQLInputValue] = []
            if case .inputObject(let input)? = base { fields = input.fields }
            for case .inputObject(let input) in sameKind {
                for index in input.fields.indices { fields.append(inputValue(input.fields, index, &ignored, &cache)) }
            }
            return .inputObject(GraphQLInputObjectType(name: name, description: description, fields: fields, isOneOf: AppliedDirectiveValues.hasOneOf(directives), directives: directives, astNode: astNode, extensionASTNodes: extensionNodes))
        case .scalar, .list, .nonNull:
            var url: String?
            if case .scalar(let scalar)? = base { url = scalar.specifiedByURL }
            url = url ?? AppliedDirectiveValues.specifiedByURL(directives)
            return .scalar(GraphQLScalarType(name: name, description: description, specifiedByURL: url, directives: directives, astNode: astNode, extensionASTNodes: extensionNodes))
        }
    }

    /// The common case: a definition without extensions, built without intermediate arrays.
    /// Notes the built-in types it refers to in `references`, in `TypeCollector.references(of:)`
    /// order; sets it to nil when a repeated field or argument name makes the definition's order
    /// differ from the model's.
    private static func make(_ definition: TypeDefinition, references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> GraphQLNamedType {
        switch definition {
        case .object(let node):
            let interfaces = names(node.interfaces, &references)
            let type = GraphQLObjectType(name: node.name.value, description: node.description?.value, fields: fields(node.fields, &references, &cache), interfaces: interfaces, directives: node.directives, astNode: definition)
            if type.fields.count != node.fields.count { references = nil }
            return .object(type)
        case .interface(let node):
            let interfaces = names(node.interfaces, &references)
            let type = GraphQLInterfaceType(name: node.name.value, description: node.description?.value, fields: fields(node.fields, &references, &cache), interfaces: interfaces, directives: node.directives, astNode: definition)
            if type.fields.count != node.fields.count { references = nil }
            return .interface(type)
        case .union(let node):
            return .union(GraphQLUnionType(name: node.name.value, description: node.description?.value, memberTypes: names(node.types, &references), directives: node.directives, astNode: definition))
        case .enumType(let node):
            let nodes = node.values
            let values = madeList(nodes.count) { enumValue(nodes, $0) }
            return .enumType(GraphQLEnumType(name: node.name.value, description: node.description?.value, values: values, directives: node.directives, astNode: definition))
        case .inputObject(let node):
            let nodes = node.fields
            let fields = madeList(nodes.count) { inputValue(nodes, $0, &references, &cache) }
            let type = GraphQLInputObjectType(name: node.name.value, description: node.description?.value, fields: fields, isOneOf: AppliedDirectiveValues.hasOneOf(node.directives), directives: node.directives, astNode: definition)
            if type.fields.count != node.fields.count { references = nil }
            return .inputObject(type)
        case .scalar(let node):
            return .scalar(GraphQLScalarType(name: node.name.value, description: node.description?.value, specifiedByURL: AppliedDirectiveValues.specifiedByURL(node.directives), directives: node.directives, astNode: definition))
        }
    }

    private static func fields(_ nodes: [FieldDefinition], _ references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> [GraphQLField] {
        // Indices rather than `for node in nodes`, which would copy every node.
        madeList(nodes.count) { field(nodes, $0, &references, &cache) }
    }

    /// `make(0)`, `make(1)`, ... `make(count - 1)`, written straight into a new array's storage
    /// (`reserveCapacity` and `append` cost a buffer copy and a uniqueness check each).
    @inline(__always)
    private static func madeList<Element>(_ count: Int, _ make: (Int) -> Element) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer.initializeElement(at: index, to: make(index))
                initialized = index + 1
            }
        }
    }

    private static func names(_ nodes: [NamedType], _ references: inout BuiltInReferences?) -> [String] {
        var names: [String] = []
        names.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let name = nodes[index].name.value
            references?.note(name)
            names.append(name)
        }
        return names
    }

    /// The model's type reference for an AST one, noting its named type. `T!`, the most common
    /// wrapped form, comes from `cache` when the same name was seen recently: one shared box
    /// instead of an allocation per field.
    private static func typeRef(_ ast: TypeReference, _ references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> GraphQLTypeRef {
        switch ast {
        case .named(let named):
            let name = named.name.value
            references?.note(name)
            return .named(name)
        case .list(let inner, _): return .list(typeRef(inner, &references, &cache))
        case .nonNull(let inner, _):
            if case .named(let named) = inner {
                let name = named.name.value
                references?.note(name)
                return cache.nonNull(name)
            }
            return .nonNull(typeRef(inner, &references, &cache))
        }
    }

    /// Arguments keyed by name as graphql-js does: a repeated name keeps its first position and
    /// its last definition (UniqueArgumentDefinitionNames reports the repetition).
    static func arguments(_ nodes: [InputValueDefinition], _ references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> [GraphQLInputValue] {
        if nodes.isEmpty { return [] }
        let result = madeList(nodes.count) { inputValue(nodes, $0, &references, &cache) }
        // A repetition is an SDL error: look for one without building a hash table.
        guard NameRepetition.hasRepeatedName(result) else { return result }
        references = nil
        return NameTable(keying: result).elements
    }

    static func kindOf(_ definition: TypeDefinition) -> TypeKind {
        switch definition {
        case .scalar: return .scalar
        case .object: return .object
        case .interface: return .interface
        case .union: return .union
        case .enumType: return .enumType
        case .inputObject: return .inputObject
        }
    }

    /// The field defined by `nodes[index]` (the model shares `nodes` rather than copying the node).
    /// Reads the node's parts in place: `let node = nodes[index]` would retain and release every
    /// reference the node holds.
    static func field(_ nodes: [FieldDefinition], _ index: Int, _ references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> GraphQLField {
        let type = typeRef(nodes[index].type, &references, &cache)
        let arguments = arguments(nodes[index].arguments, &references, &cache)
        return GraphQLField(name: nodes[index].name.value, type: type, arguments: arguments, astNodes: nodes, astIndex: index)
    }

    /// The argument or input field defined by `nodes[index]` (read in place as in `field`).
    static func inputValue(_ nodes: [InputValueDefinition], _ index: Int, _ references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> GraphQLInputValue {
        let type = typeRef(nodes[index].type, &references, &cache)
        return GraphQLInputValue(name: nodes[index].name.value, type: type, defaultValue: nodes[index].defaultValue, astNodes: nodes, astIndex: index)
    }

    /// The enum value defined by `nodes[index]` (read in place as in `field`).
    static func enumValue(_ nodes: [EnumValueDefinition], _ index: Int) -> GraphQLEnumValue {
        GraphQLEnumValue(name: nodes[index].name.value, astNodes: nodes, astIndex: index)
    }

    static func directive(_ node: DirectiveDefinition) -> GraphQLDirective {
        var ignored: BuiltInReferences?
        var cache = NonNullCache()
        return GraphQLDirective(name: node.name.value, description: node.description?.value, arguments: arguments(node.arguments, &ignored, &cache), isRepeatable: node.repeatable, locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) }, astNode: node)
    }
}
