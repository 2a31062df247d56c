import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

@Suite("Emulator: @view types")
struct ViewTests {
    @Test func viewRowsComeFromItsSQLWithMissingColumnsNullAndReferencesFollowed() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (status, json) = try await harness.run("""
        { restaurantStatsList(orderBy: [{averageRating: DESC}]) { reviewCount averageRating missingNote restaurant { name } } }
        """)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        let rows = json["data", "restaurantStatsList"]?.arrayValue ?? []
        #expect(rows.map { $0["restaurant", "name"] ?? .null }.strings == ["Pasta Place", "Sushi Bar", "Burger Joint"])
        #expect(rows.map { $0["reviewCount"] ?? .null } == [.int(2), .int(1), .int(3)])
        #expect(rows.first?["averageRating"] == .double(4.5))
        #expect(rows.allSatisfy { $0["missingNote"] == .null })
    }

    @Test func filtersAggregatesLookupsAndColumnNames() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (_, json) = try await harness.run("""
        { busy: restaurantStatsList(where: {reviewCount: {ge: 2}}, orderBy: [{reviewCount: ASC}]) { reviewCount }
          totals: restaurantStatsList { _count reviewCount_sum averageRating_max }
          top: restaurantStats(first: {orderBy: [{reviewCount: DESC}]}) { reviewCount restaurant { name } }
          comments: topComments(orderBy: [{stars: DESC}]) { body stars }
          pattern: topComments(where: {body: {startsWith: "Fresh"}}) { body } }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(harness.column(json, "busy", "reviewCount") == [.int(2), .int(3)])
        #expect(json["data", "totals", 0, "_count"] == .int(3))
        #expect(json["data", "totals", 0, "reviewCount_sum"] == .int(6))
        #expect(json["data", "totals", 0, "averageRating_max"] == .double(4.5))
        #expect(json["data", "top", "restaurant", "name"] == .string("Burger Joint"))
        #expect(harness.column(json, "comments", "body").strings == ["Great pasta", "Fresh fish", "Greasy"])
        #expect(harness.column(json, "comments", "stars") == [.int(5), .int(3), .int(2)])
        #expect(harness.column(json, "pattern", "body").strings == ["Fresh fish"])
    }

    @Test func relationsFromTablesToViewsLoadAndFilter() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let (_, json) = try await harness.run("""
        { all: restaurants(orderBy: [{name: ASC}]) { name stats: restaurantStats_on_restaurant { reviewCount } }
          good: restaurants(where: {restaurantStats_on_restaurant: {averageRating: {ge: 4}}}) { name } }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        let all = json["data", "all"]?.arrayValue ?? []
        #expect(all.map { $0["name"] ?? .null }.strings == ["Burger Joint", "Noodle House", "Pasta Place", "Sushi Bar"])
        #expect(all.map { $0["stats", "reviewCount"] ?? .null } == [.int(3), .null, .int(2), .int(1)])
        #expect(harness.column(json, "good", "name").strings == ["Pasta Place"])
    }

    @Test func viewsFollowTheirTablesAndCannotBeMutated() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        _ = try await harness.run(#"mutation { review_insert(data: {restaurantId: "a0000000000000000000000000000004", rating: 5}) }"#)
        let (_, json) = try await harness.run(#"{ restaurantStatsList(where: {restaurantId: {eq: "a0000000000000000000000000000004"}}) { reviewCount } }"#)
        #expect(json["data", "restaurantStatsList"] == .array([.object([JSONMember("reviewCount", .int(1))])]))
        let (status, refused) = try await harness.run(#"mutation { restaurantStats_insert(data: {reviewCount: 1}) }"#)
        #expect(status == 400)
        #expect(refused["errors", 0, "message"]?.stringValue?.contains("restaurantStats_insert") == true)
    }

    @Test func sqlThatSQLiteCannotRunStopsTheStartWithADiagnostic() async throws {
        let directory = try QueryFeatureHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = """
        type Player @table { score: Int }
        type ScoreStats @view(sql: "\(TestDatabase.isSQLite ? "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY score) AS median FROM player" : "SELECT median FROM nowhere")") { median: Float }
        """
        do {
            _ = try TestDatabase.engine(schemaSources: QueryFeatureHarness.sources(schema), operationSources: [], connectorId: "x",
                                   databasePath: directory.appendingPathComponent("db.sqlite").path)
            Issue.record("the engine started with a @view SELECT SQLite cannot run")
        } catch {
            #expect(error.message.contains("\"ScoreStats\""))
            #expect(error.message.contains("PostgreSQL"))
            // On PostgreSQL, the database Data Connect runs, the SQL is wrong whatever runs it.
            #expect(error.message.contains(TestDatabase.isSQLite ? "SQLite cannot run" : #"PostgreSQL cannot run its @view(sql:) SELECT: relation "nowhere" does not exist."#), "\(error.message)")
        }
    }

    @Test func namedViewsReadAViewTheUserCreated() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let named = try QueryFeatureHarness.schemaText() + #"type CuisineCount @view(name: "cuisine_counts") { cuisine: String restaurants: Int }"#
        let missing = try await harness.engine.reload(schemaSources: QueryFeatureHarness.sources(named), operationSources: [], allowReset: false)
        #expect(missing.contains { $0.contains("\"cuisine_counts\"") && $0.contains("not in the database") }, "\(missing)")
        let database = try TestDatabase.connection(path: harness.databasePath)
        try database.execute("CREATE VIEW cuisine_counts AS SELECT cuisine, COUNT(*) AS restaurants FROM restaurant GROUP BY cuisine")
        let (_, json) = try await harness.run("{ cuisineCounts(orderBy: [{restaurants: DESC}, {cuisine: ASC}]) { cuisine restaurants } }")
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(harness.column(json, "cuisineCounts", "cuisine").strings == ["japanese", "american", "italian"])
        #expect(harness.column(json, "cuisineCounts", "restaurants") == [.int(2), .int(1), .int(1)])
    }

    @Test func reloadReplacesAViewWhoseSQLChanged() async throws {
        let harness = try await QueryFeatureHarness()
        defer { harness.remove() }
        let unchanged = try await harness.engine.reload(schemaSources: QueryFeatureHarness.sources(try QueryFeatureHarness.schemaText()), operationSources: [], allowReset: false)
        #expect(!unchanged.contains { $0.contains("view") }, "\(unchanged)")
        let changedSchema = try QueryFeatureHarness.schemaText().replacingOccurrences(of: "WHERE comment IS NOT NULL", with: "WHERE rating >= 3")
        let changes = try await harness.engine.reload(schemaSources: QueryFeatureHarness.sources(changedSchema), operationSources: [], allowReset: false)
        #expect(changes.contains("replaced view \"top_comment\""), "\(changes)")
        let (_, json) = try await harness.run("{ topComments(orderBy: [{stars: ASC}]) { stars } }")
        #expect(harness.column(json, "topComments", "stars") == [.int(3), .int(4), .int(5)])
        // A view type that becomes a table: the old view goes, the table takes its name.
        let asTable = changedSchema.replacingOccurrences(of: #"type TopComment @view(sql: "SELECT comment AS text, rating AS stars FROM review WHERE rating >= 3")"#,
                                                         with: "type TopComment @table")
        let replaced = try await harness.engine.reload(schemaSources: QueryFeatureHarness.sources(asTable), operationSources: [], allowReset: false)
        #expect(replaced.contains("dropped view \"top_comment\""), "\(replaced)")
        #expect(replaced.contains("created table \"top_comment\""), "\(replaced)")
        let (_, inserted) = try await harness.run(#"mutation { topComment_insert(data: {body: "now a table", stars: 1}) }"#)
        #expect(inserted["errors"] == nil, "\(inserted.jsonText)")
    }
}
