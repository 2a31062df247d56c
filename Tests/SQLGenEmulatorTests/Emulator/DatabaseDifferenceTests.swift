import Foundation
import SQLGenEmulator
import Testing

/// Where SQLite and PostgreSQL legitimately answer differently, each database's answer.
@Suite("Emulator: what differs between SQLite and PostgreSQL")
struct DatabaseDifferenceTests {
    @Test func nullsSortFirstOnSQLiteAndLastOnPostgreSQL() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        _ = try await harness.run(#"mutation { movie_insert(data: {title: "Undated"}) }"#)
        let (_, json) = try await harness.run("{ up: movies(orderBy: [{releaseYear: ASC}]) { title } down: movies(orderBy: [{releaseYear: DESC}]) { title } }")
        let dated = ["Chariots of Fire", "The Running Man", "Run Lola Run", "The Matrix"]
        let up = TestDatabase.isSQLite ? ["Undated"] + dated : dated + ["Undated"]
        #expect(harness.column(json, "up", "title").strings == up)
        #expect(harness.column(json, "down", "title").strings == up.reversed())
    }
}
