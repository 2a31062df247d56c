import SQLGenLanguage
import SQLGenSchema

// Selection sets, arguments, values and directives.
extension ContextWalker {
    mutating func selectionSet(parent: GraphQLNamedType?) throws(Stop) {
        advance()
        try nested { (walker: inout ContextWalker) throws(Stop) in
            while true {
                try walker.checkpoint(.selection(parent: parent))
                switch walker.current.kind {
                case .braceR:
                    walker.advance()
                    return
                case .endOfFile:
                    return
                case .spread:
                    try walker.fragment(parent: parent)
                case .name:
                    if walker.startsDefinition(walker.current) { return }
                    try walker.field(parent: parent)
                default:
                    walker.advance()
                }
            }
        }
    }

    /// Field : Alias? Name Arguments? Directives? SelectionSet?
    private mutating func field(parent: GraphQLNamedType?) throws(Stop) {
        var field = try fieldName(parent: parent)
        advance()
        if current.kind == .colon {
            advance()
            try checkpoint(.selection(parent: parent))
            guard current.kind == .name else { return }
            field = try fieldName(parent: parent)
            advance()
        }
        if current.kind == .parenL {
            let owner = parent.flatMap { parent in field.map { ArgumentOwner.field(parent: parent, field: $0) } }
            try arguments(owner: owner)
        }
        try directives(location: .field)
        if current.kind == .braceL {
            try selectionSet(parent: field.flatMap { schema?.namedType(of: $0.type) })
        }
    }

    /// The field the current name selects on `parent` (recorded as a symbol).
    private mutating func fieldName(parent: GraphQLNamedType?) throws(Stop) -> GraphQLField? {
        guard let parent, let field = schema?.field(named: text(current), on: parent) else { return nil }
        try record(.field(parent: parent, field: field))
        return field
    }

    /// FragmentSpread : ... FragmentName Directives?; InlineFragment : ... TypeCondition? Directives? SelectionSet
    private mutating func fragment(parent: GraphQLNamedType?) throws(Stop) {
        advance()
        try checkpoint(.fragmentSpread(parent: parent))
        if current.kind == .name, !isWord(current, "on") {
            if startsDefinition(current) { return }
            try record(.fragment(name: text(current)))
            advance()
            try directives(location: .fragmentSpread)
            return
        }
        var typeCondition = parent
        if isWord(current, "on") {
            advance()
            typeCondition = try typeName(.typeCondition(parent: parent))
        }
        try directives(location: .inlineFragment)
        if current.kind == .braceL { try selectionSet(parent: typeCondition) }
    }

    mutating func arguments(owner: ArgumentOwner?) throws(Stop) {
        advance()
        var given: [String] = []
        while true {
            try checkpoint(.argument(owner: owner, given: given))
            switch current.kind {
            case .parenR:
                advance()
                return
            case .name:
                let name = text(current)
                let argument = owner?.arguments.first { $0.name == name }
                if let owner, let argument { try record(.argument(owner: owner, argument: argument)) }
                given.append(name)
                advance()
                if current.kind == .colon {
                    advance()
                    try value(type: argument?.type)
                }
            default:
                return
            }
        }
    }

    /// Value : Variable | IntValue | FloatValue | StringValue | BooleanValue | NullValue | EnumValue | ListValue | ObjectValue
    mutating func value(type: GraphQLTypeRef?) throws(Stop) {
        try checkpoint(.value(type: type))
        switch current.kind {
        case .dollar:
            let start = current.start
            advance()
            if current.kind == .name { try record(.variable(name: text(current), expected: type), from: start) }
            try checkpoint(.variable(type: type))
            if current.kind == .name { advance() }
        case .bracketL:
            try list(elementType: type?.listElement)
        case .braceL:
            try object(type: type.flatMap { schema?.namedType(of: $0) })
        case .name:
            if let type, let enumType = schema?.enumType(named: type.namedTypeName), let value = enumType.value(named: text(current)) {
                try record(.enumValue(type: enumType, value: value))
            }
            advance()
        case .int, .float, .string, .blockString:
            advance()
        default:
            return
        }
    }

    private mutating func list(elementType: GraphQLTypeRef?) throws(Stop) {
        advance()
        try nested { (walker: inout ContextWalker) throws(Stop) in
            while true {
                try walker.checkpoint(.value(type: elementType))
                if walker.current.kind == .bracketR {
                    walker.advance()
                    return
                }
                let before = walker.index
                try walker.value(type: elementType)
                if walker.index == before { return }
            }
        }
    }

    private mutating func object(type: GraphQLNamedType?) throws(Stop) {
        advance()
        var inputType: GraphQLInputObjectType?
        if case .inputObject(let object)? = type { inputType = object }
        try nested { (walker: inout ContextWalker) throws(Stop) in
            var given: [String] = []
            while true {
                try walker.checkpoint(.objectField(type: inputType, given: given))
                switch walker.current.kind {
                case .braceR:
                    walker.advance()
                    return
                case .name:
                    let name = walker.text(walker.current)
                    let field = inputType?.field(named: name)
                    if let inputType, let field { try walker.record(.inputField(type: inputType, field: field)) }
                    given.append(name)
                    walker.advance()
                    if walker.current.kind == .colon {
                        walker.advance()
                        try walker.value(type: field?.type)
                    }
                default:
                    return
                }
            }
        }
    }

    /// Directives : Directive+, each `@ Name Arguments?`.
    mutating func directives(location: DirectiveLocation) throws(Stop) {
        while current.kind == .at {
            advance()
            try checkpoint(.directive(location: location))
            guard current.kind == .name else { return }
            let directive = schema?.directive(named: text(current))
            if let directive { try record(.directive(directive)) }
            advance()
            if current.kind == .parenL { try arguments(owner: directive.map { .directive($0) }) }
        }
    }
}
