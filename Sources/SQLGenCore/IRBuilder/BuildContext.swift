import SQLGenLanguage
import SQLGenSchema

/// The state of one IR build: the enums and input objects met so far, and the fragments.
struct BuildContext {
    let schema: Schema
    let scalars: SwiftScalarTypes
    let tableKeys: TableKeys
    let fragments: [String: FragmentDefinition]
    private(set) var enums: [String: EnumIR] = [:]
    private(set) var inputObjects: [String: InputObjectIR] = [:]
    /// Input objects registered whose fields are not resolved yet (`registerInputObject`).
    private var pendingInputObjects: [GraphQLInputObjectType] = []
    private var isResolvingInputObjects = false
    /// When the server may leave out a `__typename` the operation does not select (AEM), the
    /// implicit `__typename` of abstract selections is optional and the type is inferred.
    var typeNameMayBeAbsent = false
    /// Data Connect never sends a null list element, and Firebase's SDKs type `tags: [String]` as
    /// `[String]?`: apps write `tags?.joined()`. Other servers may send nulls, so they keep `[String?]?`.
    var listElementsAreNonOptional = false

    init(schema: Schema, scalars: SwiftScalarTypes, tableKeys: TableKeys, fragments: [String: FragmentDefinition]) {
        self.schema = schema
        self.scalars = scalars
        self.tableKeys = tableKeys
        self.fragments = fragments
    }

    mutating func operation(_ operation: OperationDefinition, name: String, persistedName: String) -> OperationIR {
        let variables = operation.variableDefinitions.map { definition -> VariableIR in
            let ref = GraphQLTypeRef(definition.type)
            return VariableIR(name: definition.variable.name.value, type: inputType(ref), isRequired: ref.isNonNull && definition.defaultValue == nil)
        }
        let rootName = schema.rootTypeName(for: operation.operation) ?? "Query"
        let data = selection(structName: "Data", typeName: rootName, selectionSets: [operation.selectionSet])
        return OperationIR(
            name: name, persistedName: persistedName,
            kind: operation.operation == .mutation ? .mutation : .query,
            variables: variables, data: data,
            document: documentText(operation),
            documentation: lines(operation.description?.value))
    }

    /// The operation with every fragment it uses (transitively), printed canonically, without
    /// descriptions.
    func documentText(_ operation: OperationDefinition) -> String {
        var used: [String] = []
        var seen: Set<String> = []
        var pending = [operation.selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    if let sub = field.selectionSet { pending.append(sub) }
                case .inlineFragment(let inline):
                    pending.append(inline.selectionSet)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    if seen.insert(name).inserted, let fragment = fragments[name] {
                        used.append(name)
                        pending.append(fragment.selectionSet)
                    }
                }
            }
        }
        // Descriptions stay out of what is sent (and of any hash of it): servers before the
        // September 2025 spec, graphql-js 16 among them, reject them on operations.
        var sent = operation
        sent.description = nil
        let definitions = [Definition.operation(sent)] + used.sorted().compactMap { name in
            fragments[name].map { fragment in
                var plain = fragment
                plain.description = nil
                return Definition.fragment(plain)
            }
        }
        return Printer.print(Document(definitions: definitions))
    }

    // MARK: - Types

    /// The IR type of a variable or input field.
    mutating func inputType(_ ref: GraphQLTypeRef) -> TypeIR {
        switch ref {
        case .nonNull(let inner): return nonNullInputType(inner)
        default: return .optional(nonNullInputType(ref))
        }
    }

    private mutating func nonNullInputType(_ ref: GraphQLTypeRef) -> TypeIR {
        switch ref {
        case .nonNull(let inner): return nonNullInputType(inner)
        case .list(let inner): return .list(listElement(inputType(inner)))
        case .named(let name):
            return namedType(name) { context, type in
                guard case .inputObject(let inputObject) = type else { return nil }
                context.registerInputObject(inputObject)
                return .inputObject(name)
            }
        }
    }

    /// A named type's IR, for inputs and results alike: a table's key, an enum (registered), what
    /// `composite` makes of an input object or a selection, or else a scalar.
    private mutating func namedType(_ name: String, composite: (inout BuildContext, GraphQLNamedType) -> TypeIR?) -> TypeIR {
        if let table = tableKeys.table(forKeyTypeNamed: name) { return .key(table: table) }
        let type = schema.type(named: name)
        if case .enumType(let enumType)? = type {
            registerEnum(enumType)
            return .enumeration(name)
        }
        if let type, let composite = composite(&self, type) { return composite }
        return .scalar(graphQLName: name, swiftType: scalars.swiftType(for: name))
    }

    private func listElement(_ element: TypeIR) -> TypeIR {
        listElementsAreNonOptional ? element.nonOptional : element
    }

    private mutating func registerEnum(_ type: GraphQLEnumType) {
        guard enums[type.name] == nil else { return }
        enums[type.name] = EnumIR(name: type.name, values: type.values.map(\.name), documentation: lines(type.description))
    }

    /// Registers an input object and, from a work list rather than by recursion (a chain of input
    /// objects is as long as the schema), every input object its fields reach.
    private mutating func registerInputObject(_ type: GraphQLInputObjectType) {
        guard inputObjects[type.name] == nil else { return }
        // Registered before its fields so recursive inputs (`_and: [Movie_Filter!]`) terminate.
        inputObjects[type.name] = InputObjectIR(name: type.name, fields: [])
        pendingInputObjects.append(type)
        guard !isResolvingInputObjects else { return }
        isResolvingInputObjects = true
        while let next = pendingInputObjects.popLast() {
            let fields = next.fields.map { field in
                VariableIR(name: field.name, type: inputType(field.type), isRequired: field.type.isNonNull && field.defaultValue == nil)
            }
            inputObjects[next.name] = InputObjectIR(name: next.name, fields: fields, documentation: lines(next.description))
        }
        isResolvingInputObjects = false
    }

    /// The IR type of a result field whose selections are `selectionSets`.
    mutating func outputType(_ ref: GraphQLTypeRef, structName: String, selectionSets: [SelectionSet]) -> TypeIR {
        switch ref {
        case .nonNull(let inner): return nonNullOutputType(inner, structName: structName, selectionSets: selectionSets)
        default: return .optional(nonNullOutputType(ref, structName: structName, selectionSets: selectionSets))
        }
    }

    private mutating func nonNullOutputType(_ ref: GraphQLTypeRef, structName: String, selectionSets: [SelectionSet]) -> TypeIR {
        switch ref {
        case .nonNull(let inner): return nonNullOutputType(inner, structName: structName, selectionSets: selectionSets)
        case .list(let inner): return .list(listElement(outputType(inner, structName: structName, selectionSets: selectionSets)))
        case .named(let name):
            return namedType(name) { context, type in
                switch type {
                case .object, .interface, .union:
                    return .selection(context.selection(structName: structName, typeName: name, selectionSets: selectionSets))
                default:
                    return nil
                }
            }
        }
    }

    /// The lines of a description. Split on UTF-8 bytes: splitting on `Character`s does grapheme
    /// breaking, which made this a tenth of generation time on the GitHub schema's descriptions
    /// (and never split `\r\n`, one grapheme). A `\r` before the `\n` is dropped.
    func lines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        // Most descriptions are one line: kept as they are, not copied line by line.
        if !text.containsUTF8(UInt8(ascii: "\n")) {
            return [text.utf8.last == UInt8(ascii: "\r") ? String(decoding: text.utf8.dropLast(), as: UTF8.self) : text]
        }
        return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }
}
