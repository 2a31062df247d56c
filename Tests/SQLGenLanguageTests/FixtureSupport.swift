import Foundation
import SQLGenLanguage

/// The test fixtures folder (copied from the shared corpus; tests never read outside the repo).
let fixturesURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The corpus input files (schemas, operations, fixtures, derived, AEM, Data Connect), shared by the
/// parser, lexer and printer conformance tests.
let corpusInputsURL = fixturesURL.appendingPathComponent("printed/inputs")

/// graphql-core's `parse_options` keyword arguments, as recorded in the corpus JSON.
struct CorpusParseOptions: Decodable, Sendable {
    var no_location: Bool?
    var max_tokens: Int?
    var max_lexical_tokens: Int?
    var max_comments: Int?
    var max_source_length: Int?
    var allow_empty_selection_sets: Bool?
    var experimental_fragment_arguments: Bool?

    var options: ParseOptions {
        var options = ParseOptions()
        options.noLocation = no_location ?? false
        options.maxTokens = max_tokens
        options.maxLexicalTokens = max_lexical_tokens
        options.maxComments = max_comments
        options.maxSourceLength = max_source_length
        options.allowEmptySelectionSets = allow_empty_selection_sets ?? true
        options.experimentalFragmentArguments = experimental_fragment_arguments ?? false
        return options
    }
}

struct CorpusLocation: Decodable, Sendable, Hashable {
    var line: Int
    var column: Int
}

struct SyntaxErrorCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Expected: Decodable, Sendable {
        var message: String
        var locations: [CorpusLocation]
    }
    var id: String
    var document: String
    var parse_options: CorpusParseOptions
    var expected: Expected
    var testDescription: String { id }
}

struct ValidDocumentCase: Decodable, Sendable, CustomTestStringConvertible {
    var id: String
    var document: String
    var parse_options: CorpusParseOptions
    var expected_printed: String
    var testDescription: String { id }
}

private struct CaseFile<Case: Decodable>: Decodable {
    var cases: [Case]
}

func loadCases<Case: Decodable>(_ name: String, as: Case.Type) -> [Case] {
    guard let data = try? Data(contentsOf: fixturesURL.appendingPathComponent(name)),
          let file = try? JSONDecoder().decode(CaseFile<Case>.self, from: data) else { return [] }
    return file.cases
}

/// graphql-core quotes names with single quotes, graphql-js 17 (and sqlgen) with double quotes.
func doubleQuoted(_ message: String) -> String {
    if message.contains("single quote character") { return message }
    return message.replacingOccurrences(of: "'", with: "\"")
}

import Testing
extension Testing.Tag {
    @Tag static var conformance: Self
}

/// A document with graphql-core's outcome: parsed (`ok`) or the syntax error.
struct EdgeCase: Decodable, Sendable, CustomTestStringConvertible {
    struct Expected: Decodable, Sendable {
        var ok: Bool?
        var message: String?
        var locations: [CorpusLocation]?
    }
    var id: String
    var document: String
    var parse_options: CorpusParseOptions
    var expected: Expected
    var testDescription: String { id }
}
