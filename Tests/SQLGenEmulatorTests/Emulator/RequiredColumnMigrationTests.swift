import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import Testing

@Suite("Emulator: new required columns")
struct RequiredColumnMigrationTests {
    /// Whether the column is NOT NULL, read through a connection of its own.
    static func isNotNull(_ path: String, table: String, column: String) throws -> Bool? {
        try TestDatabase.isNotNull(path: path, table: table, column: column)
    }

    @Test func aLiteralDefaultFillsExistingRowsAndTheColumnIsNotNull() async throws {
        let harness = try await QueryFeatureHarness(schema: "type Movie @table { title: String! }", seed: false)
        defer { harness.remove() }
        _ = try await harness.run(#"mutation { a: movie_insert(data: {title: "Kept"}) b: movie_insert(data: {title: "Also kept"}) }"#)
        let changes = try await harness.engine.reload(schemaSources: QueryFeatureHarness.sources("""
        type Movie @table { title: String! rating: Int! @default(value: 3) genre: String! @default(value: "it's new") }
        """), operationSources: [], allowReset: false)
        #expect(changes.contains { $0.contains("\"rating\"") && $0.contains("NOT NULL") }, "\(changes)")
        let (_, json) = try await harness.run("{ movies(orderBy: [{title: ASC}]) { title rating genre } }")
        #expect(harness.column(json, "movies", "rating") == [.int(3), .int(3)])
        #expect(harness.column(json, "movies", "genre").strings == ["it's new", "it's new"])
        #expect(try Self.isNotNull(harness.databasePath, table: "movie", column: "rating") == true)
    }

    @Test func withoutADefaultANonEmptyTableRefusesUnlessReset() async throws {
        let harness = try await QueryFeatureHarness(schema: "type Movie @table { title: String! }", seed: false)
        defer { harness.remove() }
        _ = try await harness.run(#"mutation { movie_insert(data: {title: "Kept"}) }"#)
        let required = QueryFeatureHarness.sources("type Movie @table { title: String! votes: Int! }")
        do {
            _ = try await harness.engine.reload(schemaSources: required, operationSources: [], allowReset: false)
            Issue.record("a required column without a default was added to a table with rows")
        } catch {
            #expect(error.message.contains("Movie.votes"), "\(error.message)")
            #expect(error.message.contains("--reset"))
        }
        let (_, kept) = try await harness.run("{ movies { title } }")
        #expect(harness.column(kept, "movies", "title").strings == ["Kept"])
        let reset = try await harness.engine.reload(schemaSources: required, operationSources: [], allowReset: true)
        #expect(reset.first?.contains("reset") == true)
        #expect(try Self.isNotNull(harness.databasePath, table: "movie", column: "votes") == true)
    }

    @Test func anEmptyTableGetsTheColumnNotNull() async throws {
        let harness = try await QueryFeatureHarness(schema: "type Tag @table { name: String! } type Note @table { tag: Tag! text: String }", seed: false)
        defer { harness.remove() }
        let changes = try await harness.engine.reload(schemaSources: QueryFeatureHarness.sources("""
        type Tag @table { name: String! weight: Int! } type Note @table { tag: Tag! text: String }
        """), operationSources: [], allowReset: false)
        // SQLite cannot add a NOT NULL column without a default: it recreates the empty table.
        // PostgreSQL adds it as it is.
        let expected = TestDatabase.isSQLite ? "recreated empty table \"tag\"" : "added column \"tag\".\"weight\" (NOT NULL, to an empty table)"
        #expect(changes.contains { $0.contains(expected) }, "\(changes)")
        #expect(try Self.isNotNull(harness.databasePath, table: "tag", column: "weight") == true)
        let (_, missing) = try await harness.run(#"mutation { tag_insert(data: {name: "x"}) }"#)
        #expect(missing["errors", 0] != nil)
        let (_, inserted) = try await harness.run(#"mutation { tag_insert(data: {id: "b0000000000000000000000000000001", name: "x", weight: 2}) }"#)
        #expect(inserted["errors"] == nil, "\(inserted.jsonText)")
        let (_, note) = try await harness.run(#"mutation { note_insert(data: {tagId: "b0000000000000000000000000000001", text: "linked"}) }"#)
        #expect(note["errors"] == nil, "\(note.jsonText)")
    }

    @Test func startingOnAnOlderDatabaseRefusesAnUnfillableColumn() async throws {
        let harness = try await QueryFeatureHarness(schema: "type Movie @table { title: String! }", seed: false)
        defer { harness.remove() }
        _ = try await harness.run(#"mutation { movie_insert(data: {title: "Kept"}) }"#)
        do {
            _ = try TestDatabase.engine(schemaSources: QueryFeatureHarness.sources("type Movie @table { title: String! votes: Int! }"), operationSources: [],
                                   connectorId: "x", databasePath: harness.databasePath)
            Issue.record("started with an unfillable required column")
        } catch {
            #expect(error.message.contains("Movie.votes"))
        }
    }
}
