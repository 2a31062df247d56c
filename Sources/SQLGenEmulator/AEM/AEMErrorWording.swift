// AEM runs graphql-java, and apps match on its wording rather than graphql-js's: validation
// errors read `Validation error of type <Kind>: <description> @ '<field path>'`, syntax errors
// `Invalid Syntax : offending token '<token>' at line <l> column <c>`. Errors outside GraphQL
// (paths, persisting) are AEM's servlet errors.

import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema

enum AEMErrorWording {
    /// A validation error as graphql-java words it, with the one location it reports.
    static func validationError(_ error: GraphQLError, document: Document, source: Source) -> ResponseError {
        // graphql-java points a variable's type mismatch at the use, not the definition.
        let primary = error.rule == "VariablesInAllowedPositionRule" ? error.ranges.last : error.ranges.first
        let (kind, description) = describe(error)
        let path = primary.map { fieldPath(to: $0.start, in: document) } ?? []
        let message = "Validation error of type \(kind): \(description)" + (path.isEmpty ? "" : " @ '\(path.joined(separator: "/"))'")
        return ResponseError(message: message, locations: primary.map { [source.location(at: $0.start)] } ?? [], code: "ValidationError")
    }

    /// A syntax error as graphql-java's ANTLR parser words it: the token where parsing stopped.
    static func syntaxError(_ error: GraphQLError, source: Source) -> ResponseError {
        let offset = error.ranges.first?.start ?? 0
        let location = source.location(at: offset)
        let message = "Invalid Syntax : offending token '\(token(at: offset, in: source.text))' at line \(location.line) column \(location.column)"
        return ResponseError(message: message, locations: [location], code: "InvalidSyntax")
    }

    /// A required variable that is missing or null, which graphql-java reports before running.
    static func nullVariable(_ definition: VariableDefinition, source: Source?) -> ResponseError {
        let message = "Variable '\(definition.variable.name.value)' has coerced Null value for NonNull type '\(Printer.print(definition.type))'"
        return ResponseError(message: message, locations: source.map { [$0.location(at: definition.range.start)] } ?? [], code: "ValidationError")
    }

    /// AEM's servlet-level error object (a persisted query that is not there, a bad path).
    static func servletError(_ type: String, message: String, details: String) -> JSONValue {
        .object([JSONMember("errors", .array([.object([
            JSONMember("errorType", .string(type)), JSONMember("message", .string(message)), JSONMember("details", .string(details)),
        ])]))])
    }

    // MARK: Descriptions

    /// graphql-java's error kind and description for a graphql-js rule's error; names come from
    /// the double-quoted parts of graphql-js's message.
    static func describe(_ error: GraphQLError) -> (kind: String, description: String) {
        let names = quotedNames(error.message)
        func name(_ index: Int) -> String { index < names.count ? names[index] : "" }
        let bare = { (text: String) in String(text.drop { $0 == "$" || $0 == "@" }) }
        switch error.rule {
        case "FieldsOnCorrectTypeRule":
            return ("FieldUndefined", "Field '\(name(0))' in type '\(name(1))' is undefined")
        case "KnownArgumentNamesRule":
            return error.message.contains("on directive")
                ? ("UnknownDirective", "Unknown directive argument \(name(0))")
                : ("UnknownArgument", "Unknown field argument \(name(0))")
        case "ProvidedRequiredArgumentsRule":
            let argument = name(0).split(separator: "(").last.map { String($0.prefix { $0 != ":" }) } ?? name(0)
            return name(0).hasPrefix("@")
                ? ("MissingDirectiveArgument", "Missing directive argument \(argument)")
                : ("MissingFieldArgument", "Missing field argument \(argument)")
        case "ScalarLeafsRule":
            return error.message.contains("must not have a selection")
                ? ("SubSelectionNotAllowed", "Sub selection not allowed on leaf type \(name(1)) of field \(name(0))")
                : ("SubSelectionRequired", "Sub selection required for type \(name(1)) of field \(name(0))")
        case "KnownTypeNamesRule": return ("UnknownType", "Unknown type \(name(0))")
        case "NoUndefinedVariablesRule": return ("UndefinedVariable", "Undefined variable \(bare(name(0)))")
        case "NoUnusedVariablesRule": return ("UnusedVariable", "Unused variable \(bare(name(0)))")
        case "NoUnusedFragmentsRule": return ("UnusedFragment", "Unused fragment \(name(0))")
        case "KnownFragmentNamesRule": return ("UndefinedFragment", "Undefined fragment \(name(0))")
        case "KnownDirectivesRule":
            return error.message.hasPrefix("Unknown directive")
                ? ("UnknownDirective", "Unknown directive \(bare(name(0)))")
                : ("MisplacedDirective", "Directive \(bare(name(0))) not allowed here")
        case "VariablesInAllowedPositionRule":
            return ("VariableTypeMismatch", "Variable type '\(name(1))' doesn't match expected type '\(name(2))'")
        default:
            return (otherKinds[error.rule ?? ""] ?? "ValidationError", error.message)
        }
    }

    /// graphql-java's kinds for the other rules; their descriptions keep graphql-js's text.
    private static let otherKinds: [String: String] = [
        "ValuesOfCorrectTypeRule": "WrongType", "OverlappingFieldsCanBeMergedRule": "FieldsConflict",
        "LoneAnonymousOperationRule": "LoneAnonymousOperationViolation", "UniqueOperationNamesRule": "DuplicateOperationName",
        "UniqueFragmentNamesRule": "DuplicateFragmentName", "UniqueArgumentNamesRule": "DuplicateArgumentNames",
        "UniqueVariableNamesRule": "DuplicateVariableName", "UniqueDirectivesPerLocationRule": "DuplicateDirectiveName",
        "PossibleFragmentSpreadsRule": "InvalidFragmentType", "FragmentsOnCompositeTypesRule": "FragmentTypeConditionInvalid",
        "NoFragmentCyclesRule": "FragmentCycle", "VariablesAreInputTypesRule": "NonInputTypeOnVariable",
        "ExecutableDefinitionsRule": "NonExecutableDefinition", "KnownOperationTypesRule": "UnknownOperation",
    ]

    static func quotedNames(_ message: String) -> [String] {
        let parts = message.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }

    // MARK: Paths and tokens

    /// The names of the fields enclosing `offset`, outermost first, within its operation or
    /// fragment (graphql-java's query path).
    static func fieldPath(to offset: Int, in document: Document) -> [String] {
        func path(in selections: [Selection]) -> [String] {
            for selection in selections where selection.range.start <= offset && offset < max(selection.range.end, selection.range.start + 1) {
                switch selection {
                case .field(let field): return [field.name.value] + path(in: field.selectionSet?.selections ?? [])
                case .inlineFragment(let inline): return path(in: inline.selectionSet.selections)
                case .fragmentSpread: return []
                }
            }
            return []
        }
        for definition in document.definitions {
            switch definition {
            case .operation(let operation): if operation.range.contains(offset) { return path(in: operation.selectionSet.selections) }
            case .fragment(let fragment): if fragment.range.contains(offset) { return path(in: fragment.selectionSet.selections) }
            default: continue
            }
        }
        return []
    }

    /// The token ANTLR would name at `offset`: `<EOF>`, a punctuator, a string or a word.
    static func token(at offset: Int, in text: String) -> String {
        let bytes = Array(text.utf8)
        guard offset < bytes.count else { return "<EOF>" }
        let first = bytes[offset]
        var end = offset + 1
        if first == UInt8(ascii: "\"") {
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            end = min(end + 1, bytes.count)
        } else if bytes[offset...].starts(with: Array("...".utf8)) {
            end = offset + 3
        } else if Self.isWordByte(first) {
            while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
        } else {
            // One character, however many bytes it takes.
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): return true
        default: return false
        }
    }
}

extension SourceRange {
    func contains(_ offset: Int) -> Bool { start <= offset && offset < end }
}
