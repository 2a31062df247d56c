// Checks the syntax of every CEL expression written in an operation document (`@auth(expr:)`,
// `@check(expr:)`, `*_expr` string literals) when it is loaded, so a typo is reported with its
// file and line at start-up instead of on the first request.

import SQLGenLanguage

enum ExpressionSyntax {
    /// The first expression that does not parse, as an error pointing at its string literal.
    static func firstError(in document: Document) -> GraphQLError? {
        var found: GraphQLError?
        func check(_ text: StringValue, _ context: String) {
            guard found == nil else { return }
            do throws(CELError) {
                _ = try CELParser.parse(text.value)
            } catch {
                found = GraphQLError("Invalid CEL expression in \(context) \"\(text.value)\": \(error.description).", ranges: [text.range])
            }
        }
        func visit(_ value: Value, key: String) {
            switch value {
            case .string(let text) where key.hasSuffix("_expr"): check(text, "\"\(key)\"")
            case .list(let items, _): for item in items { visit(item, key: key) }
            case .object(let fields, _): for field in fields { visit(field.value, key: field.name.value) }
            default: break
            }
        }
        func visit(_ directives: [Directive]) {
            for directive in directives where directive.name.value == "auth" || directive.name.value == "check" {
                for argument in directive.arguments where argument.name.value == "expr" {
                    if case .string(let text) = argument.value { check(text, "@\(directive.name.value)(expr:)") }
                }
            }
        }
        func visit(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    visit(field.directives)
                    for argument in field.arguments { visit(argument.value, key: argument.name.value) }
                    if let child = field.selectionSet { visit(child) }
                case .inlineFragment(let fragment):
                    visit(fragment.directives)
                    visit(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    visit(spread.directives)
                }
            }
        }
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                visit(operation.directives)
                visit(operation.selectionSet)
            case .fragment(let fragment):
                visit(fragment.directives)
                visit(fragment.selectionSet)
            default:
                break
            }
        }
        return found
    }

    /// The first `@default(expr:)` of the schema that does not parse, as a message.
    static func firstError(in model: StoreModel) -> String? {
        for name in model.tableOrder {
            guard let table = model.tables[name] else { continue }
            for column in table.columns {
                guard case .expr(let text)? = column.defaultValue else { continue }
                do throws(CELError) {
                    _ = try CELParser.parse(text)
                } catch {
                    return "Invalid CEL expression in @default(expr: \"\(text)\") of \(table.name).\(column.name): \(error.description)."
                }
            }
        }
        return nil
    }
}
