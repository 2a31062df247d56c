import SQLGenLanguage

/// Collects the type-system definitions of SDL documents and assembles the schema.
struct SchemaAssembler {
    private let existing: Schema?
    private let includeDeferStream: Bool
    /// The documents collected so far.
    private var documents: [Document] = []
    /// New type names in first-definition order, and where the definition of each is (the last
    /// wins): a position in `documents`, then in its definitions. Positions rather than copies of
    /// the definitions, which would cost a retain per reference they hold.
    private var typeDefinitions = NameTable<Named<(document: Int, definition: Int)>>()
    private var typeExtensions: [String: [TypeDefinition]] = [:]
    private var directiveDefinitions: [DirectiveDefinition] = []
    private var schemaDefinition: SchemaDefinition?
    private var schemaExtensions: [SchemaDefinition] = []

    init(existing: Schema?, includeDeferStream: Bool) {
        self.existing = existing
        self.includeDeferStream = includeDeferStream
    }

    mutating func collect(_ document: Document) {
        documents.append(document)
        let definitions = document.definitions
        // Room for every definition up front: growing the table rehashes every name each time.
        typeDefinitions.reserveCapacity(typeDefinitions.count + definitions.count)
        for index in definitions.indices {
            switch definitions[index] {
            case .type(let type):
                let named = Named(name: type.name.value, value: (document: documents.count - 1, definition: index))
                if let position = typeDefinitions.insert(named) {
                    typeDefinitions.replace(at: position, with: named)
                }
            case .typeExtension(let type):
                typeExtensions[type.name.value, default: []].append(type)
            case .directive(let directive):
                directiveDefinitions.append(directive)
            case .schema(let schema):
                schemaDefinition = schema
            case .schemaExtension(let schema):
                schemaExtensions.append(schema)
            case .operation, .fragment, .directiveExtension:
                // `extend directive` (graphql-core's experimental syntax) only adds applied
                // directives to a directive definition, which the model does not keep.
                continue
            }
        }
    }

    func assemble() -> Schema {
        var types: [GraphQLNamedType] = []
        var references: [BuiltInReferences] = []
        var defined = Set<String>()
        if let existing {
            for name in existing.typeNames where !Introspection.typeNames.contains(name) {
                guard let type = existing.typeMap[name] else { continue }
                // A new definition of an existing name is an SDL error; the existing type wins.
                let extended = TypeFactory.extend(type, with: typeExtensions[name] ?? [])
                types.append(extended)
                references.append(TypeCollector.references(of: extended))
                defined.insert(name)
            }
        }
        types.reserveCapacity(types.count + typeDefinitions.count)
        references.reserveCapacity(types.count + typeDefinitions.count)
        var cache = NonNullCache()
        for entry in typeDefinitions.elements {
            let name = entry.name
            guard case .type(let definition) = documents[entry.value.document].definitions[entry.value.definition] else { continue }
            if existing != nil {
                guard !defined.contains(name) else { continue }
                defined.insert(name)
            }
            if let scalar = BuiltInScalars.scalar(named: name) {
                types.append(.scalar(scalar))
                references.append(BuiltInReferences())
                continue
            }
            let extensions = typeExtensions.isEmpty ? [] : typeExtensions[name] ?? []
            let made = TypeFactory.make(definition, extensions: extensions, cache: &cache)
            types.append(made.type)
            references.append(made.references)
        }
        var directives: [GraphQLDirective] = existing?.directives ?? []
        directives += directiveDefinitions.map(TypeFactory.directive)
        var extras = BuiltInDirectives.specified
        if includeDeferStream { extras += [BuiltInDirectives.defer, BuiltInDirectives.stream] }
        for directive in extras where !directives.contains(where: { $0.name == directive.name }) {
            directives.append(directive)
        }
        // Without an existing schema, `types` are the collected definitions in order: the type
        // map can reuse the hash slots of `typeDefinitions`.
        let indexed = existing == nil && types.count == typeDefinitions.count ? typeDefinitions.reindexed(types) : nil
        return makeSchema(types: types, references: references, indexed: indexed, directives: directives)
    }

    private func makeSchema(types: [GraphQLNamedType], references: [BuiltInReferences], indexed: NameTable<GraphQLNamedType>?, directives: [GraphQLDirective]) -> Schema {
        var roots: [OperationType: String] = [:]
        if let existing {
            for operation in OperationType.allCases {
                roots[operation] = existing.rootTypeName(for: operation)
            }
        }
        let schemaNodes = [schemaDefinition].compactMap { $0 } + schemaExtensions
        for node in schemaNodes {
            for operationType in node.operationTypes {
                roots[operationType.operation] = operationType.type.name.value
            }
        }
        let astNode = existing?.astNode ?? schemaDefinition
        if astNode == nil {
            // graphql-js: without a schema definition, types named Query/Mutation/Subscription are the roots.
            for operation in OperationType.allCases {
                let conventional = Self.conventionalRootName(operation)
                let count = conventional.utf8.count
                let isDefined = indexed.map { $0.contains(conventional) }
                    ?? types.contains(where: { $0.name.utf8.count == count && $0.name == conventional })
                if isDefined { roots[operation] = conventional }
            }
        }
        let applied = (existing?.appliedDirectives ?? []) + schemaNodes.flatMap(\.directives)
        return Schema(
            description: existing?.description ?? schemaDefinition?.description?.value,
            queryTypeName: roots[.query], mutationTypeName: roots[.mutation], subscriptionTypeName: roots[.subscription],
            types: types, builtInReferences: references, indexedTypes: indexed, directives: directives, appliedDirectives: applied,
            astNode: astNode, extensionASTNodes: (existing?.extensionASTNodes ?? []) + schemaExtensions)
    }

    static func conventionalRootName(_ operation: OperationType) -> String {
        switch operation {
        case .query: return "Query"
        case .mutation: return "Mutation"
        case .subscription: return "Subscription"
        }
    }
}
