import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

/// Completion items (LSP `CompletionItem`s) for what may be typed at a position: fields with
/// their types and descriptions (the dialect's derived ones included), arguments, input fields
/// inside literals, enum values, variables in scope, directives valid at the position, fragment
/// names, type conditions, `__typename` and the types of variable definitions.
struct Completion {
    let schema: Schema?
    /// The user's own types, offered before the dialect's.
    let ownTypes: Set<String>
    let fragments: [FragmentIndex.Entry]
    /// The range a chosen item replaces (the name being typed, or an empty range at the position).
    let replacing: JSONValue
    /// How documentation is sent.
    let format: TextFormat

    enum Kind: Int {
        case function = 3, field = 5, variable = 6, `class` = 7, interface = 8, property = 10, value = 12, `enum` = 13
        case keyword = 14, reference = 18, enumMember = 20, `struct` = 22, typeParameter = 25
    }

    func items(for context: PositionContext) -> [JSONValue] {
        var list = CandidateList(format: format)
        switch context.expectation {
        case .nothing: break
        case .definition: definitionKeywords(into: &list)
        case .selection(let parent): selections(on: parent, into: &list)
        case .argument(let owner, let given):
            for argument in owner?.arguments ?? [] where !given.contains(argument.name) { list.add(inputValue: argument, insert: argument.name + ": ") }
        case .objectField(let type, let given):
            for field in type?.fields ?? [] where !given.contains(field.name) { list.add(inputValue: field, insert: field.name + ": ") }
        case .value(let type): values(of: type, variables: context.variables, into: &list)
        case .variable(let type): variables(context.variables, for: type, into: &list)
        case .directive(let location):
            for directive in schema?.directives ?? [] where directive.locations.contains(location) {
                list.add(directive.name, kind: .function, detail: Hover.signature(of: directive), documentation: directive.description)
            }
        case .fragmentSpread(let parent): spreads(on: parent, into: &list)
        case .typeCondition(let parent): typeConditions(in: parent, into: &list)
        case .inputType:
            for type in namedTypes() where type.isInputType { list.add(type: type) }
        }
        return list.json(replacing: replacing)
    }

    private func definitionKeywords(into list: inout CandidateList) {
        list.add("query", kind: .keyword)
        if schema?.mutationType != nil { list.add("mutation", kind: .keyword) }
        if schema?.subscriptionType != nil { list.add("subscription", kind: .keyword) }
        list.add("fragment", kind: .keyword)
    }

    private func selections(on parent: GraphQLNamedType?, into list: inout CandidateList) {
        guard let parent, parent.isComposite else { return }
        for field in parent.fields {
            list.add(field.name, kind: .field, detail: field.type.description, documentation: Hover.fieldDocumentation(field),
                     deprecated: field.isDeprecated)
        }
        list.add("__typename", kind: .field, detail: "String!", documentation: "The name of the object's type.")
    }

    private func values(of type: GraphQLTypeRef?, variables: [DefinedVariable], into list: inout CandidateList) {
        guard let type else { return }
        let named = schema?.namedType(of: type)
        if case .enumType(let enumType)? = named {
            for value in enumType.values {
                list.add(value.name, kind: .enumMember, detail: enumType.name, documentation: value.description, deprecated: value.isDeprecated)
            }
        }
        if named?.name == "Boolean" {
            list.add("true", kind: .keyword)
            list.add("false", kind: .keyword)
        }
        if !type.isNonNull { list.add("null", kind: .keyword) }
        for variable in variables where isAllowed(variable, for: type) {
            list.add("$" + variable.name, kind: .variable, detail: GraphQLTypeRef(variable.type).description)
        }
    }

    /// After `$`: the variables in scope, those whose type fits the position first.
    private func variables(_ variables: [DefinedVariable], for type: GraphQLTypeRef?, into list: inout CandidateList) {
        let ordered = variables.filter { type == nil || isAllowed($0, for: type) } + variables.filter { type != nil && !isAllowed($0, for: type) }
        for variable in ordered {
            list.add(variable.name, kind: .variable, detail: GraphQLTypeRef(variable.type).description)
        }
    }

    private func isAllowed(_ variable: DefinedVariable, for type: GraphQLTypeRef?) -> Bool {
        guard let type, let schema else { return true }
        return TypeComparators.isTypeSubTypeOf(schema, GraphQLTypeRef(variable.type), type)
    }

    private func spreads(on parent: GraphQLNamedType?, into list: inout CandidateList) {
        for entry in fragments {
            let condition = schema?.type(named: entry.fragment.typeCondition.name.value)
            if let parent, let condition, let schema, !TypeComparators.doTypesOverlap(schema, parent, condition) { continue }
            list.add(entry.fragment.name.value, kind: .reference, detail: "fragment on \(entry.fragment.typeCondition.name.value)",
                     documentation: entry.fragment.description?.value)
        }
        list.add("on", kind: .keyword, detail: "an inline fragment", insert: "on ")
    }

    private func typeConditions(in parent: GraphQLNamedType?, into list: inout CandidateList) {
        for type in namedTypes() where type.isComposite {
            if let parent, let schema, !TypeComparators.doTypesOverlap(schema, parent, type) { continue }
            list.add(type: type)
        }
    }

    /// The schema's types, introspection types left out: the built-in scalars, the user's own
    /// types, then the rest, each by name.
    private func namedTypes() -> [GraphQLNamedType] {
        let types = (schema?.typeNames ?? []).compactMap { name in
            schema?.type(named: name).flatMap { $0.isIntrospectionType ? nil : $0 }
        }
        func rank(_ type: GraphQLNamedType) -> Int { type.isSpecifiedScalar ? 0 : ownTypes.contains(type.name) ? 1 : 2 }
        return types.sorted { (rank($0), $0.name) < (rank($1), $1.name) }
    }
}

/// Completion items in the order they are added (their sort text keeps it; deprecated last).
struct CandidateList {
    let format: TextFormat
    private var items: [JSONValue] = []

    init(format: TextFormat) {
        self.format = format
    }

    mutating func add(_ label: String, kind: Completion.Kind, detail: String? = nil, documentation: String? = nil,
                      insert: String? = nil, deprecated: Bool = false) {
        var item: JSONValue = ["label": .string(label), "kind": .int(Int64(kind.rawValue))]
        if let detail { item["detail"] = .string(detail) }
        if let documentation, !documentation.isEmpty { item["documentation"] = format.json(documentation) }
        if deprecated { item["tags"] = [1] }
        let position = String(items.count)
        item["sortText"] = .string((deprecated ? "1" : "0") + String(repeating: "0", count: max(0, 5 - position.count)) + position)
        item["insertText"] = .string(insert ?? label)
        items.append(item)
    }

    mutating func add(inputValue: GraphQLInputValue, insert: String) {
        add(inputValue.name, kind: .property, detail: inputValue.type.description, documentation: inputValue.description,
            insert: insert, deprecated: inputValue.isDeprecated)
    }

    mutating func add(type: GraphQLNamedType) {
        let kind: Completion.Kind
        switch type {
        case .object: kind = .class
        case .interface, .union: kind = .interface
        case .enumType: kind = .enum
        case .inputObject: kind = .struct
        case .scalar: kind = .typeParameter
        }
        add(type.name, kind: kind, detail: Hover.kindWord(type), documentation: type.description)
    }

    /// The items, each replacing `range` with its text.
    func json(replacing range: JSONValue) -> [JSONValue] {
        items.map { item in
            var item = item
            item["textEdit"] = ["range": range, "newText": item["insertText"] ?? .null]
            item["insertText"] = nil
            return item
        }
    }
}
