/// Prints AST nodes as GraphQL text, byte for byte like graphql-js 17's `print`
/// (graphql-core 3.3.2 `print_ast`): two-space indentation, descriptions as written (block or
/// quoted), argument lists, lists and objects wrapped when their one-line form exceeds 80 scalars.
///
/// The output has no trailing newline. Printing writes into one growing byte buffer and decides
/// each wrap by measuring only the node concerned, so it is linear in the size of the document.
public enum Printer {
    /// The whole document: definitions separated by a blank line (graphql-js `print(document)`).
    public static func print(_ document: Document) -> String {
        String(decoding: printUTF8(document), as: UTF8.self)
    }

    /// `print(document)` as UTF-8 bytes, for writers that do not need a `String`.
    public static func printUTF8(_ document: Document) -> [UInt8] {
        DeepStack.run(nesting: document.nestingDepth) {
            var printer = DocumentPrinter(capacity: max(4096, document.range.end - document.range.start + 1024))
            printer.document(document)
            return printer.out
        }
    }

    /// One definition, as it appears in a printed document.
    public static func print(_ definition: Definition) -> String {
        DeepStack.run(nesting: definition.nestingDepth) { render { $0.definition(definition) } }
    }

    /// `{ ... }` with one selection per line (`{}` when empty).
    public static func print(_ selectionSet: SelectionSet) -> String {
        render { $0.selectionSet(selectionSet) }
    }

    /// A field, fragment spread or inline fragment, unindented.
    public static func print(_ selection: Selection) -> String {
        render { $0.selection(selection) }
    }

    /// A value literal, e.g. `{ a: [1, 2], b: "x" }` (wrapped when over 80 scalars).
    public static func print(_ value: Value) -> String {
        render { $0.value(value) }
    }

    /// A type reference, e.g. `[String!]!`.
    public static func print(_ type: TypeReference) -> String {
        render { $0.type(type) }
    }

    /// A directive, e.g. `@include(if: $flag)`.
    public static func print(_ directive: Directive) -> String {
        render { $0.directive(directive) }
    }

    /// A string value as a GraphQL literal: graphql-js `printString` (`"..."` with escapes).
    public static func printString(_ value: String) -> String {
        var out: [UInt8] = []
        StringLiteralPrinter.appendQuoted(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A block string literal: graphql-js `printBlockString` (`minimize` keeps it on one line when it can).
    public static func printBlockString(_ value: String, minimize: Bool = false) -> String {
        var out: [UInt8] = []
        StringLiteralPrinter.appendBlock(value, minimize: minimize, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func render(_ body: (inout DocumentPrinter) -> Void) -> String {
        var printer = DocumentPrinter(capacity: 256)
        body(&printer)
        return String(decoding: printer.out, as: UTF8.self)
    }
}
