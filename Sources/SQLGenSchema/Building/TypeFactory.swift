import SQLGenLanguage

/// Makes model types from AST definitions, and extends model types with `extend` definitions.
enum TypeFactory {
    /// A named type from its definition and extensions (extensions of another kind are ignored:
    /// `PossibleTypeExtensions` reports them).
    /// Also returns the built-in types it refers to, for `TypeCollector`: noted while making a
    /// plain definition, found by walking the made type otherwise.
    static func make(_ definition: consuming TypeDefinition, extensions: [TypeDefinition], cache: inout NonNullCache) -> (type: GraphQLNamedType, references: BuiltInReferences) {
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
        let merged = Merged(base: base, definition: definition, extensions: extensions)
        switch merged.kind {
        case .object, .interface: return mergedObject(merged, base: base, &cache)
        case .union: return mergedUnion(merged, base: base)
        case .enumType: return mergedEnum(merged, base: base)
        case .inputObject: return mergedInputObject(merged, base: base, &cache)
        case .scalar, .list, .nonNull: return mergedScalar(merged, base: base)
        }
    }

    /// What a type and its extensions share, whatever its kind: the definition's name,
    /// description and node, every directive, and the definitions of the type's own kind.
    private struct Merged {
        let name: String
        let description: String?
        let astNode: TypeDefinition?
        let directives: [Directive]
        let extensionNodes: [TypeDefinition]
        let kind: TypeKind
        let sameKind: [TypeDefinition]

        init(base: GraphQLNamedType?, definition: TypeDefinition?, extensions: [TypeDefinition]) {
            var nodes: [TypeDefinition] = []
            nodes.reserveCapacity(extensions.count + 1)
            if let definition { nodes.append(definition) }
            nodes += extensions
            name = base?.name ?? definition?.name.value ?? ""
            description = base?.description ?? definition?.description?.value
            astNode = base?.astNode ?? definition
            var directives = base?.directives ?? []
            for node in nodes { directives += node.directives }
            self.directives = directives
            extensionNodes = (base?.extensionASTNodes ?? []) + extensions
            let kind = base?.kind ?? definition.map(kindOf) ?? .scalar
            self.kind = kind
            sameKind = nodes.filter { kindOf($0) == kind }
        }
    }

    private static func mergedObject(_ merged: Merged, base: GraphQLNamedType?, _ cache: inout NonNullCache) -> GraphQLNamedType {
        var ignored: BuiltInReferences?
        var fields = base?.fields ?? []
        var interfaces: [String] = []
        if case .object(let object)? = base { interfaces = object.interfaces }
        if case .interface(let interface)? = base { interfaces = interface.interfaces }
        for node in merged.sameKind {
            switch node {
            case .object(let object), .interface(let object):
                fields += fieldStorage(object.fields, &ignored, &cache)?.storage.makeElements() ?? []
                interfaces += object.interfaces.map(\.name.value)
            default:
                break
            }
        }
        let (name, description, directives, astNode, extensions) = (merged.name, merged.description, merged.directives, merged.astNode, merged.extensionNodes)
        if merged.kind == .interface {
            return .interface(GraphQLInterfaceType(name: name, description: description, fields: fields, interfaces: interfaces, directives: directives, astNode: astNode, extensionASTNodes: extensions))
        }
        return .object(GraphQLObjectType(name: name, description: description, fields: fields, interfaces: interfaces, directives: directives, astNode: astNode, extensionASTNodes: extensions))
    }

    private static func mergedUnion(_ merged: Merged, base: GraphQLNamedType?) -> GraphQLNamedType {
        var members: [String] = []
        if case .union(let union)? = base { members = union.memberTypes }
        for case .union(let union) in merged.sameKind { members += union.types.map(\.name.value) }
        return .union(GraphQLUnionType(name: merged.name, description: merged.description, memberTypes: members, directives: merged.directives,
                                       astNode: merged.astNode, extensionASTNodes: merged.extensionNodes))
    }

    private static func mergedEnum(_ merged: Merged, base: GraphQLNamedType?) -> GraphQLNamedType {
        var values: [GraphQLEnumValue] = []
        if case .enumType(let enumType)? = base { values = enumType.values }
        for case .enumType(let enumType) in merged.sameKind {
            values += enumValueStorage(enumType.values)?.storage.makeElements() ?? []
        }
        return .enumType(GraphQLEnumType(name: merged.name, description: merged.description, values: values, directives: merged.directives,
                                         astNode: merged.astNode, extensionASTNodes: merged.extensionNodes))
    }

    private static func mergedInputObject(_ merged: Merged, base: GraphQLNamedType?, _ cache: inout NonNullCache) -> GraphQLNamedType {
        var ignored: BuiltInReferences?
        var fields: [GraphQLInputValue] = []
        if case .inputObject(let input)? = base { fields = input.fields }
        for case .inputObject(let input) in merged.sameKind {
            fields += inputValueStorage(input.fields, &ignored, &cache)?.storage.makeElements() ?? []
        }
        return .inputObject(GraphQLInputObjectType(name: merged.name, description: merged.description, fields: fields,
                                                   isOneOf: AppliedDirectiveValues.hasOneOf(merged.directives), directives: merged.directives,
                                                   astNode: merged.astNode, extensionASTNodes: merged.extensionNodes))
    }

    private static func mergedScalar(_ merged: Merged, base: GraphQLNamedType?) -> GraphQLNamedType {
        var url: String?
        if case .scalar(let scalar)? = base { url = scalar.specifiedByURL }
        url = url ?? AppliedDirectiveValues.specifiedByURL(merged.directives)
        return .scalar(GraphQLScalarType(name: merged.name, description: merged.description, specifiedByURL: url, directives: merged.directives,
                                         astNode: merged.astNode, extensionASTNodes: merged.extensionNodes))
    }

    /// The common case: a definition without extensions, built without intermediate arrays.
    /// Notes the built-in types it refers to in `references`, in `TypeCollector.references(of:)`
    /// order; sets it to nil when a repeated field or argument name makes the definition's order
    /// differ from the model's.
    /// `definition` is consumed: the made type keeps it as its `astNode` (a copy would retain
    /// every reference it holds).
    private static func make(_ definition: consuming TypeDefinition, references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> GraphQLNamedType {
        switch definition {
        case .object(let node):
            let interfaces = names(node.interfaces, &references)
            return .object(GraphQLObjectType(name: node.name.value, description: node.description?.value, table: table(fieldStorage(node.fields, &references, &cache), &references),
                                             interfaces: interfaces, directives: node.directives, astNode: definition, extensionASTNodes: []))
        case .interface(let node):
            let interfaces = names(node.interfaces, &references)
            return .interface(GraphQLInterfaceType(name: node.name.value, description: node.description?.value, table: table(fieldStorage(node.fields, &references, &cache), &references),
                                                   interfaces: interfaces, directives: node.directives, astNode: definition, extensionASTNodes: []))
        case .union(let node):
            return .union(GraphQLUnionType(name: node.name.value, description: node.description?.value, memberTypes: names(node.types, &references), directives: node.directives, astNode: definition))
        case .enumType(let node):
            var ignored: BuiltInReferences?
            return .enumType(GraphQLEnumType(name: node.name.value, description: node.description?.value, table: table(enumValueStorage(node.values), &ignored),
                                             directives: node.directives, astNode: definition, extensionASTNodes: []))
        case .inputObject(let node):
            return .inputObject(GraphQLInputObjectType(name: node.name.value, description: node.description?.value, table: table(inputValueStorage(node.fields, &references, &cache), &references),
                                                       isOneOf: AppliedDirectiveValues.hasOneOf(node.directives), directives: node.directives, astNode: definition, extensionASTNodes: []))
        case .scalar(let node):
            return .scalar(GraphQLScalarType(name: node.name.value, description: node.description?.value, specifiedByURL: AppliedDirectiveValues.specifiedByURL(node.directives), directives: node.directives, astNode: definition))
        }
    }

    /// The table of a type's fields or values made: their storage itself when their names are
    /// distinct; otherwise the model values keyed as graphql-js keys them, and `references` set
    /// to nil (the model's order differs from the definitions').
    private static func table<Storage: ElementSource>(_ made: Made<Storage>?, _ references: inout BuiltInReferences?) -> LazyNameTable<Storage> {
        guard let made else { return LazyNameTable(keying: []) }
        if made.namesAreDistinct { return LazyNameTable(distinct: made.storage) }
        references = nil
        return LazyNameTable(keying: made.storage.makeElements())
    }

    /// The storage of a list of definitions, and whether their names are distinct.
    struct Made<Storage> {
        let storage: Storage
        let namesAreDistinct: Bool
    }

    /// Makes the storage of `nodes` with `makeStorage`, which also writes each name's
    /// fingerprint into the keys (taken as its record is made, while the name's bytes are in the
    /// cache), and checks with them that the names are distinct (see `NameRepetition`). The nodes' parts are read in place through the
    /// buffer: `let node = nodes[index]`, or even `nodes[index].type`, would retain and release
    /// what they hold.
    private static func made<Node: DescribedDefinition, Storage>(_ nodes: [Node], _ makeStorage: (UnsafeBufferPointer<Node>, UnsafeMutableBufferPointer<UInt32>) -> Storage) -> Made<Storage>? {
        if nodes.isEmpty { return nil }
        return nodes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: buffer.count) { keys in
                let storage = makeStorage(buffer, keys)
                let repeated = NameRepetition.hasRepeatedName(keys: UnsafeBufferPointer(keys), equal: { buffer[$0].name.value == buffer[$1].name.value })
                    ?? NameRepetition.hasRepeatedName(hashedKeysOf: buffer.count) { buffer[$0].name.value }
                return Made(storage: storage, namesAreDistinct: !repeated)
            }
        }
    }

    /// The fields defined by `nodes`, in one `FieldStorage` (nil when there are none).
    private static func fieldStorage(_ nodes: [FieldDefinition], _ references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> Made<FieldStorage>? {
        made(nodes) { buffer, keys in
            FieldStorage.makeDefinitions(count: buffer.count, nodes: nodes) { index in
                let name = buffer[index].name.value
                keys.initializeElement(at: index, to: nameFingerprint(name))
                return FieldRecord(name: name, type: typeRef(buffer[index].type, &references, &cache), arguments: arguments(buffer[index].arguments, &references, &cache))
            }
        }
    }

    /// The arguments or input fields defined by `nodes`, in one `InputValueStorage` (nil when
    /// there are none).
    private static func inputValueStorage(_ nodes: [InputValueDefinition], _ references: inout BuiltInReferences?, _ cache: inout NonNullCache) -> Made<InputValueStorage>? {
        made(nodes) { buffer, keys in
            InputValueStorage.makeDefinitions(count: buffer.count, nodes: nodes) { index in
                let name = buffer[index].name.value
                keys.initializeElement(at: index, to: nameFingerprint(name))
                return InputValueRecord(name: name, type: typeRef(buffer[index].type, &references, &cache), defaultValue: buffer[index].defaultValue)
            }
        }
    }

    /// The enum values defined by `nodes`, in one `EnumValueStorage` (nil when there are none).
    private static func enumValueStorage(_ nodes: [EnumValueDefinition]) -> Made<EnumValueStorage>? {
        made(nodes) { buffer, keys in
            EnumValueStorage.makeDefinitions(count: buffer.count, nodes: nodes) { index in
                let name = buffer[index].name.value
                keys.initializeElement(at: index, to: nameFingerprint(name))
                return name
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
        guard let made = inputValueStorage(nodes, &references, &cache) else { return [] }
        let result = made.storage.makeElements()
        // A repetition is an SDL error (found without building a hash table).
        if made.namesAreDistinct { return result }
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

    static func directive(_ node: DirectiveDefinition) -> GraphQLDirective {
        var ignored: BuiltInReferences?
        var cache = NonNullCache()
        return GraphQLDirective(name: node.name.value, description: node.description?.value, arguments: arguments(node.arguments, &ignored, &cache), isRepeatable: node.repeatable, locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) }, astNode: node)
    }
}
