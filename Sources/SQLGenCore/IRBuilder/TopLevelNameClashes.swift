import SQLGenLanguage
import SQLGenSchema

/// Names the generated package would declare twice at its top level: an operation's class, a
/// table's key struct or the connector's class, and an enum or input object of the schema with the
/// same Swift name. Names that Swift and SQLConnect use are avoided by `SwiftNaming.schemaTypeName`;
/// these depend on the connector, so they are reported where the names are chosen.
enum TopLevelNameClashes {
    static func find(in documents: [Document], schema: Schema, tableKeys: TableKeys, connectorClass: String) -> [GraphQLError] {
        var errors: [GraphQLError] = []
        // Few schemas name a type like an operation's class: most runs look at no operation.
        let suspects = Set(schema.typeNames.filter { ($0.hasSuffix("Query") || $0.hasSuffix("Mutation")) && schemaType(spelled: $0, schema: schema, tableKeys: tableKeys) != nil })
        for document in documents where !suspects.isEmpty {
            for case .operation(let operation) in document.definitions {
                guard let name = operation.name, let kind = kind(of: operation) else { continue }
                let className = SwiftNaming.operationTypeName(name.value, kind: kind)
                if suspects.contains(className), let type = schema.type(named: className) {
                    errors.append(GraphQLError("The \(kind.rawValue) \"\(name.value)\" and the schema's \(describe(type)) would both be the Swift type "
                                               + "\"\(className)\": rename the \(kind.rawValue).", ranges: [name.range] + range(of: type)))
                }
            }
        }
        let claims = tableKeys.tableNames.map { ($0 + "Key", "the key struct of the table \"\($0)\"") } + [(connectorClass, "the connector's class")]
        for (swiftName, owner) in claims {
            guard let type = schemaType(spelled: swiftName, schema: schema, tableKeys: tableKeys) else { continue }
            errors.append(GraphQLError("The schema's \(describe(type)) and \(owner) would both be the Swift type \"\(swiftName)\": rename the type.",
                                       ranges: range(of: type)))
        }
        // `enum Task` is `Task_` in Swift: a schema type already named `Task_` would be too.
        for name in schema.typeNames where name.hasSuffix("_") {
            let base = String(name.dropLast())
            guard SwiftNaming.schemaTypeName(base) == name, let type = emittable(schema.type(named: name), tableKeys),
                  let renamed = emittable(schema.type(named: base), tableKeys) else { continue }
            errors.append(GraphQLError("The schema's \(describe(type)) and its \(describe(renamed)), which Swift spells \"\(name)\" since Swift has a "
                                       + "\"\(base)\", would both be the Swift type \"\(name)\": rename one of them.", ranges: range(of: type)))
        }
        return errors
    }

    private static func kind(of operation: OperationDefinition) -> OperationIR.Kind? {
        switch operation.operation {
        case .query: return .query
        case .mutation: return .mutation
        case .subscription: return nil
        }
    }

    /// The enum or input object (other than a table's key input) whose Swift name is `swiftName`.
    private static func schemaType(spelled swiftName: String, schema: Schema, tableKeys: TableKeys) -> GraphQLNamedType? {
        let graphQLName = swiftName.hasSuffix("_") && SwiftNaming.schemaTypeName(String(swiftName.dropLast())) == swiftName ? String(swiftName.dropLast()) : swiftName
        guard SwiftNaming.schemaTypeName(graphQLName) == swiftName else { return nil }
        return emittable(schema.type(named: graphQLName), tableKeys)
    }

    /// `type` when the SDK declares it at its top level: an enum, or an input object other than a table's key.
    private static func emittable(_ type: GraphQLNamedType?, _ tableKeys: TableKeys) -> GraphQLNamedType? {
        guard let type, tableKeys.table(forKeyTypeNamed: type.name) == nil else { return nil }
        switch type {
        case .enumType, .inputObject: return type
        default: return nil
        }
    }

    private static func describe(_ type: GraphQLNamedType) -> String {
        if case .enumType = type { return "enum \"\(type.name)\"" }
        return "input \"\(type.name)\""
    }

    private static func range(of type: GraphQLNamedType) -> [SourceRange] {
        type.astNode.map { [$0.name.range] } ?? []
    }
}
