import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

/// The persistent FTS5 index behind `<plural>_search`: made by the migrator, kept by triggers,
/// rebuilt on schema changes, left out of exports. Every check that reads the index itself goes
/// through native SQL on the index table, so it fails when there is no persistent index.
@Suite("Emulator: persistent search index", .enabled(if: TestDatabase.isSQLite && SQLiteConnection.hasFTS5, "SQLite's FTS5 index (PostgreSQL: PostgreSQLBackendTests)"))
struct SearchIndexTests {
    static let index = "__sqlgen_search_movie_fts"

    private func titles(_ json: JSONValue, _ field: String = "movies_search") -> [String] {
        (json["data", field]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    }

    private func openEngine(_ path: String, schema: String? = nil) throws -> EmulatorEngine {
        try TestDatabase.engine(schemaSources: QueryFeatureHarness.sources(try schema ?? EmulatorHarness.text("nativesql", "schema.gql")),
                           operationSources: [], connectorId: "test", databasePath: path)
    }

    private func run(_ engine: EmulatorEngine, _ query: String) async throws -> JSONValue {
        let response = await engine.executeDocument(query, operationName: nil, variables: .object([]))
        #expect(response.result.errors.isEmpty, "\(query): \(response.result.json.jsonText)")
        return response.result.json
    }

    /// Titles of the movies the index itself finds for `word` (native SQL on the index table).
    private func indexed(_ engine: EmulatorEngine, _ word: String) async throws -> [String] {
        let json = try await run(engine, """
            { _select(sql: "SELECT title FROM movie WHERE rowid IN (SELECT rowid FROM \(Self.index) WHERE \(Self.index) MATCH '\(word)') ORDER BY title") }
            """)
        return (json["data", "_select"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    }

    /// FTS5's own check that the index holds exactly the words of the table's rows.
    private func expectIndexMatchesTable(_ engine: EmulatorEngine, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let response = await engine.executeDocument("""
            mutation { _execute(sql: "INSERT INTO \(Self.index)(\(Self.index), rank) VALUES ('integrity-check', 1)") }
            """, operationName: nil, variables: .object([]))
        #expect(response.result.errors.isEmpty, "\(response.result.json.jsonText)", sourceLocation: sourceLocation)
    }

    private func masterNames(_ engine: EmulatorEngine) async throws -> Set<String> {
        let json = try await run(engine, #"{ _select(sql: "SELECT name FROM sqlite_master WHERE name LIKE '%sqlgen%'") }"#)
        return Set((json["data", "_select"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
    }

    @Test func theIndexExistsAfterStartAndFollowsInsertsUpdatesAndDeletes() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let engine = harness.engine
        let names = try await masterNames(engine)
        #expect(names.isSuperset(of: [Self.index, "\(Self.index)_insert", "\(Self.index)_update", "\(Self.index)_delete"]), "\(names)")
        // The seed's rows went in through the triggers.
        #expect(try await indexed(engine, "running") == ["Chariots of Fire", "Run Lola Run", "The Running Man"])

        let inserted = try await run(engine, #"mutation { movie_insert(data: {title: "Galaxy Quest", description: "Actors fly to space", genre: "comedy"}) }"#)
        guard case .string(let id)? = inserted["data", "movie_insert", "id"] else {
            Issue.record("no key: \(inserted.jsonText)")
            return
        }
        #expect(try await indexed(engine, "galaxy") == ["Galaxy Quest"])
        #expect(titles(try await run(engine, #"{ movies_search(query: "space") { title } }"#)) == ["Galaxy Quest"])

        // A change of a searchable column moves the row's words; a change of another column does not break it.
        _ = try await run(engine, #"mutation { movie_update(id: "\#(id)", data: {title: "Star Hunters"}) }"#)
        _ = try await run(engine, #"mutation { movie_update(id: "\#(id)", data: {genre: "drama"}) }"#)
        #expect(try await indexed(engine, "galaxy") == [])
        #expect(try await indexed(engine, "hunters") == ["Star Hunters", "The Running Man"])
        #expect(titles(try await run(engine, #"{ movies_search(query: "star hunters", queryFormat: PLAIN) { title } }"#)) == ["Star Hunters"])
        #expect(titles(try await run(engine, #"{ movies_search(query: "galaxy") { title } }"#)) == [])
        try await expectIndexMatchesTable(engine)

        _ = try await run(engine, #"mutation { movie_delete(id: "\#(id)") }"#)
        #expect(try await indexed(engine, "star") == [])
        #expect(titles(try await run(engine, #"{ movies_search(query: "star") { title } }"#)) == [])
        try await expectIndexMatchesTable(engine)
    }

    @Test func upsertsAndReplacingInsertsKeepTheIndexExact() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let engine = harness.engine
        _ = try await run(engine, #"mutation { movie_upsert(data: {id: "b0000000000000000000000000000003", title: "The Matrix Reloaded"}) }"#)
        #expect(try await indexed(engine, "reloaded") == ["The Matrix Reloaded"])
        // INSERT OR REPLACE deletes the old row without the delete trigger unless recursive
        // triggers are on: the old words would stay and FTS5's integrity check would fail.
        _ = try await run(engine, """
            mutation { _execute(sql: "INSERT OR REPLACE INTO movie (id, title, description) VALUES ('b0000000000000000000000000000004', 'Lola Walks', 'Slowly')") }
            """)
        #expect(try await indexed(engine, "lola") == ["Lola Walks"])
        #expect(try await indexed(engine, "boyfriend") == [])
        try await expectIndexMatchesTable(engine)
    }

    @Test func theIndexSurvivesARestartAndStaysInSync() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            do {
                let first = try openEngine(path)
                _ = try await first.runSeed(try EmulatorHarness.text("nativesql", "seed.gql"), name: "seed.gql")
                _ = try await run(first, #"mutation { movie_insert(data: {title: "Galaxy Quest"}) }"#)
            }
            let second = try openEngine(path)
            #expect(try await indexed(second, "galaxy") == ["Galaxy Quest"])
            _ = try await run(second, #"mutation { movie_insert(data: {title: "Galaxy Rangers"}) }"#)
            _ = try await run(second, #"mutation { movie_deleteMany(where: {title: {eq: "Galaxy Quest"}}) }"#)
            #expect(try await indexed(second, "galaxy") == ["Galaxy Rangers"])
            #expect(titles(try await run(second, #"{ movies_search(query: "galaxy") { title } }"#)) == ["Galaxy Rangers"])
            #expect(Set(titles(try await run(second, #"{ movies_search(query: "running") { title } }"#))) == ["The Running Man", "Chariots of Fire", "Run Lola Run"])
            try await expectIndexMatchesTable(second)
        }
    }

    @Test func aDatabaseWithoutTheIndexGetsOneWithItsRows() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            do {
                // What an older sqlgen left: the tables and rows, no index or triggers.
                let database = try SQLiteConnection(path: path)
                try database.execute("CREATE TABLE movie (id TEXT NOT NULL, title TEXT NOT NULL, description TEXT, genre TEXT, release_year INTEGER, PRIMARY KEY (id))")
                try database.execute("INSERT INTO movie (id, title, description) VALUES ('a1', 'Old Running Days', 'Written before the index'), ('a2', 'Quiet', NULL)")
            }
            let engine = try openEngine(path)
            #expect(try await masterNames(engine).contains(Self.index))
            #expect(try await indexed(engine, "running") == ["Old Running Days"])
            #expect(titles(try await run(engine, #"{ movies_search(query: "index") { title } }"#)) == ["Old Running Days"])
            try await expectIndexMatchesTable(engine)
        }
    }

    @Test func exportLeavesTheIndexOutAndImportIndexesTheRows() async throws {
        let source = try await QueryFeatureHarness.nativeSQL()
        defer { source.remove() }
        let exported = try await source.engine.exportData()
        guard case .object(let tables)? = exported["tables"] else {
            Issue.record("no tables: \(exported.jsonText)")
            return
        }
        #expect(tables.map(\.key) == ["Movie", "Review"])

        let target = try await QueryFeatureHarness(fixture: "nativesql", seed: false)
        defer { target.remove() }
        #expect(try await target.engine.importData(exported) == 7)
        #expect(try await indexed(target.engine, "running") == ["Chariots of Fire", "Run Lola Run", "The Running Man"])
        #expect(Set(titles(try await run(target.engine, #"{ movies_search(query: "running") { title } }"#))) == ["The Running Man", "Chariots of Fire", "Run Lola Run"])
        // Importing again replaces every row (the bulk path); the index keeps one entry per row.
        #expect(try await target.engine.importData(exported) == 7)
        try await expectIndexMatchesTable(target.engine)
        // A small import (under an eighth of the table's rows) goes through the triggers.
        let more = (1...6).map { #"{title: "Extra \#($0)"}"# }.joined(separator: ", ")
        _ = try await run(target.engine, "mutation { movie_insertMany(data: [\(more)]) }")
        let one = try JSONParser.parse(#"{"version": 1, "tables": {"Movie": [{"id": "b0000000000000000000000000000001", "title": "The Walking Man"}]}}"#)
        #expect(try await target.engine.importData(one) == 1)
        #expect(try await indexed(target.engine, "walking") == ["The Walking Man"])
        #expect(try await indexed(target.engine, "televised") == [])
        try await expectIndexMatchesTable(target.engine)
        // The new export is still only the tables.
        guard case .object(let again)? = try await target.engine.exportData()["tables"] else { return }
        #expect(again.map(\.key) == ["Movie", "Review"])
    }

    @Test func changingTheSearchableColumnsRebuildsTheIndex() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let engine = harness.engine
        #expect(try await indexed(engine, "thriller") == [])
        let schema = try EmulatorHarness.text("nativesql", "schema.gql")
        // `genre` becomes searchable, and a new searchable column is added to the table (ALTER TABLE with the triggers in place).
        let withGenre = schema.replacingOccurrences(of: "  genre: String\n", with: "  genre: String @searchable\n  tagline: String @searchable\n")
        #expect(withGenre != schema)
        let changes = try await engine.reload(schemaSources: QueryFeatureHarness.sources(withGenre), operationSources: [], allowReset: false)
        #expect(changes.contains("rebuilt search index \"\(Self.index)\" of \"movie\""), "\(changes)")
        // The existing rows are in the rebuilt index, and new ones follow.
        #expect(try await indexed(engine, "thriller") == ["Run Lola Run"])
        #expect(titles(try await run(engine, #"{ movies_search(query: "thriller") { title } }"#)) == ["Run Lola Run"])
        _ = try await run(engine, #"mutation { movie_insert(data: {title: "Psycho", genre: "thriller", tagline: "Check in, relax, take a shower"}) }"#)
        #expect(try await indexed(engine, "thriller") == ["Psycho", "Run Lola Run"])
        #expect(titles(try await run(engine, #"{ movies_search(query: "shower") { title } }"#)) == ["Psycho"])
        try await expectIndexMatchesTable(engine)

        // A change of tokenizer (every column "simple": no stemming) rebuilds it too.
        let simple = withGenre.replacingOccurrences(of: #"@searchable(language: "english")"#, with: #"@searchable(language: "simple")"#)
            .replacingOccurrences(of: "@searchable\n", with: "@searchable(language: \"simple\")\n")
        let unstemmed = try await engine.reload(schemaSources: QueryFeatureHarness.sources(simple), operationSources: [], allowReset: false)
        #expect(unstemmed.contains("rebuilt search index \"\(Self.index)\" of \"movie\""), "\(unstemmed)")
        #expect(try await indexed(engine, "running") == ["The Running Man"])

        // Without searchable columns the index and its triggers go.
        let none = simple.replacingOccurrences(of: #" @searchable(language: "simple")"#, with: "")
        let dropped = try await engine.reload(schemaSources: QueryFeatureHarness.sources(none), operationSources: [], allowReset: false)
        #expect(dropped.contains("dropped search index \"\(Self.index)\""), "\(dropped)")
        #expect(try await masterNames(engine).filter { $0.hasPrefix("__sqlgen") }.isEmpty)
        _ = try await run(engine, #"mutation { movie_insert(data: {title: "Vertigo"}) }"#)
    }

    @Test func aResetDropsAndRemakesTheIndex() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let engine = harness.engine
        // Changing the type of a column loses data: with a reset allowed, every table starts over.
        let schema = try EmulatorHarness.text("nativesql", "schema.gql").replacingOccurrences(of: "  releaseYear: Int\n", with: "  releaseYear: String\n")
        let changes = try await engine.reload(schemaSources: QueryFeatureHarness.sources(schema), operationSources: [], allowReset: true)
        #expect(changes.contains { $0.hasPrefix("reset the database") }, "\(changes)")
        #expect(try await indexed(engine, "running") == [])
        _ = try await run(engine, #"mutation { movie_insert(data: {title: "Running Again"}) }"#)
        #expect(try await indexed(engine, "running") == ["Running Again"])
        try await expectIndexMatchesTable(engine)
    }

    @Test func aColumnNameFTS5ReservesIsSearchedWithoutAPersistentIndex() async throws {
        let harness = try await QueryFeatureHarness(fixture: "nativesql", schema: "type Note @table { rank: String @searchable }", seed: false)
        defer { harness.remove() }
        _ = try await run(harness.engine, #"mutation { note_insert(data: {rank: "Top running notes"}) }"#)
        let (_, json) = try await harness.run(#"{ notes_search(query: "run") { rank } }"#)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(json["data", "notes_search", 0, "rank"] == .string("Top running notes"))
        #expect(try await masterNames(harness.engine).filter { $0.hasPrefix("__sqlgen") }.isEmpty)
    }
}

/// On either database the emulator keeps the `__sqlgen_` prefix for its own objects.
@Suite("Emulator: names the emulator keeps")
struct ReservedNameTests {
    @Test func tableNamesTheIndexUsesAreRefused() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let error = #expect(throws: EmulatorError.self) {
                _ = try TestDatabase.engine(schemaSources: QueryFeatureHarness.sources(#"type Movie @table(name: "__sqlgen_search_x") { title: String! @searchable }"#),
                                            operationSources: [], connectorId: "test", databasePath: path)
            }
            #expect(error?.message.contains("keeps for its search indexes") == true, "\(String(describing: error))")
        }
    }
}

@Suite("Emulator: search on @view types", .enabled(if: TestDatabase.isPostgreSQL || SQLiteConnection.hasFTS5))
struct ViewSearchTests {
    static let schema = """
        type MovieBlurb @view(sql: "SELECT title, description, genre FROM movie") {
          title: String @searchable
          description: String @searchable
          genre: String
        }
        """

    private func titles(_ json: JSONValue) -> [String] {
        (json["data", "movieBlurbs_search"]?.arrayValue ?? []).compactMap { $0["title"]?.stringValue }
    }

    @Test func aViewIsSearched() async throws {
        let harness = try await QueryFeatureHarness(fixture: "nativesql", schema: try EmulatorHarness.text("nativesql", "schema.gql") + Self.schema)
        defer { harness.remove() }
        let (status, json) = try await harness.run(#"{ movieBlurbs_search(query: "running") { title genre } }"#)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(Set(titles(json)) == ["The Running Man", "Chariots of Fire", "Run Lola Run"])
        let (_, ranked) = try await harness.run(#"{ movieBlurbs_search(query: "run | olympics", queryFormat: ADVANCED, where: {genre: {ne: "thriller"}}) { title } }"#)
        #expect(titles(ranked) == ["Chariots of Fire", "The Running Man"])
        // PostgreSQL searches the view as it is; what follows is SQLite's copy and its fallback.
        guard TestDatabase.isSQLite else { return }
        try await SQLiteDialect.$searchWithoutFTS5.withValue(true) {
            let (_, like) = try await harness.run(#"{ movieBlurbs_search(query: "running") { title } }"#)
            #expect(like["errors"] == nil, "\(like.jsonText)")
            #expect(titles(like) == ["The Running Man"])
        }
        // Nothing of the request stays behind.
        let (_, temp) = try await harness.run(#"{ _select(sql: "SELECT name FROM sqlite_temp_master") }"#)
        #expect(temp["data", "_select"] == .array([]))
        // A view gets no persistent index (SQLite has no triggers on views).
        let (_, master) = try await harness.run(#"{ _select(sql: "SELECT name FROM sqlite_master WHERE name LIKE '%movie_blurb%'") }"#)
        #expect(master["data", "_select"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["movie_blurb"])
    }
}

@Suite("Emulator: search index without FTS5", .enabled(if: TestDatabase.isSQLite, "SQLite built without FTS5"))
struct SearchIndexWithoutFTS5Tests {
    private func run(_ engine: EmulatorEngine, _ query: String) async throws -> JSONValue {
        let response = await engine.executeDocument(query, operationName: nil, variables: .object([]))
        #expect(response.result.errors.isEmpty, "\(query): \(response.result.json.jsonText)")
        return response.result.json
    }

    private func triggers(_ engine: EmulatorEngine) async throws -> [String] {
        let json = try await run(engine, #"{ _select(sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name") }"#)
        return (json["data", "_select"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }

    /// An engine as on a SQLite without FTS5 (the test switch) opens a database that has an
    /// index: it drops the triggers (which would need FTS5 to write), writes and searches with
    /// LIKE; the next engine with FTS5 restores the index with the rows written meanwhile.
    @Test(.enabled(if: SQLiteConnection.hasFTS5)) func anEngineWithoutFTS5MakesNoIndexAndTheNextOneRebuildsIt() async throws {
        try await QueryFeatureHarness.withDatabasePath { path, _ in
            let schema = QueryFeatureHarness.sources(try EmulatorHarness.text("nativesql", "schema.gql"))
            func open() throws -> EmulatorEngine {
                try TestDatabase.engine(schemaSources: schema, operationSources: [], connectorId: "test", databasePath: path)
            }
            do {
                let first = try open()
                _ = try await first.runSeed(try EmulatorHarness.text("nativesql", "seed.gql"), name: "seed.gql")
                #expect(try await triggers(first).count == 3)
            }
            try await SQLiteDialect.$searchWithoutFTS5.withValue(true) {
                let plain = try open()
                #expect(try await triggers(plain) == [])
                _ = try await run(plain, #"mutation { movie_insert(data: {title: "Galaxy Quest"}) }"#)
                let found = try await run(plain, #"{ movies_search(query: "galaxy") { title } }"#)
                #expect(found["data", "movies_search", 0, "title"] == .string("Galaxy Quest"))
            }
            let restored = try open()
            #expect(try await triggers(restored).count == 3)
            let json = try await run(restored, #"{ _select(sql: "SELECT title FROM movie WHERE rowid IN (SELECT rowid FROM __sqlgen_search_movie_fts WHERE __sqlgen_search_movie_fts MATCH 'galaxy')") }"#)
            #expect(json["data", "_select"] == .array([.object([JSONMember("title", .string("Galaxy Quest"))])]))
        }
    }
}
