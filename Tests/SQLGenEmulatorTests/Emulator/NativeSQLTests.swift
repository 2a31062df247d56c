import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

@Suite("Emulator: native SQL fields")
struct NativeSQLTests {
    @Test func selectReturnsRowsKeyedByColumnWithBoundParameters() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let (status, json) = try await harness.run("""
        query($genre: String!) {
          movies: _select(sql: "SELECT title, release_year AS year FROM movie WHERE genre = $1 ORDER BY release_year", params: [$genre])
          first: _selectFirst(sql: "SELECT COUNT(*) AS total, AVG(rating) AS average FROM review")
          none: _selectFirst(sql: "SELECT title FROM movie WHERE release_year > $1", params: [3000])
          empty: _select(sql: "SELECT title FROM movie WHERE 1 = 0")
        }
        """, #"{"genre": "action"}"#)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(json["data", "movies"] == .array([
            .object([JSONMember("title", .string("The Running Man")), JSONMember("year", .int(1987))]),
            .object([JSONMember("title", .string("The Matrix")), JSONMember("year", .int(1999))]),
        ]))
        #expect(json["data", "first", "total"] == .int(3))
        #expect(json["data", "first", "average"] == .double(4))
        #expect(json["data", "none"] == .null)
        #expect(json["data", "empty"] == .array([]))
    }

    @Test func parametersAreBoundNeverInterpolated() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let hostile = #"x'; DROP TABLE movie; --"#
        let (_, json) = try await harness.run("""
        query($title: String!) {
          matches: _selectFirst(sql: "SELECT COUNT(*) AS n FROM movie WHERE title = $1", params: [$title])
          echo: _selectFirst(sql: "SELECT $1 AS value, '$1' AS literal", params: [$title])
        }
        """, JSONValue.object([JSONMember("title", .string(hostile))]).jsonText)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(json["data", "matches", "n"] == .int(0))
        #expect(json["data", "echo", "value"] == .string(hostile))
        #expect(json["data", "echo", "literal"] == .string("$1"))
        let (_, after) = try await harness.run(#"{ _selectFirst(sql: "SELECT COUNT(*) AS n FROM movie") }"#)
        #expect(after["data", "_selectFirst", "n"] == .int(4))
    }

    @Test func variablesOfAnyTypeBindInStoredForm() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        // A dashed UUID variable binds as the emulator stores UUIDs (32 hex digits).
        let (_, json) = try await harness.run("""
        query($id: UUID!, $min: Int!) {
          _selectFirst(sql: "SELECT title FROM movie WHERE id = $1 AND release_year >= $2", params: [$id, $min])
        }
        """, #"{"id": "b0000000-0000-0000-0000-000000000003", "min": 1990}"#)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(json["data", "_selectFirst", "title"] == .string("The Matrix"))
    }

    @Test func executeReturnsAffectedRowsInsideTheMutation() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let (status, json) = try await harness.run("""
        mutation {
          changed: _execute(sql: "UPDATE movie SET genre = $1 WHERE release_year < $2", params: ["classic", 1990])
          none: _execute(sql: "DELETE FROM review WHERE rating > 10")
        }
        """)
        #expect(status == 200)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(json["data", "changed"] == .int(2))
        #expect(json["data", "none"] == .int(0))
        let (_, after) = try await harness.run(#"{ _select(sql: "SELECT title FROM movie WHERE genre = 'classic' ORDER BY title") }"#)
        #expect(after["data", "_select"] == .array([
            .object([JSONMember("title", .string("Chariots of Fire"))]),
            .object([JSONMember("title", .string("The Running Man"))]),
        ]))
    }

    @Test func executeReturningGivesTheReturnedRows() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let (_, json) = try await harness.run("""
        mutation {
          deleted: _executeReturning(sql: "DELETE FROM review WHERE user_uid = $1 RETURNING rating", params: ["alice"])
          inserted: _executeReturningFirst(sql: "INSERT INTO review (id, movie_id, user_uid, rating) VALUES ($1, $2, $3, 2) RETURNING user_uid, rating",
                                           params: ["c0000000000000000000000000000001", "b0000000000000000000000000000002", "carol"])
          missing: _executeReturningFirst(sql: "UPDATE movie SET genre = 'x' WHERE title = 'nope' RETURNING id")
        }
        """)
        #expect(json["errors"] == nil, "\(json.jsonText)")
        #expect(json["data", "deleted"]?.arrayValue?.compactMap { $0["rating"] }.sorted { $0.jsonText < $1.jsonText } == [.int(4), .int(5)])
        #expect(json["data", "inserted"] == .object([JSONMember("user_uid", .string("carol")), JSONMember("rating", .int(2))]))
        #expect(json["data", "missing"] == .null)
        let (_, after) = try await harness.run(#"{ reviews(orderBy: [{rating: ASC}]) { userUid rating } }"#)
        #expect(after["data", "reviews"]?.arrayValue?.compactMap { $0["userUid"]?.stringValue } == ["carol", "bob"])
    }

    @Test func aFailedStepRollsBackATransaction() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let (_, json) = try await harness.run("""
        mutation @transaction {
          a: _execute(sql: "UPDATE movie SET genre = 'gone'")
          b: _execute(sql: "INSERT INTO review (id, movie_id, user_uid, rating) VALUES ('c0000000000000000000000000000009', 'b00000000000000000000000000000ff', 'x', 1)")
        }
        """)
        // Under @transaction every root field is null with its own error: the failed step's, and
        // "(rolled back)" on the steps before it.
        let errors = json["errors"]?.arrayValue ?? []
        #expect(errors.count == 2)
        let failed = errors.first { $0["path"] == .array([.string("b")]) }
        #expect(failed?["extensions", "code"] == .string("FAILED_PRECONDITION"))
        let rolledBack = errors.first { $0["path"] == .array([.string("a")]) }
        #expect(rolledBack?["extensions", "code"] == .string("ABORTED"))
        #expect(json["data", "a"] == .null)
        let (_, after) = try await harness.run(#"{ _selectFirst(sql: "SELECT COUNT(*) AS n FROM movie WHERE genre = 'gone'") }"#)
        #expect(after["data", "_selectFirst", "n"] == .int(0))
    }

    /// SQLite's errors say that the SQL met SQLite, not PostgreSQL; PostgreSQL runs Data Connect's
    /// SQL as written (ILIKE here), and its errors need no such note.
    @Test func errorsSayWhichDatabaseRejectedTheSQL() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        guard TestDatabase.isSQLite else {
            let (_, rows) = try await harness.run(#"{ _select(sql: "SELECT title FROM movie WHERE title ILIKE $1 ORDER BY title", params: ["%run%"]) }"#)
            #expect(rows["data", "_select"] == .array([.object([JSONMember("title", .string("Run Lola Run"))]),
                                                       .object([JSONMember("title", .string("The Running Man"))])]), "\(rows.jsonText)")
            let (_, json) = try await harness.run(#"{ _select(sql: "SELECT title FROM nowhere") }"#)
            let message = json["errors", 0, "message"]?.stringValue ?? ""
            #expect(message == #"PostgreSQL rejected the SQL of "_select": relation "nowhere" does not exist."#, "\(message)")
            #expect(json["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
            return
        }
        let (status, json) = try await harness.run(#"{ _select(sql: "SELECT title FROM movie WHERE title ILIKE $1", params: ["%run%"]) }"#)
        #expect(status == 200)
        #expect(json["data", "_select"] == .null)
        let message = json["errors", 0, "message"]?.stringValue ?? ""
        #expect(message.hasPrefix("SQLite rejected the SQL of \"_select\": near \"ILIKE\": syntax error."), "\(message)")
        #expect(message.contains("Data Connect runs it on PostgreSQL"))
        #expect(json["errors", 0, "extensions", "code"] == .string("INVALID_ARGUMENT"))
    }

    @Test func ruleViolationsAreCaughtAtRunTimeToo() async throws {
        // Ad-hoc requests skip the persisted-operation rules; the executor checks the same rules.
        let harness = try await QueryFeatureHarness.nativeSQL()
        defer { harness.remove() }
        let (_, variable) = try await harness.run(#"query($q: String!) { _select(sql: $q) }"#, #"{"q": "SELECT 1"}"#)
        #expect(variable["errors", 0, "message"] == .string("Argument \"_select(sql:)\" must be a string literal written in the operation, not a variable: clients cannot change native SQL."))
        let (_, unused) = try await harness.run(#"{ _select(sql: "SELECT 1", params: [1]) }"#)
        #expect(unused["errors", 0, "message"] == .string("The SQL of \"_select\" never uses $1 (unused parameter: $1); remove it from \"params\" or use it."))
        let (_, write) = try await harness.run(#"{ _select(sql: "DELETE FROM movie") }"#)
        #expect(write["errors", 0, "message"]?.stringValue?.hasPrefix("\"_select\" runs read-only SQL") == true)
        let (_, control) = try await harness.run(#"mutation { _execute(sql: "COMMIT") }"#)
        #expect(control["errors", 0, "message"] == .string("The SQL of \"_execute\" controls the transaction or the connection (\"COMMIT\"), which Data Connect manages."))
        let (_, after) = try await harness.run(#"{ _selectFirst(sql: "SELECT COUNT(*) AS n FROM movie") }"#)
        #expect(after["data", "_selectFirst", "n"] == .int(4))
    }

    @Test func persistedOperationsAreValidatedWhenLoaded() async throws {
        await #expect(throws: EmulatorError.self) {
            _ = try await QueryFeatureHarness.nativeSQL(operations: #"query Bad @auth(level: PUBLIC) { _select(sql: "SELECT $1") }"#)
        }
        do {
            _ = try await QueryFeatureHarness.nativeSQL(operations: #"mutation Bad @auth(level: USER) { _execute(sql: "DROP TABLE movie") }"#)
            Issue.record("a DDL statement was accepted")
        } catch let error as EmulatorError {
            #expect(error.message.contains("is a DDL statement (\"DROP\")"), "\(error.message)")
        }
    }

    @Test func authAppliesAndExpressionsBindTheCaller() async throws {
        let harness = try await QueryFeatureHarness.nativeSQL(operations: """
        query MyReviews @auth(level: USER) {
          mine: _select(sql: "SELECT rating FROM review WHERE user_uid = $1 ORDER BY rating", params: [{_expr: "auth.uid"}])
        }
        """)
        defer { harness.remove() }
        let signedIn = await harness.engine.respond(connector: "test", name: "MyReviews", OperationRequest(variables: .json(.object([])), caller: Caller(uid: "alice"))).response
        #expect(signedIn.status == 200)
        #expect(signedIn.result.json["data", "mine"] == .array([
            .object([JSONMember("rating", .int(4))]), .object([JSONMember("rating", .int(5))]),
        ]))
        let signedOut = await harness.engine.respond(connector: "test", name: "MyReviews", OperationRequest(variables: .json(.object([])), caller: Caller())).response
        #expect(signedOut.status == 401)
        #expect(signedOut.result.errors.first?.code == "UNAUTHENTICATED")
    }
}
