// How long a node's printed form is, for graphql-js's line-length decisions.
//
// graphql-js wraps an argument list, a list value or an object value across lines when its one-line
// form is longer than `maxLineLength`, and puts field-argument and variable definitions on their own
// lines when one of them spans several lines. Those decisions need the length (in Unicode scalars,
// as graphql-core counts) and whether the text has a newline. Lengths are only compared with the
// limit, so measuring a list or object stops as soon as it is over: over-long lists and objects are
// wrapped, and therefore multi-line.

/// The printed length of a node and whether it spans several lines.
struct PrintExtent {
    var length: Int
    var multiline: Bool
}

enum PrintMeasure {
    /// graphql-js's `MAX_LINE_LENGTH`; the wrapping limit counts the whole text, newlines included.
    static let maxLineLength = 80

    static func value(_ value: Value) -> PrintExtent {
        switch value {
        case .variable(let variable):
            return PrintExtent(length: 1 + variable.name.value.utf8.count, multiline: false)
        case .int(let text, _), .float(let text, _), .enumValue(let text, _):
            return PrintExtent(length: StringLiteralPrinter.scalarCount(text.utf8), multiline: false)
        case .boolean(let flag, _):
            return PrintExtent(length: flag ? 4 : 5, multiline: false)
        case .null:
            return PrintExtent(length: 4, multiline: false)
        case .string(let string):
            return stringValue(string)
        case .list(let values, _):
            // `[a, b]`, or wrapped when 2 + the joined length is over the limit.
            var length = 2
            var multiline = false
            for (index, element) in values.enumerated() {
                let extent = self.value(element)
                length += extent.length + (index > 0 ? 2 : 0)
                multiline = multiline || extent.multiline
                if length > maxLineLength { return PrintExtent(length: length, multiline: true) }
            }
            return PrintExtent(length: length, multiline: multiline)
        case .object(let fields, _):
            // `{ a: 1 }`, or a block when 4 + the joined length is over the limit.
            var length = 4
            var multiline = false
            for (index, field) in fields.enumerated() {
                let extent = argument(field)
                length += extent.length + (index > 0 ? 2 : 0)
                multiline = multiline || extent.multiline
                if length > maxLineLength { return PrintExtent(length: length, multiline: true) }
            }
            return PrintExtent(length: length, multiline: multiline)
        }
    }

    static func stringValue(_ string: StringValue) -> PrintExtent {
        if string.block {
            let extent = StringLiteralPrinter.blockExtent(string.value)
            return PrintExtent(length: extent.length, multiline: extent.multiline)
        }
        return PrintExtent(length: StringLiteralPrinter.quotedLength(string.value), multiline: false)
    }

    /// `name: value` (an argument or an object field).
    static func argument(_ argument: Argument) -> PrintExtent {
        let extent = value(argument.value)
        return PrintExtent(length: argument.name.value.utf8.count + 2 + extent.length, multiline: extent.multiline)
    }

    /// Whether `prefix(args)` on one line would be longer than the limit (graphql-js `wrappedLineAndArgs`).
    static func argumentsOverflow(prefixLength: Int, _ arguments: [Argument]) -> Bool {
        var length = prefixLength + 2
        for (index, argument) in arguments.enumerated() {
            length += self.argument(argument).length + (index > 0 ? 2 : 0)
            if length > maxLineLength { return true }
        }
        return false
    }

    /// Directive arguments never wrap, so a directive spans lines only through its values.
    static func directivesAreMultiline(_ directives: [Directive]) -> Bool {
        directives.contains { directive in
            directive.arguments.contains { value($0.value).multiline }
        }
    }

    /// Whether an argument definition prints on several lines (it has a description, or a
    /// multi-line default value or directive).
    static func isMultiline(_ definition: InputValueDefinition) -> Bool {
        if definition.description != nil { return true }
        if let defaultValue = definition.defaultValue, value(defaultValue).multiline { return true }
        return directivesAreMultiline(definition.directives)
    }

    static func isMultiline(_ definition: VariableDefinition) -> Bool {
        if definition.description != nil { return true }
        if let defaultValue = definition.defaultValue, value(defaultValue).multiline { return true }
        return directivesAreMultiline(definition.directives)
    }
}
