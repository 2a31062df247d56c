/// How deeply a definition nests, measured without recursion: selection sets, list and object
/// values and list types each count one level, as the parser's `maxDepth` counts them. Walks over
/// a document recurse about this deep (fragment spreads are not followed), so callers use it to
/// pick a stack (`DeepStack`) before walking.
extension Document {
    public var nestingDepth: Int {
        parsedNestingDepth ?? definitions.reduce(0) { max($0, $1.nestingDepth) }
    }
}

extension Definition {
    public var nestingDepth: Int {
        var measure = NestingMeasure()
        switch self {
        case .operation(let operation):
            measure.add(operation.variableDefinitions, 0)
            measure.add(operation.directives, 0)
            measure.pending.append(.selectionSet(operation.selectionSet, 1))
        case .fragment(let fragment):
            measure.add(fragment.variableDefinitions, 0)
            measure.add(fragment.directives, 0)
            measure.pending.append(.selectionSet(fragment.selectionSet, 1))
        case .schema(let schema), .schemaExtension(let schema):
            measure.add(schema.directives, 0)
        case .type(let type), .typeExtension(let type):
            measure.add(type)
        case .directive(let directive), .directiveExtension(let directive):
            measure.add(directive.arguments)
        }
        return measure.deepest()
    }
}

private struct NestingMeasure {
    enum Item {
        case selectionSet(SelectionSet, Int)
        case value(Value, Int)
        case type(TypeReference, Int)
    }

    var pending: [Item] = []

    mutating func add(_ directives: [Directive], _ level: Int) {
        for directive in directives {
            for argument in directive.arguments { pending.append(.value(argument.value, level)) }
        }
    }

    mutating func add(_ definitions: [VariableDefinition], _ level: Int) {
        for definition in definitions {
            pending.append(.type(definition.type, level))
            if let value = definition.defaultValue { pending.append(.value(value, level)) }
            add(definition.directives, level)
        }
    }

    mutating func add(_ inputValues: [InputValueDefinition]) {
        for input in inputValues {
            pending.append(.type(input.type, 0))
            if let value = input.defaultValue { pending.append(.value(value, 0)) }
            add(input.directives, 0)
        }
    }

    mutating func add(_ type: TypeDefinition) {
        add(type.directives, 0)
        switch type {
        case .object(let object), .interface(let object):
            for field in object.fields {
                pending.append(.type(field.type, 0))
                add(field.arguments)
                add(field.directives, 0)
            }
        case .inputObject(let input):
            add(input.fields)
        case .enumType(let enumType):
            for value in enumType.values { add(value.directives, 0) }
        case .scalar, .union:
            break
        }
    }

    mutating func deepest() -> Int {
        var deepest = 0
        while let item = pending.popLast() {
            switch item {
            case .selectionSet(let set, let level):
                deepest = max(deepest, level)
                for selection in set.selections { add(selection, level) }
            case .value(let value, let level):
                switch value {
                case .list(let items, _):
                    deepest = max(deepest, level + 1)
                    for item in items { pending.append(.value(item, level + 1)) }
                case .object(let fields, _):
                    deepest = max(deepest, level + 1)
                    for field in fields { pending.append(.value(field.value, level + 1)) }
                default:
                    break
                }
            case .type(let type, let level):
                switch type {
                case .named: break
                case .list(let inner, _):
                    deepest = max(deepest, level + 1)
                    pending.append(.type(inner, level + 1))
                case .nonNull(let inner, _):
                    pending.append(.type(inner, level))
                }
            }
        }
        return deepest
    }

    private mutating func add(_ selection: Selection, _ level: Int) {
        switch selection {
        case .field(let field):
            for argument in field.arguments { pending.append(.value(argument.value, level)) }
            add(field.directives, level)
            if let nested = field.selectionSet { pending.append(.selectionSet(nested, level + 1)) }
        case .fragmentSpread(let spread):
            for argument in spread.arguments { pending.append(.value(argument.value, level)) }
            add(spread.directives, level)
        case .inlineFragment(let inline):
            add(inline.directives, level)
            pending.append(.selectionSet(inline.selectionSet, level + 1))
        }
    }
}
