import SQLGenLanguage

/// The spec's type-system validation (graphql-js `validateSchema`): root types, directive
/// definitions, then every named type in schema order (names, fields, interface implementation,
/// union members, enum values, input fields and their default values, `@oneOf`, default values
/// that contain themselves, input objects without a finite value).
///
/// Types that are not defined at all are skipped here: the SDL rule KnownTypeNames reports them.
public enum SchemaValidator {
    public static func validate(_ schema: Schema) -> [GraphQLError] {
        var context = SchemaValidationContext(schema: schema)
        context.validateRootTypes()
        context.validateDirectives()
        context.validateTypes()
        return context.errors
    }
}

/// Collects the errors of one `SchemaValidator.validate` run.
struct SchemaValidationContext {
    let schema: Schema
    var errors: [GraphQLError] = []

    init(schema: Schema) {
        self.schema = schema
    }

    mutating func report(_ message: String, _ ranges: [SourceRange?]) {
        errors.append(GraphQLError(message, ranges: ranges.compactMap { $0 }, rule: "SchemaValidation"))
    }

    /// graphql-js `validateName`: names starting with `__` are reserved for introspection.
    /// The range is only computed for an error (reading an `astNode` copies the node).
    mutating func validateName(_ name: String, _ range: @autoclosure () -> SourceRange?) {
        var bytes = name.utf8.makeIterator()
        if bytes.next() == UInt8(ascii: "_") && bytes.next() == UInt8(ascii: "_") {
            report("Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", [range()])
        }
    }

    // MARK: Root types

    mutating func validateRootTypes() {
        // A root named but not defined is KnownTypeNames' error (graphql-js cannot even build it).
        if schema.queryTypeName == nil {
            report("Query root type must be provided.", [schema.astNode?.range])
        }
        var rootUses: [(name: String, operations: [OperationType])] = []
        for operation in OperationType.allCases {
            guard let name = schema.rootTypeName(for: operation), let type = schema.type(named: name) else { continue }
            guard case .object = type else {
                let operationName = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
                let ifProvided = operation == .query ? "" : " if provided"
                report("\(operationName) root type must be Object type\(ifProvided), it cannot be \(name).", [operationTypeNode(operation)?.range ?? type.astNode?.range])
                continue
            }
            if let index = rootUses.firstIndex(where: { $0.name == name }) {
                rootUses[index].operations.append(operation)
            } else {
                rootUses.append((name, [operation]))
            }
        }
        for use in rootUses where use.operations.count > 1 {
            let list = Self.andList(use.operations.map(\.rawValue))
            report("All root types must be different, \"\(use.name)\" type is used as \(list) root types.", use.operations.map { operationTypeNode($0)?.range })
        }
    }

    private func operationTypeNode(_ operation: OperationType) -> NamedType? {
        for node in [schema.astNode].compactMap({ $0 }) + schema.extensionASTNodes {
            if let found = node.operationTypes.first(where: { $0.operation == operation }) { return found.type }
        }
        return nil
    }

    /// `a`, `a and b`, `a, b, and c`.
    static func andList(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return items[0] + " and " + items[1]
        default: return items.dropLast().joined(separator: ", ") + ", and " + (items.last ?? "")
        }
    }

    // MARK: Directives

    mutating func validateDirectives() {
        for directive in schema.directives {
            validateName(directive.name, directive.astNode?.range)
            if directive.locations.isEmpty && (directive.astNode?.locations.isEmpty ?? true) {
                report("Directive @\(directive.name) must include 1 or more locations.", [directive.astNode?.range])
            }
            for argument in directive.arguments {
                validateInputValue(argument, "argument", "@\(directive.name)(\(argument.name):)", typeErrorAt: \.range)
            }
        }
    }

    /// The checks arguments and input fields share; `coordinate` names the value in messages
    /// (`Type.field(argument:)`). graphql-js reports the wrong type of a directive's argument on
    /// the whole argument, and the others' on their type.
    mutating func validateInputValue(_ value: GraphQLInputValue, _ kind: String, _ coordinate: @autoclosure () -> String,
                                     typeErrorAt typeErrorRange: KeyPath<InputValueDefinition, SourceRange>) {
        validateName(value.name, value.astNode?.range)
        if let type = schema.namedType(of: value.type), !type.isInputType {
            report("The type of \(coordinate()) must be Input Type but got: \(value.type).", [value.astNode?[keyPath: typeErrorRange]])
        }
        if value.isRequired && value.isDeprecated {
            report("Required \(kind) \(coordinate()) cannot be deprecated.", [Self.deprecatedDirective(value.directives)?.range, value.astNode?.type.range])
        }
        validateDefaultValue(value, coordinate())
    }

    static func deprecatedDirective(_ directives: [Directive]) -> Directive? {
        directives.first { $0.name.value == "deprecated" }
    }

    // MARK: Types

    mutating func validateTypes() {
        var inputObjects: [GraphQLInputObjectType] = []
        var defaultCycles = DefaultValueCycleCheck(schema: schema)
        for type in schema.orderedTypes {
            if !type.isIntrospectionType {
                validateName(type.name, type.astNode?.range)
            } else if type.astNode != nil {
                // graphql-js refuses to construct such a schema at all.
                report("Schema must contain uniquely named types but contains multiple types named \"\(type.name)\".", [type.astNode?.range])
            }
            switch type {
            case .object(let object):
                validateFields(object)
                validateInterfaces(object)
            case .interface(let interface):
                validateFields(interface)
                validateInterfaces(interface)
            case .union(let union):
                validateUnionMembers(union)
            case .enumType(let enumType):
                validateEnumValues(enumType)
            case .inputObject(let input):
                validateInputFields(input)
                inputObjects.append(input)
                let before = defaultCycles.results.count
                defaultCycles.check(input)
                for (message, ranges) in defaultCycles.results[before...] { report(message, ranges) }
            case .scalar:
                break
            }
        }
        var finiteValues = FiniteValueCheck(schema: schema, inputObjects: inputObjects)
        for (message, ranges) in finiteValues.run() { report(message, ranges) }
    }

    private static func definitionRanges(_ astNode: TypeDefinition?, _ extensions: [TypeDefinition]) -> [SourceRange?] {
        [astNode?.range] + extensions.map(\.range)
    }

    mutating func validateFields(_ type: any GraphQLTypeWithFields) {
        if type.fields.isEmpty {
            report("Type \(type.name) must define one or more fields.", Self.definitionRanges(type.astNode, type.extensionASTNodes))
        }
        for field in type.fields {
            validateName(field.name, field.astNode?.range)
            if let fieldType = schema.namedType(of: field.type), !fieldType.isOutputType {
                report("The type of \(type.name).\(field.name) must be Output Type but got: \(field.type).", [field.astNode?.type.range])
            }
            for argument in field.arguments {
                validateInputValue(argument, "argument", "\(type.name).\(field.name)(\(argument.name):)", typeErrorAt: \.type.range)
            }
        }
    }

    mutating func validateUnionMembers(_ union: GraphQLUnionType) {
        if union.memberTypes.isEmpty {
            report("Union type \(union.name) must define one or more member types.", Self.definitionRanges(union.astNode, union.extensionASTNodes))
        }
        var included = Set<String>()
        for member in union.memberTypes {
            guard let memberType = schema.type(named: member) else { continue }
            if case .object = memberType {
                if included.contains(member) {
                    report("Union type \(union.name) can only include type \(member) once.", unionMemberRanges(union, member))
                } else {
                    included.insert(member)
                }
            } else {
                report("Union type \(union.name) can only include Object types, it cannot include \(member).", unionMemberRanges(union, member))
            }
        }
    }

    private func unionMemberRanges(_ union: GraphQLUnionType, _ member: String) -> [SourceRange?] {
        ([union.astNode].compactMap { $0 } + union.extensionASTNodes).flatMap { node -> [SourceRange?] in
            guard case .union(let definition) = node else { return [] }
            return definition.types.filter { $0.name.value == member }.map(\.range)
        }
    }

    mutating func validateEnumValues(_ enumType: GraphQLEnumType) {
        if enumType.values.isEmpty {
            report("Enum type \(enumType.name) must define one or more values.", Self.definitionRanges(enumType.astNode, enumType.extensionASTNodes))
        }
        for value in enumType.values {
            validateName(value.name, value.astNode?.range)
        }
    }

    mutating func validateInputFields(_ input: GraphQLInputObjectType) {
        if input.fields.isEmpty {
            report("Input Object type \(input.name) must define one or more fields.", Self.definitionRanges(input.astNode, input.extensionASTNodes))
        }
        for field in input.fields {
            validateInputValue(field, "input field", "\(input.name).\(field.name)", typeErrorAt: \.type.range)
            if input.isOneOf {
                if field.type.isNonNull {
                    report("OneOf input field \(input.name).\(field.name) must be nullable.", [field.astNode?.type.range])
                }
                if field.defaultValue != nil {
                    report("OneOf input field \(input.name).\(field.name) cannot have a default value.", [field.astNode?.range])
                }
            }
        }
    }
}
