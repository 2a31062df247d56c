import SQLGenLanguage
import SQLGenSchema

/// Variables an operation reads inside expression strings: Data Connect's CEL expressions
/// (`@auth(expr: "vars.id == auth.uid")`, `@check(expr:)`, `createdAt_expr: "request.time"`)
/// name operation variables as `vars.<name>`, `vars['<name>']` or `request.variables.<name>`.
///
/// Such a variable is used even when no `$name` appears in the document, so `NoUnusedVariables`
/// asks this before reporting one. Only string literals in a position whose declared type is a
/// scalar named `*_Expr` (the dialect's expression scalars) are read, so an ordinary string
/// argument that happens to contain `vars.x` does not count.
struct ExpressionVariableReferences {
    private let schema: Schema
    private let fragment: (String) -> FragmentDefinition?
    private(set) var names: Set<String> = []
    private var visitedFragments: Set<String> = []

    /// The variables read by expressions in `operation` and the fragments it spreads.
    static func names(in operation: OperationDefinition, schema: Schema, fragment: @escaping (String) -> FragmentDefinition?) -> Set<String> {
        var collector = ExpressionVariableReferences(schema: schema, fragment: fragment)
        collector.directives(operation.directives)
        collector.selectionSet(operation.selectionSet, parentTypeName: schema.rootTypeName(for: operation.operation))
        return collector.names
    }

    private init(schema: Schema, fragment: @escaping (String) -> FragmentDefinition?) {
        self.schema = schema
        self.fragment = fragment
    }

    private mutating func selectionSet(_ set: SelectionSet, parentTypeName: String?) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                directives(field.directives)
                let definition = parentTypeName.flatMap { schema.field(named: field.name.value, onTypeNamed: $0) }
                for argument in field.arguments {
                    value(argument.value, type: definition?.argument(named: argument.name.value)?.type)
                }
                if let nested = field.selectionSet {
                    selectionSet(nested, parentTypeName: definition?.type.namedTypeName)
                }
            case .inlineFragment(let inline):
                directives(inline.directives)
                selectionSet(inline.selectionSet, parentTypeName: inline.typeCondition?.name.value ?? parentTypeName)
            case .fragmentSpread(let spread):
                directives(spread.directives)
                let name = spread.name.value
                guard !visitedFragments.contains(name), let definition = fragment(name) else { continue }
                visitedFragments.insert(name)
                directives(definition.directives)
                selectionSet(definition.selectionSet, parentTypeName: definition.typeCondition.name.value)
            }
        }
    }

    private mutating func directives(_ directives: [Directive]) {
        for directive in directives {
            let definition = schema.directive(named: directive.name.value)
            for argument in directive.arguments {
                value(argument.value, type: definition?.argument(named: argument.name.value)?.type)
            }
        }
    }

    /// Reads expression strings in `value`, whose declared type is `type` (nil when unknown:
    /// nothing below it is read).
    private mutating func value(_ value: Value, type: GraphQLTypeRef?) {
        guard let type else { return }
        switch value {
        case .string(let string):
            if type.namedTypeName.hasSuffix("_Expr") { names.formUnion(Self.variableNames(inExpression: string.value)) }
        case .list(let items, _):
            let element = type.listElement ?? type.nullable
            for item in items { self.value(item, type: element) }
        case .object(let fields, _):
            guard let input = schema.inputObjectType(named: type.namedTypeName) else { return }
            for field in fields { self.value(field.value, type: input.field(named: field.name.value)?.type) }
        default:
            return
        }
    }

    /// The variable names an expression reads: `vars.a`, `vars['a']`, `vars["a"]` and
    /// `request.variables.a`, where `vars`/`request` start an identifier (not `myvars.a` or
    /// `x.vars.a`). Text inside the expression's own string literals is skipped.
    static func variableNames(inExpression expression: String) -> Set<String> {
        let bytes = Array(expression.utf8)
        var names: Set<String> = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = endOfQuoted(bytes, from: index)
                continue
            }
            guard isIdentifierStart(byte), index == 0 || !isIdentifierPart(bytes[index - 1]) && bytes[index - 1] != UInt8(ascii: ".") else {
                index += 1
                continue
            }
            let identifierEnd = endOfIdentifier(bytes, from: index)
            let identifier = bytes[index..<identifierEnd]
            var next = identifierEnd
            if identifier.elementsEqual("request".utf8), let afterVariables = member(bytes, at: next, named: "variables") {
                next = afterVariables
            } else if !identifier.elementsEqual("vars".utf8) {
                index = identifierEnd
                continue
            }
            if let (name, end) = selectedName(bytes, at: next) {
                names.insert(name)
                index = end
            } else {
                index = next
            }
        }
        return names
    }

    /// The end of `.name` at `position` when the member is `name`, nil otherwise.
    private static func member(_ bytes: [UInt8], at position: Int, named name: String) -> Int? {
        guard let (found, end) = selectedName(bytes, at: position), found == name else { return nil }
        return end
    }

    /// A member selection at `position`: `.name`, `['name']` or `["name"]`, with its end.
    private static func selectedName(_ bytes: [UInt8], at position: Int) -> (String, Int)? {
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "."), position + 1 < bytes.count, isIdentifierStart(bytes[position + 1]) {
            let end = endOfIdentifier(bytes, from: position + 1)
            return (String(decoding: bytes[(position + 1)..<end], as: UTF8.self), end)
        }
        if bytes[position] == UInt8(ascii: "["), position + 1 < bytes.count,
           bytes[position + 1] == UInt8(ascii: "'") || bytes[position + 1] == UInt8(ascii: "\"") {
            let quote = bytes[position + 1]
            var end = position + 2
            while end < bytes.count, bytes[end] != quote { end += 1 }
            guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "]") else { return nil }
            return (String(decoding: bytes[(position + 2)..<end], as: UTF8.self), end + 2)
        }
        return nil
    }

    private static func endOfQuoted(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count, bytes[index] != quote {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, bytes.count)
    }

    private static func endOfIdentifier(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isIdentifierPart(bytes[end]) { end += 1 }
        return end
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
