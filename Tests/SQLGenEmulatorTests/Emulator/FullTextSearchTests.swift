import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

@Suite("Emulator: full-text search")
struct FullTextSearchTests {
    private func titles(_ json: JSONValue, _ field: String = "movies_search") -> [String] {
        (json["data", field]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    }

    @Test func wordsMatchWithStemmingAcrossSearchableColumns() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        // "running" stems to "run": titles and descriptions with run, runs, running match.
        let (status, json) = try await harness.run(#"{ movies_search(query: "running") { title } }"#)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(Set(titles(json)) == ["The Running Man", "Chariots of Fire", "Run Lola Run"])
        let (_, hacker) = try await harness.run(#"{ movies_search(query: "HACKERS") { title } }"#)
        #expect(titles(hacker) == ["The Matrix"])
    }

    @Test func relevanceRanksAndThresholds() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        // Chariots of Fire has both words; the others one of two.
        let (_, ranked) = try await harness.run(#"{ movies_search(query: "run | olympics", queryFormat: ADVANCED) { title } }"#)
        #expect(titles(ranked).first == "Chariots of Fire")
        #expect(titles(ranked).count == 3)
        // The relevance differs by database: on SQLite the share of the query's words a row holds
        // (here 1 or 0.5), on PostgreSQL `ts_rank` as Data Connect computes it (here 0.061 against
        // 0.043 and 0.038).
        let threshold = TestDatabase.isSQLite ? 0.75 : 0.05
        let (_, strict) = try await harness.run(#"{ movies_search(query: "run | olympics", queryFormat: ADVANCED, relevanceThreshold: \#(threshold)) { title } }"#)
        #expect(titles(strict) == ["Chariots of Fire"])
    }

    @Test func whereOrderByAndLimitApply() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let (_, filtered) = try await harness.run(#"{ movies_search(query: "run", where: {genre: {eq: "action"}}) { title } }"#)
        #expect(titles(filtered) == ["The Running Man"])
        let (_, ordered) = try await harness.run(#"{ movies_search(query: "run", orderBy: [{releaseYear: DESC}], limit: 2) { title releaseYear } }"#)
        #expect(titles(ordered) == ["Run Lola Run", "The Running Man"])
        let (_, offset) = try await harness.run(#"{ movies_search(query: "run", orderBy: [{releaseYear: DESC}], offset: 2) { title } }"#)
        #expect(titles(offset) == ["Chariots of Fire"])
    }

    @Test func queryFormatsFollowPostgreSQLSyntax() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let cases: [(String, Set<String>)] = [
            // QUERY (web search): implicit and, "phrases", or, -negation; stop words ignored.
            (#"query: "run -olympics""#, ["The Running Man", "Run Lola Run"]),
            (#"query: "\"lola runs\"""#, ["Run Lola Run"]),
            (#"query: "hacker or olympics""#, ["The Matrix", "Chariots of Fire"]),
            (#"query: "the matrix""#, ["The Matrix"]),
            (#"query: "hacker -matrix""#, []),
            // PLAIN: every word; PHRASE: in order.
            (#"query: "man run", queryFormat: PLAIN"#, ["The Running Man"]),
            (#"query: "lola save", queryFormat: PHRASE"#, []),
            (#"query: "run lola", queryFormat: PHRASE"#, ["Run Lola Run"]),
            // ADVANCED (tsquery): & | ! <-> ( ) and prefixes.
            (#"query: "simul:* & !olympics", queryFormat: ADVANCED"#, ["The Matrix"]),
            (#"query: "(chariots | matrix) & !hacker", queryFormat: ADVANCED"#, ["Chariots of Fire"]),
            (#"query: "running <-> man", queryFormat: ADVANCED"#, ["The Running Man"]),
            // Nothing to search for matches nothing.
            (#"query: """#, []),
            (#"query: "the of", queryFormat: PLAIN"#, []),
        ]
        for (arguments, expected) in cases {
            let (_, json) = try await harness.run("{ movies_search(\(arguments)) { title } }")
            #expect(json["errors"] == nil, "\(arguments): \(json.jsonText)")
            #expect(Set(titles(json)) == expected, "\(arguments)")
        }
    }

    @Test(.enabled(if: TestDatabase.isSQLite, "SQLite built without FTS5"))
    func withoutFTS5WordsMatchAsSubstringsWithoutStemming() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        try await SQLiteDialect.$searchWithoutFTS5.withValue(true) {
            let cases: [(String, [String])] = [
                // No stemming: "running" is only a substring of "Running"; "run" of run, runs, Running.
                (#"query: "running""#, ["The Running Man"]),
                (#"query: "RUN -olympics", orderBy: [{releaseYear: ASC}]"#, ["The Running Man", "Run Lola Run"]),
                (#"query: "\"to save\"", queryFormat: QUERY"#, ["Run Lola Run"]),
                (#"query: "run | olympics", queryFormat: ADVANCED, relevanceThreshold: 0.75"#, ["Chariots of Fire"]),
                (#"query: "100%""#, []),
            ]
            for (arguments, expected) in cases {
                let (_, json) = try await harness.run("{ movies_search(\(arguments)) { title } }")
                #expect(json["errors"] == nil, "\(arguments): \(json.jsonText)")
                #expect(titles(json) == expected, "\(arguments)")
            }
        }
    }

    @Test func malformedAdvancedQueriesAreClientErrors() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let (_, json) = try await harness.run(#"{ movies_search(query: "(run & ", queryFormat: ADVANCED) { title } }"#)
        // The list is non-null, so the error nulls `data`.
        #expect(json["data"] == .null)
        #expect(json["errors", 0, "message"]?.stringValue?.hasPrefix("Syntax error in the ADVANCED search query") == true, "\(json.jsonText)")
        #expect(json["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
    }

    @Test func searchRunsOnReadConnectionsAndLeavesNoTables() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        for _ in 0..<3 {
            let (_, json) = try await harness.run(#"{ a: movies_search(query: "run") { title } b: movies_search(query: "matrix") { title } }"#)
            #expect(titles(json, "a").count == 3)
            #expect(titles(json, "b") == ["The Matrix"])
        }
        let temporary = TestDatabase.isSQLite ? "SELECT name FROM sqlite_temp_master WHERE name LIKE 'sqlgen_search%'"
            : "SELECT relname FROM pg_class WHERE relpersistence = 't' AND relname LIKE 'sqlgen_search%'"
        let (_, tables) = try await harness.run(#"{ _select(sql: "\#(temporary)") }"#)
        #expect(tables["data", "_select"] == .array([]))
    }
}
