import Foundation
import Testing
import SQLGenCore
import SQLGenLanguage
@testable import SQLGenLSP

@Suite struct DiagnosticsTests {
    @Test func aValidConnectorHasNone() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try harness.open("connector/queries.gql")
        #expect(harness.diagnostics("connector/queries.gql").isEmpty)
        #expect(harness.sent.last?["params"]["version"] == 1)
    }

    @Test func anEditIsCheckedWithTheRangeOfTheNode() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try harness.open("connector/queries.gql")
        let text = try String(contentsOfFile: harness.path("connector/queries.gql"), encoding: .utf8)
        harness.change("connector/queries.gql", to: text.replacingOccurrences(of: "    rating\n", with: "    ratin\n"), version: 2)
        let diagnostics = harness.diagnostics("connector/queries.gql")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["message"] == "Cannot query field \"ratin\" on type \"Movie\". Did you mean \"rating\"?")
        #expect(diagnostics.first?["code"] == "FieldsOnCorrectTypeRule")
        #expect(diagnostics.first?["range"] == ["start": ["line": 4, "character": 4], "end": ["line": 4, "character": 9]])
        #expect(harness.sent.last?["params"]["version"] == 2)
        harness.change("connector/queries.gql", to: text, version: 3)
        #expect(harness.diagnostics("connector/queries.gql").isEmpty)
    }

    /// Every problem `sqlgen validate` reports for a connector, the server reports at the same
    /// place with the same words.
    @Test func theProblemsAreThoseOfValidate() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let broken: [String: String] = [
            "connector/queries.gql": "query listMovies($unused: Int) @auth(level: PUBLIC) { movies { titel ...Missing } }\n",
            "connector/mutations.gql": "mutation addReview @auth(level: USER) { review_insert(data: { stars: $stars }) \n",
            "connector/fragments.gql": "fragment MovieSummary on Movie { id title releaseYear }\nfragment Unused on Movie { genre }\n",
        ]
        for (file, text) in broken { try text.write(toFile: harness.path(file), atomically: true, encoding: .utf8) }
        let expected = GeneratorPipeline.run(configPath: harness.path("connector.yaml"), write: false).diagnostics.filter { $0.severity != .note }
        #expect(expected.count >= 5)
        for file in broken.keys.sorted() { try harness.open(file) }
        var reported: [String] = []
        for file in broken.keys.sorted() {
            for diagnostic in harness.diagnostics(file) {
                let start = diagnostic["range"]["start"]
                reported.append("\(harness.path(file)):\((start["line"]?.intValue ?? 0) + 1):\((start["character"]?.intValue ?? 0) + 1): \(diagnostic["message"]?.stringValue ?? "")")
            }
        }
        let wanted = expected.map { "\(FileURI.canonical($0.file ?? "")):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
        #expect(reported.sorted() == wanted.sorted())
    }

    /// Names the generated package could not hold: the editor shows what `generate` reports,
    /// in the operation file and in the schema file.
    @Test func namesTheGeneratedPackageCannotHoldAreReported() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        let schema = try String(contentsOfFile: harness.path("schema/schema.gql"), encoding: .utf8)
        try harness.open("schema/schema.gql")
        harness.change("schema/schema.gql", to: schema + "\nenum TopMoviesQuery { A }\nenum MovieKey { B }\n", version: 2)
        let queries = "query topMovies @auth(level: PUBLIC) { movies { ...MovieSummary } }\nquery getFilm @auth(level: PUBLIC) { movies { title } }\n"
            + "query GetFilm @auth(level: PUBLIC) { movies { title } }\n"
        try queries.write(toFile: harness.path("connector/queries.gql"), atomically: true, encoding: .utf8)
        try harness.open("connector/queries.gql")
        let messages = harness.diagnostics("connector/queries.gql").compactMap { $0["message"]?.stringValue }
        #expect(messages.count == 1 && messages[0].hasPrefix("Operations \"getFilm\" and \"GetFilm\" differ only in case or underscores"), "\(messages)")

        harness.change("connector/queries.gql", to: "query topMovies @auth(level: PUBLIC) { movies { ...MovieSummary } }\n", version: 2)
        let clash = harness.diagnostics("connector/queries.gql").compactMap { $0["message"]?.stringValue }
        #expect(clash == ["The query \"topMovies\" and the schema's enum \"TopMoviesQuery\" would both be the Swift type \"TopMoviesQuery\": rename the query."])
        let inSchema = harness.diagnostics("schema/schema.gql").compactMap { $0["message"]?.stringValue }
        #expect(inSchema.contains("The schema's enum \"MovieKey\" and the key struct of the table \"Movie\" would both be the Swift type \"MovieKey\": rename the type."),
                "\(inSchema)")
    }

    @Test func rangesCountUTF16UnitsOrUTF8Bytes() throws {
        let text = "query getMovie($key: Movie_Key!) @auth(level: PUBLIC) { movie(key: $key) { title } }\n"
            + "\"\"\"Films 😀 é\"\"\" query q2 @auth(level: PUBLIC) { movies { titel } }\n"
        for (encodings, character) in [(["utf-16"], 58), (["utf-8", "utf-16"], 61)] {
            let harness = try ServerHarness(encodings: encodings)
            defer { harness.close() }
            try harness.open("connector/queries.gql", text: text)
            let range = harness.diagnostics("connector/queries.gql").first { $0["code"] == "FieldsOnCorrectTypeRule" }?["range"]
            #expect(range?["start"] == ["line": 1, "character": .int(Int64(character))])
            #expect(range?["end"] == ["line": 1, "character": .int(Int64(character + 5))])
        }
    }

    @Test func aSyntaxErrorIsShownOnTheTokenThere() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try harness.open("connector/queries.gql", text: "query q @auth(level: PUBLIC) { movies { title }\n")
        let diagnostics = harness.diagnostics("connector/queries.gql")
        #expect(diagnostics.map(\.["message"]) == ["Syntax Error: Expected Name, found <EOF>."])
        #expect(diagnostics.first?["range"]["start"] == ["line": 1, "character": 0])
    }

    @Test func fragmentProblemsReachTheFilesThatUseThem() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try harness.open("connector/queries.gql")
        try harness.open("connector/fragments.gql")
        #expect(harness.diagnostics("connector/queries.gql").isEmpty)
        harness.change("connector/fragments.gql", to: "fragment MovieSummary on Movie { id title releaseYear aspectRatio }\n", version: 2)
        // Both operations select `aspectRatio` or not: nothing conflicts, and the fragment's file is fine.
        #expect(harness.diagnostics("connector/fragments.gql").isEmpty)
        harness.change("connector/fragments.gql", to: "fragment Renamed on Movie { id }\n", version: 3)
        let messages = harness.diagnostics("connector/queries.gql").compactMap { $0["message"]?.stringValue }
        #expect(messages.contains("Unknown fragment \"MovieSummary\"."))
    }

    @Test func connectorYAMLProblemsAreShownOnTheConfig() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try "connectorId: movies\nsqlgen:\n  schema: schema\n  operations: [connector]\n  colour: blue\n".write(toFile: harness.path("connector.yaml"), atomically: true, encoding: .utf8)
        try harness.open("connector/queries.gql")
        let diagnostics = harness.diagnostics("connector.yaml")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["severity"] == 2)
        #expect(diagnostics.first?["range"]["start"] == ["line": 4, "character": 2])
    }

    @Test func aSchemaEditIsValidatedAgainstTheNewSchema() throws {
        let harness = try ServerHarness()
        defer { harness.close() }
        try harness.open("connector/queries.gql")
        #expect(harness.diagnostics("connector/queries.gql").isEmpty)
        let schema = try String(contentsOfFile: harness.path("schema/schema.gql"), encoding: .utf8)
        try harness.open("schema/schema.gql")
        harness.change("schema/schema.gql", to: schema.replacingOccurrences(of: "  rating: Float\n", with: ""), version: 2)
        let messages = harness.diagnostics("connector/queries.gql").compactMap { $0["message"]?.stringValue }
        #expect(messages == ["Cannot query field \"rating\" on type \"Movie\"."])
        harness.change("schema/schema.gql", to: schema.replacingOccurrences(of: "type Movie @table {", with: "type Movie @table {{"), version: 3)
        #expect(harness.diagnostics("schema/schema.gql").first?["message"].string?.hasPrefix("Syntax Error") == true)
    }
}
