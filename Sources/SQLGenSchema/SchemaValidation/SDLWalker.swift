import SQLGenLanguage

extension Name: NameKeyed {
    var name: String { value }
}

/// The single traversal behind `SDLValidator`; each `visit...` applies the rules that look at
/// that kind of node, in `specifiedSDLRules` order.
struct SDLWalker {
    let definitions: [Definition]
    let schema: Schema?
    private(set) var errors: [GraphQLError] = []
    /// The documents' directives that lead anywhere (`SDLDirectiveInfo.leadsAnywhere`) applied
    /// where a walk from a directive may arrive (input types, their fields and values, arguments,
    /// directive definitions): NoDirectiveDefinitionCycles builds no graph when there are none.
    var directivesAtInputPositions: Set<String> = []

    /// Type definitions of the documents by name (the position in `definitions` of the last one,
    /// names in first-definition order), for KnownTypeNames and PossibleTypeExtensions.
    var definedTypes = NameTable<Named<Int>>()
    /// Type names defined more than once or extended: the rules that remember names per type
    /// need their tables only for these.
    var revisitedTypes = NameTable<Named<Int>>()
    /// Directive definitions by name (the last definition wins).
    var directiveInfo = NameTable<Named<SDLDirectiveInfo>>()

    // Rule state.
    var schemaDefinitionCount = 0
    var knownTypeNames = NameTable<Name>()
    /// Per type name, the enum values / fields seen so far.
    var knownEnumValues = NameTable<Named<NameTable<Name>>>()
    var knownFieldNames = NameTable<Named<NameTable<Name>>>()
    var knownDirectiveNames: [String: Name] = [:]
    var schemaDirectivesSeen: [String: Directive] = [:]
    var typeDirectivesSeen: [String: [String: Directive]] = [:]

    init(definitions: [Definition], schema: Schema?) {
        self.definitions = definitions
        self.schema = schema
        for directive in schema?.directives ?? BuiltInDirectives.specified {
            defineDirective(directive.name, SDLDirectiveInfo(directive))
        }
        var leadingAnywhere: [String] = []
        for index in definitions.indices {
            switch definitions[index] {
            case .type(let type):
                let entry = Named(name: type.name.value, value: index)
                if let position = definedTypes.insert(entry) {
                    definedTypes.replace(at: position, with: entry)
                    revisitedTypes.insert(entry)
                }
            case .typeExtension(let type):
                revisitedTypes.insert(Named(name: type.name.value, value: index))
            case .directive(let directive):
                defineDirective(directive.name.value, SDLDirectiveInfo(directive))
                if NoDirectiveDefinitionCyclesRule.leadsAnywhere(directive) { leadingAnywhere.append(directive.name.value) }
            case .directiveExtension(let directive):
                leadingAnywhere.append(directive.name.value)
            default:
                break
            }
        }
        for name in leadingAnywhere {
            guard let position = directiveInfo.position(of: name) else {
                // An extension of a directive defined nowhere: no application of it is seen as
                // leading anywhere, so the rule searches the graph.
                directivesAtInputPositions.insert(name)
                continue
            }
            directiveInfo.update(at: position) { $0.value.leadsAnywhere = true }
        }
    }

    mutating func defineDirective(_ name: String, _ info: SDLDirectiveInfo) {
        let entry = Named(name: name, value: info)
        if let position = directiveInfo.insert(entry) { directiveInfo.replace(at: position, with: entry) }
    }

    /// The type definitions' names in first-definition order (for suggestions).
    var definedTypeOrder: [String] { definedTypes.elements.map(\.name) }

    /// The last definition of a type in the documents.
    func definedType(_ name: String) -> TypeDefinition? {
        guard let index = definedTypes[name]?.value, case .type(let type) = definitions[index] else { return nil }
        return type
    }

    mutating func report(_ message: String, _ ranges: [SourceRange], _ rule: String) {
        errors.append(GraphQLError(message, ranges: ranges, rule: rule))
    }

    mutating func run() {
        for index in definitions.indices {
            switch definitions[index] {
            case .schema(let node): visitSchema(node, isExtension: false)
            case .schemaExtension(let node): visitSchema(node, isExtension: true)
            case .type(let node): visitType(node, isExtension: false)
            case .typeExtension(let node): visitType(node, isExtension: true)
            case .directive(let node): visitDirectiveDefinition(node)
            case .directiveExtension(let node):
                uniqueDirectivesHere(node.directives)
                visitDirectives(node.directives, location: "DIRECTIVE_DEFINITION")
            case .operation, .fragment: continue
            }
        }
    }

    // MARK: Schema definitions

    mutating func visitSchema(_ node: SchemaDefinition, isExtension: Bool) {
        if !isExtension { loneSchemaDefinition(node) }
        uniqueOperationTypes(node)
        var seenOnSchema = schemaDirectivesSeen
        uniqueDirectivesPerLocation(node.directives, seen: &seenOnSchema)
        schemaDirectivesSeen = seenOnSchema
        for directive in node.directives { visitDirective(directive, location: "SCHEMA") }
        for operationType in node.operationTypes { knownTypeName(operationType.type) }
    }

    mutating func loneSchemaDefinition(_ node: SchemaDefinition) {
        if let schema, schema.astNode != nil || schema.queryType != nil || schema.mutationType != nil || schema.subscriptionType != nil {
            report("Cannot define a new schema within a schema extension.", [node.range], "LoneSchemaDefinitionRule")
            return
        }
        if schemaDefinitionCount > 0 {
            report("Must provide only one schema definition.", [node.range], "LoneSchemaDefinitionRule")
        }
        schemaDefinitionCount += 1
    }

    var definedOperationTypes: [OperationType: RootOperationTypeDefinition] = [:]

    mutating func uniqueOperationTypes(_ node: SchemaDefinition) {
        for operationType in node.operationTypes {
            let operation = operationType.operation
            if schema?.rootType(for: operation) != nil {
                report("Type for \(operation.rawValue) already defined in the schema. It cannot be redefined.", [operationType.range], "UniqueOperationTypesRule")
            } else if let previous = definedOperationTypes[operation] {
                report("There can be only one \(operation.rawValue) type in schema.", [previous.range, operationType.range], "UniqueOperationTypesRule")
            } else {
                definedOperationTypes[operation] = operationType
            }
        }
    }

    // MARK: Type definitions

    mutating func visitType(_ node: TypeDefinition, isExtension: Bool) {
        let typeName = node.name.value
        if !isExtension { uniqueTypeName(node.name) }
        switch node {
        case .enumType(let enumType):
            let values = enumType.values
            uniqueEnumValueNames(typeName, values.count) { values[$0].name }
        case .object(let object), .interface(let object):
            let fields = object.fields
            uniqueFieldNames(typeName, fields.count) { fields[$0].name }
            for index in fields.indices where fields[index].arguments.count > 1 {
                uniqueArgumentDefinitionNames("\(typeName).\(fields[index].name.value)", fields[index].arguments)
            }
        case .inputObject(let input):
            let fields = input.fields
            uniqueFieldNames(typeName, fields.count) { fields[$0].name }
        default:
            break
        }
        let directives = node.directives
        if !directives.isEmpty {
            var seenOnType = typeDirectivesSeen[typeName] ?? [:]
            uniqueDirectivesPerLocation(directives, seen: &seenOnType)
            typeDirectivesSeen[typeName] = seenOnType
        }
        if isExtension { possibleTypeExtension(node) }

        switch node {
        case .scalar(let scalar):
            visitDirectives(scalar.directives, location: "SCALAR")
        case .object(let object):
            for index in object.interfaces.indices { knownTypeName(object.interfaces[index]) }
            visitDirectives(object.directives, location: "OBJECT")
            for index in object.fields.indices { visitField(object.fields[index]) }
        case .interface(let interface):
            for index in interface.interfaces.indices { knownTypeName(interface.interfaces[index]) }
            visitDirectives(interface.directives, location: "INTERFACE")
            for index in interface.fields.indices { visitField(interface.fields[index]) }
        case .union(let union):
            visitDirectives(union.directives, location: "UNION")
            for index in union.types.indices { knownTypeName(union.types[index]) }
        case .enumType(let enumType):
            visitDirectives(enumType.directives, location: "ENUM")
            for value in enumType.values where !value.directives.isEmpty {
                uniqueDirectivesHere(value.directives)
                visitDirectives(value.directives, location: "ENUM_VALUE")
            }
        case .inputObject(let input):
            visitDirectives(input.directives, location: "INPUT_OBJECT")
            for index in input.fields.indices { visitInputValue(input.fields[index], location: "INPUT_FIELD_DEFINITION") }
        }
    }

    mutating func visitField(_ field: FieldDefinition) {
        if !field.directives.isEmpty {
            uniqueDirectivesHere(field.directives)
        }
        for index in field.arguments.indices { visitInputValue(field.arguments[index], location: "ARGUMENT_DEFINITION") }
        knownTypeName(field.type)
        visitDirectives(field.directives, location: "FIELD_DEFINITION")
    }

    mutating func visitInputValue(_ value: InputValueDefinition, location: String) {
        if !value.directives.isEmpty {
            uniqueDirectivesHere(value.directives)
        }
        knownTypeName(value.type)
        if let defaultValue = value.defaultValue { visitValue(defaultValue) }
        visitDirectives(value.directives, location: location)
    }

    mutating func uniqueTypeName(_ name: Name) {
        let typeName = name.value
        if schema?.type(named: typeName) != nil {
            report("Type \"\(typeName)\" already exists in the schema. It cannot also be defined in this type definition.", [name.range], "UniqueTypeNamesRule")
        } else if let previous = knownTypeNames.insert(name) {
            report("There can be only one type named \"\(typeName)\".", [knownTypeNames.elements[previous].range, name.range], "UniqueTypeNamesRule")
        }
    }

    /// Whether the rules may meet this type name again (a repeated definition or an extension),
    /// so the names seen in it have to be remembered.
    func mayRevisit(_ typeName: String) -> Bool {
        schema != nil || revisitedTypes.contains(typeName)
    }

    mutating func uniqueEnumValueNames(_ typeName: String, _ count: Int, _ nameAt: (Int) -> Name) {
        // A type met once only needs its own names compared, and has no error without a repetition.
        if !mayRevisit(typeName) && !NameRepetition.hasRepeatedName(count, { nameAt($0).value }) { return }
        let existing = schema?.enumType(named: typeName)
        var known = Self.take(typeName, from: &knownEnumValues)
        for index in 0..<count {
            let name = nameAt(index)
            if let existing, existing.value(named: name.value) != nil {
                report("Enum value \"\(typeName).\(name.value)\" already exists in the schema. It cannot also be defined in this type extension.", [name.range], "UniqueEnumValueNamesRule")
            } else if let previous = known.table.insert(name) {
                report("Enum value \"\(typeName).\(name.value)\" can only be defined once.", [known.table.elements[previous].range, name.range], "UniqueEnumValueNamesRule")
            }
        }
        knownEnumValues.update(at: known.position) { $0.value = known.table }
    }

    mutating func uniqueFieldNames(_ typeName: String, _ count: Int, _ nameAt: (Int) -> Name) {
        if !mayRevisit(typeName) && !NameRepetition.hasRepeatedName(count, { nameAt($0).value }) { return }
        var known = Self.take(typeName, from: &knownFieldNames)
        for index in 0..<count {
            let name = nameAt(index)
            let fieldName = name.value
            if schema != nil && existingTypeHasField(typeName, fieldName) {
                report("Field \"\(typeName).\(fieldName)\" already exists in the schema. It cannot also be defined in this type extension.", [name.range], "UniqueFieldDefinitionNamesRule")
            } else if let previous = known.table.insert(name) {
                report("Field \"\(typeName).\(fieldName)\" can only be defined once.", [known.table.elements[previous].range, name.range], "UniqueFieldDefinitionNamesRule")
            }
        }
        knownFieldNames.update(at: known.position) { $0.value = known.table }
    }

    /// The names seen so far for a type, moved out of `tables` (so they can grow without a copy)
    /// with the position to put them back at.
    static func take(_ typeName: String, from tables: inout NameTable<Named<NameTable<Name>>>) -> (position: Int, table: NameTable<Name>) {
        guard let position = tables.insert(Named(name: typeName, value: NameTable())) else {
            return (tables.count - 1, NameTable())
        }
        var table = NameTable<Name>()
        tables.update(at: position) { swap(&$0.value, &table) }
        return (position, table)
    }

    func existingTypeHasField(_ typeName: String, _ fieldName: String) -> Bool {
        switch schema?.type(named: typeName) {
        case .object(let object)?: return object.field(named: fieldName) != nil
        case .interface(let interface)?: return interface.field(named: fieldName) != nil
        case .inputObject(let input)?: return input.field(named: fieldName) != nil
        default: return false
        }
    }

    mutating func uniqueArgumentDefinitionNames(_ parentName: @autoclosure () -> String, _ arguments: [InputValueDefinition]) {
        guard NameRepetition.hasRepeatedName(arguments.count, { arguments[$0].name.value }) else { return }
        let parentName = parentName()
        for (argumentName, names) in Self.groupedByName(arguments.map(\.name)) where names.count > 1 {
            report("Argument \"\(parentName)(\(argumentName):)\" can only be defined once.", names.map(\.range), "UniqueArgumentDefinitionNamesRule")
        }
    }

    mutating func possibleTypeExtension(_ node: TypeDefinition) {
        let typeName = node.name.value
        let extensionKind = TypeFactory.kindOf(node)
        let definition = definedType(typeName)
        let expectedKind: TypeKind? = definition.map(TypeFactory.kindOf) ?? schema?.type(named: typeName)?.kind
        if let expectedKind {
            if expectedKind != extensionKind {
                let ranges = definition.map { [$0.range, node.range] } ?? [node.range]
                report("Cannot extend non-\(Self.kindName(extensionKind)) type \"\(typeName)\".", ranges, "PossibleTypeExtensionsRule")
            }
        } else {
            let allNames = (schema?.typeNames ?? []) + definedTypeOrder
            let suggestions = Suggestions.list(typeName, options: allNames)
            report("Cannot extend type \"\(typeName)\" because it is not defined." + Suggestions.didYouMean(suggestions), [node.name.range], "PossibleTypeExtensionsRule")
        }
    }

    static func kindName(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: return "scalar"
        case .object: return "object"
        case .interface: return "interface"
        case .union: return "union"
        case .enumType: return "enum"
        case .inputObject: return "input object"
        case .list: return "list"
        case .nonNull: return "non-null"
        }
    }

    // MARK: Directive definitions

    mutating func visitDirectiveDefinition(_ node: DirectiveDefinition) {
        uniqueArgumentDefinitionNames("@\(node.name.value)", node.arguments)
        uniqueDirectiveName(node.name)
        uniqueDirectivesHere(node.directives)
        node.arguments.forEach { visitInputValue($0, location: "ARGUMENT_DEFINITION") }
        visitDirectives(node.directives, location: "DIRECTIVE_DEFINITION")
    }

    mutating func uniqueDirectiveName(_ name: Name) {
        let directiveName = name.value
        if schema?.directive(named: directiveName) != nil {
            report("Directive \"@\(directiveName)\" already exists in the schema. It cannot be redefined.", [name.range], "UniqueDirectiveNamesRule")
        } else if let previous = knownDirectiveNames[directiveName] {
            report("There can be only one directive named \"@\(directiveName)\".", [previous.range, name.range], "UniqueDirectiveNamesRule")
        } else {
            knownDirectiveNames[directiveName] = name
        }
    }
}
