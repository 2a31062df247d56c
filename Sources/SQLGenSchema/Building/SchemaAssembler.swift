import SQLGenLanguage

/// Collects the type-system definitions of SDL documents and assembles the schema.
struct SchemaAssembler {
    private let existing: Schema?
    private let includeDeferStream: Bool
    /// New type names in first-definition order, and the definition of each (the last wins).
    private var typeDefinitions = NameTable<Named<TypeDefinition>>()
    private var typeExtensions: [String: [TypeDefinition]] = [:]
    private var directiveDefinitions: [DirectiveDefinition] = []
    private var schemaDefinition: SchemaDefinition?
    private var schemaExtensions: [SchemaDefinition] = []

    init(existing: Schema?, includeDeferStream: Bool) {
        self.existing = existing
        self.includeDeferStream = includeDeferStream
    }

    mutating func collect(_ document: Document) {
        let definitions = document.definitions
        for index in definitions.indices {
            switch definitions[index] {
            case .type(let type):
                let named = Named(name: type.name.value, value: type)
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
        var defined = Set<String>()
        if let existing {
            for name in existing.typeNames where !Introspection.typeNames.contains(name) {
                guard let type = existing.typeMap[name] else { continue }
                // A new definition of an existing name is an SDL error; the existing type wins.
                types.append(TypeFactory.extend(type, with: typeExtensions[name] ?? []))
                defined.insert(name)
            }
        }
        types.reserveCapacity(types.count + typeDefinitions.count)
        for entry in typeDefinitions.elements {
            let name = entry.name
            let definition = entry.value
            if existing != nil {
                guard !defined.contains(name) else { continue }
                defined.insert(name)
            }
            if let scalar = BuiltInScalars.scalar(named: name) {
                types.append(.scalar(scalar))
                continue
            }
            let extensions = typeExtensions.isEmpty ? [] : typeExtensions[name] ?? []
            types.append(TypeFactory.make(definition, extensions: extensions))
        }
        var directives: [GraphQLDirective] = existing?.directives ?? []
        directives += directiveDefinitions.map(TypeFactory.directive)
        var extras = BuiltInDirectives.specified
        if includeDeferStream { extras += [BuiltInDirectives.defer, BuiltInDirectives.stream] }
        for directive in extras where !directives.contains(where: { $0.name == directive.name }) {
            directives.append(directive)
        }
        return makeSchema(types: types, directives: directives)
    }

    private func makeSchema(types: [GraphQLNamedType], directives: [GraphQLDirective]) -> Schema {
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
                if types.contains(where: { $0.name.utf8.count == count && $0.name == conventional }) {
                    roots[operation] = conventional
                }
            }
        }
        let applied = (existing?.appliedDirectives ?? []) + schemaNodes.flatMap(\.directives)
        return Schema(
            description: existing?.description ?? schemaDefinition?.description?.value,
            queryTypeName: roots[.query], mutationTypeName: roots[.mutation], subscriptionTypeName: roots[.subscription],
            types: types, directives: directives, appliedDirectives: applied,
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
