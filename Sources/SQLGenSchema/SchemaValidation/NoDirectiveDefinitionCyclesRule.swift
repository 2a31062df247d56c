import SQLGenLanguage

// No directive definition cycles
//
// A directive definition must not use a directive that references itself, directly or through
// the types of its arguments, their fields and values, and other directives.
// https://spec.graphql.org/September2025/#sec-Type-System.Directives
enum NoDirectiveDefinitionCyclesRule {
    static let name = "NoDirectiveDefinitionCyclesRule"

    /// The cycles SDL `definitions` close, alone or with the schema they extend;
    /// `appliedAtInputPositions` names the directives that lead anywhere and are applied where a
    /// walk may arrive (as `SDLWalker` finds them). Without `shortcuts` (for tests), the graph is
    /// built and searched whatever the definitions hold.
    static func errors(in definitions: [Definition], extending schema: Schema?, appliedAtInputPositions: Set<String>,
                       shortcuts: Bool = true) -> [GraphQLError] {
        guard !shortcuts || mayCloseCycles(definitions, extending: schema, applied: appliedAtInputPositions) else { return [] }
        var graph = DirectiveReferenceGraph()
        if let schema { graph.collect(schema) }
        graph.collect(definitions, extending: schema)
        var search = DirectiveCycleSearch(graph: graph, requiresDocumentReference: true)
        return search.run().map { cycle in
            let through = cycle.path.map { reference in
                reference.directiveName != nil ? "directive application \"\(reference.coordinate)\"" : "\"\(reference.coordinate)\""
            }
            let message = "Directive \"@\(cycle.directiveName)\" forms a reference cycle through: \(through.joined(separator: ", "))."
            return GraphQLError(message, ranges: cycle.path.compactMap(\.range), rule: name)
        }
    }

    /// Without a directive definition (here or in the schema extended) or an input type, scalar
    /// or enum to apply one to, there is nothing to build the graph for; nor when every directive
    /// argument is a built-in scalar with no directive applied (a cycle must leave the argument).
    private static func mayCloseCycles(_ definitions: [Definition], extending schema: Schema?, applied: Set<String>) -> Bool {
        // Every cycle passes through such an application (object types and their fields are
        // never on one), so most schemas need no graph.
        if schema == nil, applied.isEmpty { return false }
        guard argumentsMayReachDirectives(definitions, extending: schema) else { return false }
        var hasDirective = schema != nil
        var hasType = false
        for definition in definitions {
            switch definition {
            case .directive, .directiveExtension:
                hasDirective = true
                hasType = true
            case .type(let type), .typeExtension(let type):
                switch type {
                case .scalar, .enumType, .inputObject: hasType = true
                case .object, .interface, .union: break
                }
            default:
                break
            }
            if hasDirective && hasType { return true }
        }
        return false
    }

    private static let builtInScalars: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]

    private static func mayReach(_ argument: InputValueDefinition) -> Bool {
        !argument.directives.isEmpty || !builtInScalars.contains(argument.type.namedType.name.value)
    }

    /// Whether a walk can leave `directive`'s definition: an argument of another type than a
    /// built-in scalar, or a directive on it or on an argument.
    static func leadsAnywhere(_ directive: DirectiveDefinition) -> Bool {
        !directive.directives.isEmpty || directive.arguments.contains(where: mayReach)
    }

    /// Whether some directive definition or argument has a directive applied, an argument has a
    /// type other than a built-in scalar (which carries none), or a directive is extended.
    private static func argumentsMayReachDirectives(_ definitions: [Definition], extending schema: Schema?) -> Bool {
        for definition in definitions {
            switch definition {
            case .directive(let directive) where leadsAnywhere(directive): return true
            case .directiveExtension: return true
            case .type(.scalar(let scalar)) where builtInScalars.contains(scalar.name.value): return true
            case .typeExtension(.scalar(let scalar)) where builtInScalars.contains(scalar.name.value): return true
            default: continue
            }
        }
        guard let schema else { return false }
        let scalarsCarryDirectives = builtInScalars.contains { name in
            if case .scalar(let scalar)? = schema.type(named: name) { return !scalar.directives.isEmpty }
            return false
        }
        return scalarsCarryDirectives || schema.directives.contains { directive in
            directive.astNode?.directives.isEmpty == false
                || directive.arguments.contains { !$0.directives.isEmpty || !builtInScalars.contains($0.type.namedTypeName) }
        }
    }
}

/// The graph's nodes and edges, from SDL and from a built schema.
extension DirectiveReferenceGraph {
    /// The directives defined or extended, and the scalars, enums and input types their
    /// arguments reach (directly, through input fields, or through the schema's types): no walk
    /// from a directive can enter any other type.
    mutating func collect(_ definitions: [Definition], extending schema: Schema?) {
        var typeNodes: [String: [TypeDefinition]] = [:]
        var pendingTypes: [String] = []
        for definition in definitions {
            switch definition {
            case .directive(let node):
                collectDirective(node, arguments: node.arguments)
                pendingTypes += node.arguments.map(\.type.namedType.name.value)
            case .directiveExtension(let node):
                collectDirective(node, arguments: [])
            case .type(let type), .typeExtension(let type):
                typeNodes[type.name.value, default: []].append(type)
            default:
                break
            }
        }
        pendingTypes += schema?.directives.flatMap { $0.arguments.map(\.type.namedTypeName) } ?? []
        var visitedTypes: Set<String> = []
        while let name = pendingTypes.popLast() {
            guard visitedTypes.insert(name).inserted else { continue }
            for type in typeNodes[name] ?? [] { pendingTypes += collectType(type) }
            if case .inputObject(let input)? = schema?.type(named: name) { pendingTypes += input.fields.map(\.type.namedTypeName) }
        }
    }

    private mutating func collectDirective(_ node: DirectiveDefinition, arguments: [InputValueDefinition]) {
        let source = addDirectiveSource(node.name.value, isFromDocument: true)
        addDirectiveUsages(from: source, node.directives)
        for argument in arguments { collectInputValue(argument, of: source) }
    }

    /// Adds a type definition's references; returns the types of its input fields.
    private mutating func collectType(_ type: TypeDefinition) -> [String] {
        let source = Reference(coordinate: type.name.value, isFromDocument: true)
        switch type {
        case .scalar(let node):
            addDirectiveUsages(from: source, node.directives)
        case .enumType(let node):
            addDirectiveUsages(from: source, node.directives)
            for value in node.values {
                var child = Self.child(of: source, named: value.name.value)
                child.range = value.range
                addReference(from: source, child)
                addDirectiveUsages(from: child, value.directives)
            }
        case .inputObject(let node):
            addDirectiveUsages(from: source, node.directives)
            for field in node.fields { collectInputValue(field, of: source) }
            return node.fields.map(\.type.namedType.name.value)
        case .object, .interface, .union:
            break
        }
        return []
    }

    private mutating func collectInputValue(_ node: InputValueDefinition, of parent: Reference) {
        var child = Self.child(of: parent, named: node.name.value)
        child.range = node.range
        addReference(from: parent, child)
        addDirectiveUsages(from: child, node.directives)
        let type = node.type.namedType
        addReference(from: child, Reference(coordinate: type.name.value, isFromDocument: parent.isFromDocument, range: type.range))
    }
}

/// An existing schema's part, read from its model as graphql-js does: its directives, the input
/// types their arguments reach, and the directives applied to those (`@deprecated`,
/// `@specifiedBy` and `@oneOf` included where the model records them without a node).
extension DirectiveReferenceGraph {
    mutating func collect(_ schema: Schema) {
        var pendingTypes: [String] = []
        for directive in schema.directives {
            let source = addDirectiveSource(directive.name, isFromDocument: false)
            addDirectiveUsages(from: source, directive.astNode?.directives ?? [])
            for argument in directive.arguments {
                collectInputValue(argument, of: source, in: schema)
                pendingTypes.append(argument.type.namedTypeName)
            }
        }
        // A work list rather than recursion: input types can nest arbitrarily deep.
        var visitedTypes: Set<String> = []
        while let name = pendingTypes.popLast() {
            guard let type = schema.type(named: name), type.isInputType, visitedTypes.insert(name).inserted else { continue }
            pendingTypes += collectType(type, in: schema)
        }
    }

    /// Adds a type's references; returns the types of its fields.
    private mutating func collectType(_ type: GraphQLNamedType, in schema: Schema) -> [String] {
        let source = Reference(coordinate: type.name, isFromDocument: false)
        switch type {
        case .scalar(let scalar):
            addDirectiveUsages(from: source, scalar.directives, implied: scalar.specifiedByURL != nil ? ["specifiedBy"] : [])
        case .enumType(let enumType):
            addDirectiveUsages(from: source, enumType.directives)
            for value in enumType.values {
                var child = Self.child(of: source, named: value.name)
                child.range = value.astNode?.range
                addReference(from: source, child)
                addDirectiveUsages(from: child, value.directives, implied: value.isDeprecated ? ["deprecated"] : [])
            }
        case .inputObject(let input):
            addDirectiveUsages(from: source, input.directives, implied: input.isOneOf ? ["oneOf"] : [])
            for field in input.fields { collectInputValue(field, of: source, in: schema) }
            return input.fields.map(\.type.namedTypeName)
        default:
            break
        }
        return []
    }

    private mutating func collectInputValue(_ value: GraphQLInputValue, of parent: Reference, in schema: Schema) {
        var child = Self.child(of: parent, named: value.name)
        child.range = value.astNode?.range
        addReference(from: parent, child)
        if schema.namedType(of: value.type)?.isInputType ?? false {
            addReference(from: child, Reference(coordinate: value.type.namedTypeName, isFromDocument: false))
        }
        addDirectiveUsages(from: child, value.directives, implied: value.isDeprecated ? ["deprecated"] : [])
    }

    /// Applied directives, then those the model implies by a property (deduplicated by name).
    private mutating func addDirectiveUsages(from source: Reference, _ directives: [Directive], implied: [String]) {
        addDirectiveUsages(from: source, directives)
        for name in implied {
            addReference(from: source, Reference(coordinate: "@" + name, directiveName: name, isFromDocument: source.isFromDocument))
        }
    }
}
