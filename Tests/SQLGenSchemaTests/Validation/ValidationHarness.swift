import Foundation
import SQLGenLanguage
import SQLGenSchema
import Testing

/// Shared helpers for the validation tests: fixtures, schema building, and errors in a
/// comparable form (message plus line:column of every location).
enum ValidationHarness {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/validation")

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An error as "message @ line:column, line:column".
    static func render(_ message: String, _ locations: [SQLGenLanguage.SourceLocation]) -> String {
        message + " @ " + locations.map(\.description).joined(separator: ", ")
    }

    static func buildSchema(_ sdl: [Source]) throws -> Schema {
        var documents: [Document] = []
        for source in sdl { documents.append(try Parser.parse(source)) }
        return SchemaBuilder.build(documents: documents, options: SchemaBuildOptions(assumeValidSDL: true, assumeValid: true)).schema
    }

    static func buildSchema(_ sdl: String) throws -> Schema {
        try buildSchema([Source(sdl, name: "schema.graphql")])
    }

    /// Validates `document` and renders the errors.
    static func validate(_ document: String, schema: Schema, rules: [ValidationRule] = specifiedRules, options: ParseOptions = ParseOptions()) throws -> [String] {
        let source = Source(document)
        let parsed = try Parser.parse(source, options: options)
        return SQLGenSchema.validate(schema: schema, document: parsed, rules: rules).map { render($0.message, $0.locations(in: source)) }
    }

    /// The schema of graphql-js's validation tests (`harness` in the corpus cases).
    static let harnessSchema: Schema? = {
        guard let corpus = try? ValidationCorpus.load() else { return nil }
        return try? buildSchema(corpus.schemas["harness"] ?? "")
    }()
}

/// `validation-cases.json`: graphql-core's validation tests recorded with their expectations.
struct ValidationCorpus: Decodable, Sendable {
    struct Location: Decodable, Sendable {
        var line: Int
        var column: Int
    }

    struct ExpectedError: Decodable, Sendable {
        var message: String
        var locations: [Location]

        /// graphql-core quotes names with `'`; graphql-js 17 (and sqlgen) with `"`.
        var rendered: String {
            ValidationHarness.render(Self.doubleQuoted(message), locations.map { SQLGenLanguage.SourceLocation(line: $0.line, column: $0.column) })
        }

        /// `'name'` → `"name"`, keeping apostrophes inside words (`it's`) as they are.
        static func doubleQuoted(_ message: String) -> String {
            let scalars = Array(message.unicodeScalars)
            var result = String.UnicodeScalarView()
            for (index, scalar) in scalars.enumerated() {
                if scalar == "'" {
                    let before = index > 0 ? scalars[index - 1] : " "
                    let after = index + 1 < scalars.count ? scalars[index + 1] : " "
                    let inWord = before.properties.isAlphabetic && after.properties.isAlphabetic
                    result.append(inWord ? scalar : "\"")
                } else {
                    result.append(scalar)
                }
            }
            return String(result)
        }
    }

    struct ParseOptionsJSON: Decodable, Sendable {
        var experimental_fragment_arguments: Bool?
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var id: String
        var rule: String
        var kind: String
        var schema: String?
        var document: String
        var parse_options: ParseOptionsJSON?
        var expected_rule_errors: [ExpectedError]
        var expected_all_rules_errors: [ExpectedError]

        var testDescription: String { "\(id) \(rule)" }
    }

    var schemas: [String: String]
    var cases: [Case]

    static func load() throws -> ValidationCorpus {
        let data = try Data(contentsOf: ValidationHarness.fixtures.appendingPathComponent("validation-cases.json"))
        return try JSONDecoder().decode(ValidationCorpus.self, from: data)
    }

    static let executableCases: [Case] = (try? load().cases.filter { $0.kind == "executable" }) ?? []
}

