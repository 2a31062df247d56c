import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenHTTP
import SQLGenJSON
import SQLGenLanguage
import SQLGenSchema
import Testing
@testable import SQLGenEmulator

/// Planned queries (`QueryPlan`) must answer exactly as the generic executor does: the same status
/// and the same bytes, for every hosted query of the example connectors and many variable sets.
/// Each request runs twice on one engine, with planning on and off; `plannedAnswers` shows that
/// the plan really answered (so these tests fail if planning silently stops).
@Suite("Emulator: planned queries")
struct QueryPlanTests {
    // MARK: A schema with every scalar kind and every relation shape

    static let schema = """
    enum Tone { CALM LOUD }
    type Studio @table { name: String!, founded: Date }
    type Film @table {
      title: String!
      studio: Studio
      year: Int
      budget: Int64
      score: Float
      released: Boolean
      premiere: Timestamp
      opening: Date
      tone: Tone
      extra: Any
      tags: [String]
      counts: [Int64]
      code: UUID
    }
    type Review @table { film: Film!, stars: Int!, body: String }
    type Actor @table { name: String! }
    type Casting @table(key: ["film", "actor"]) { film: Film!, actor: Actor!, role: String }
    type Note @table { casting: Casting!, text: String! }
    """

    static let operations = """
    query allFilms($where: Film_Filter, $orderBy: [Film_Order!], $limit: Int, $offset: Int) @auth(level: PUBLIC) {
      films(where: $where, orderBy: $orderBy, limit: $limit, offset: $offset) {
        __typename id title year budget score released premiere opening tone extra tags counts code
        studio { name founded __typename }
      }
    }
    query filmsByYear($year: Int, $reviewLimit: Int, $reviewOffset: Int, $minStars: Int) @auth(level: PUBLIC) {
      films(where: {year: {eq: $year}}, orderBy: [{score: DESC}]) {
        name: title
        ...FilmParts
        reviews_on_film(where: {stars: {ge: $minStars}}, orderBy: [{stars: ASC}], limit: $reviewLimit, offset: $reviewOffset) {
          stars body film { title studio { name } }
        }
      }
    }
    fragment FilmParts on Film { id score ... on Film { tone } year @include(if: true) budget @skip(if: true) }
    query film($id: UUID!) @auth(level: PUBLIC) {
      film(id: $id) {
        title
        actors_via_Casting(orderBy: [{role: ASC}]) { name films_via_Casting { title } }
        castings_on_film { role actor { name } }
        reviews_on_film { stars }
      }
      kind: __typename
    }
    query unorderedRelations($reviewLimit: Int, $reviewOffset: Int, $minStars: Int, $role: String) @auth(level: PUBLIC) {
      films {
        title
        reviews_on_film(where: {stars: {ge: $minStars}}, limit: $reviewLimit, offset: $reviewOffset) { stars body }
        castings_on_film(where: {role: {eq: $role}}) { role }
        actors_via_Casting(where: {role: {eq: $role}}, limit: $reviewLimit) { name }
      }
    }
    query castingNotes($limit: Int) @auth(level: PUBLIC) {
      castings { role notes_on_casting(limit: $limit) { text casting { role } } }
    }
    query filmByKey($key: Film_Key!) @auth(level: PUBLIC) { film(key: $key) { title tags } }
    query firstLoud @auth(level: PUBLIC) { film(first: {where: {tone: {eq: LOUD}}, orderBy: [{year: DESC}]}) { title year } }
    query studios @auth(level: PUBLIC) { studios(orderBy: [{name: ASC}]) { name films_on_studio(limit: 2) { title } } }
    query twoLists($limit: Int) @auth(level: PUBLIC) { a: films(limit: $limit) { title } b: reviews(limit: $limit, offset: 1) { stars } }
    query distinctYears($distinct: Boolean) @auth(level: PUBLIC) { films(distinct: $distinct, orderBy: [{year: ASC}]) { year } }
    query merged($id: UUID!) @auth(level: PUBLIC) {
      films(limit: 3) { title } films(limit: 3) { year reviews_on_film { stars } reviews_on_film { body } }
      film(id: $id) { title } film(id: $id) { studio { name } studio { founded } }
    }
    query dangling @auth(level: PUBLIC) { reviews(orderBy: [{stars: DESC}]) { stars film { title } } }
    query filmCount @auth(level: PUBLIC) { films { _count } }
    query reviewCounts @auth(level: PUBLIC) { films { title reviews_on_film { _count } } }
    query skipped($skip: Boolean!) @auth(level: PUBLIC) { films { title @skip(if: $skip) } }
    query checked @auth(level: PUBLIC) { films @check(expr: "this != null") { title } }
    query redacted @auth(level: PUBLIC) { films { title year @redact } }
    query literalDistinct @auth(level: PUBLIC) { films(distinct: true) { year } }
    query schemaName @auth(level: PUBLIC) { __schema { queryType { name } } }
    """

    static let studioA = "aaaaaaaa000000000000000000000001"
    static let studioB = "aaaaaaaa000000000000000000000002"
    static func filmID(_ index: Int) -> String { String(format: "bbbbbbbb0000000000000000%08d", index) }
    static func actorID(_ index: Int) -> String { String(format: "cccccccc0000000000000000%08d", index) }

    static func seed() -> String {
        var films: [String] = []
        for index in 0..<12 {
            var fields = ["id: \"\(filmID(index))\"", "title: \"Film \(index) \\\"quoted\\\" \\\\ é\""]
            if index % 4 != 3 { fields.append("studioId: \"\(index % 2 == 0 ? studioA : studioB)\"") }
            if index % 5 != 4 { fields.append("year: \(2000 + index % 3)") }
            if index % 3 != 2 { fields.append("budget: \"\(9_007_199_254_740_993 + Int64(index))\"") }
            // Ties on score, so ordering falls back to insertion order.
            if index != 7 { fields.append("score: \([7.5, 8.0, 1e21, 0.1][index % 4])") }
            fields.append("released: \(index % 2 == 0)")
            if index % 6 != 5 { fields.append("premiere: \"2024-05-0\(1 + index % 9)T10:00:0\(index % 10).\(index % 2 == 0 ? "5" : "000001")Z\"") }
            fields.append("opening: \"2023-0\(1 + index % 9)-1\(index % 10)\"")
            if index % 4 != 1 { fields.append("tone: \(index % 2 == 0 ? "LOUD" : "CALM")") }
            if index % 3 == 0 { fields.append("extra: {a: [1, 2.5, \"x\"], b: null, c: {d: true}}") }
            if index % 3 == 1 { fields.append("extra: \"plain\"") }
            if index % 2 == 0 { fields.append("tags: [\"t\(index)\", \"line\\nbreak\"]") }
            if index % 3 == 0 { fields.append("counts: [\"1\", \"\(Int64.max)\"]") }
            if index % 2 == 1 { fields.append("code: \"\(filmID(index + 100))\"") }
            films.append("{ " + fields.joined(separator: ", ") + " }")
        }
        var reviews: [String] = []
        for round in 0..<4 {
            for film in 0..<12 where (film + round) % 3 != 0 {
                let body = round == 2 ? "" : ", body: \"r\(round) f\(film)\""
                reviews.append("{ filmId: \"\(filmID(film))\", stars: \((film * 7 + round * 3) % 5)\(body) }")
            }
        }
        let castings = (0..<12).flatMap { film in
            (0..<3).compactMap { actor -> String? in
                (film + actor) % 2 == 0 ? "{ filmId: \"\(filmID(film))\", actorId: \"\(actorID(actor))\", role: \"\(["lead", "extra", "lead"][actor])\" }" : nil
            }
        }
        // Notes point at castings by their two-column key (film, actor): composite pointers.
        let notes = (0..<12).flatMap { film in
            (0..<3).flatMap { actor -> [String] in
                guard (film + actor) % 2 == 0 else { return [] }
                return (0..<((film + actor) % 3)).map { index in
                    "{ castingFilmId: \"\(filmID(film))\", castingActorId: \"\(actorID(actor))\", text: \"n\(index) f\(film) a\(actor)\" }"
                }
            }
        }
        return """
        mutation {
          s1: studio_insert(data: {id: "\(studioA)", name: "Alpha", founded: "1999-12-31"})
          s2: studio_insert(data: {id: "\(studioB)", name: "Beta"})
          f: film_insertMany(data: [\(films.joined(separator: ", "))])
          r: review_insertMany(data: [\(reviews.joined(separator: ", "))])
          a: actor_insertMany(data: [\((0..<3).map { "{ id: \"\(actorID($0))\", name: \"Actor \($0)\" }" }.joined(separator: ", "))])
          c: casting_insertMany(data: [\(castings.joined(separator: ", "))])
          n: note_insertMany(data: [\(notes.joined(separator: ", "))])
        }
        """
    }

    static func withEngine(_ body: (EmulatorEngine) async throws -> Void) async throws {
        let directory = TestFolders.root.appendingPathComponent("sqlgen-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let engine = try TestDatabase.engine(schemaSources: [Source(schema, name: "schema.gql")],
                                        operationSources: [Source(operations, name: "operations.gql", id: SourceID(1))],
                                        connectorId: "c", databasePath: directory.appendingPathComponent("db.sqlite").path)
        let seeded = await engine.executeDocument(seed(), operationName: nil, variables: .object([]))
        #expect(seeded.status == 200 && seeded.result.errors.isEmpty, "\(seeded.result.errors.map(\.message))")
        try await body(engine)
    }

    /// One request with planning on, then off: both answers, and whether the plan answered.
    static func bothWays(_ engine: EmulatorEngine, connector: String, name: String, variables: JSONValue,
                         caller: Caller = Caller()) async -> (planned: EngineAnswer, generic: EngineAnswer, usedPlan: Bool) {
        let before = engine.plannedAnswers.load(ordering: .relaxed)
        engine.planning.store(true, ordering: .relaxed)
        let planned = await engine.respond(connector: connector, name: name, OperationRequest(variables: .json(variables), caller: caller))
        let usedPlan = engine.plannedAnswers.load(ordering: .relaxed) > before
        engine.planning.store(false, ordering: .relaxed)
        let generic = await engine.respond(connector: connector, name: name, OperationRequest(variables: .json(variables), caller: caller))
        engine.planning.store(true, ordering: .relaxed)
        return (planned, generic, usedPlan)
    }

    static func json(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    static func expectSame(_ outcome: (planned: EngineAnswer, generic: EngineAnswer, usedPlan: Bool), _ label: String) {
        #expect(outcome.planned.status == outcome.generic.status, "\(label)")
        #expect(outcome.planned.body == outcome.generic.body,
                "\(label)\nplanned: \(String(decoding: outcome.planned.body, as: UTF8.self))\ngeneric: \(String(decoding: outcome.generic.body, as: UTF8.self))")
    }

    @Test("Every scalar kind, aliases, fragments, __typename, references, _on_ and _via_ relations, limits, offsets, ties and nulls: byte-identical, and planned")
    func plannedEqualsGeneric() async throws {
        try await Self.withEngine { engine in
            let cases: [(String, String)] = [
                ("allFilms", "{}"),
                ("allFilms", #"{"limit": 5, "offset": 2}"#),
                ("allFilms", #"{"limit": 0}"#),
                ("allFilms", #"{"offset": 100}"#),
                ("allFilms", #"{"orderBy": [{"score": "ASC"}, {"year": "DESC"}]}"#),
                ("allFilms", #"{"orderBy": [{"studio": {"name": "DESC"}}]}"#),
                ("allFilms", #"{"where": {"title": {"eq": "nothing"}}}"#),
                ("allFilms", #"{"where": {"tags": {"includes": "t4"}}}"#),
                ("allFilms", #"{"where": {"_or": [{"year": {"eq": 2001}}, {"score": {"isNull": true}}]}, "limit": 4}"#),
                ("allFilms", #"{"where": {"studio": {"name": {"eq": "Beta"}}}}"#),
                ("allFilms", #"{"where": {"reviews_on_film": {"count": {"gt": 2}}}}"#),
                ("filmsByYear", #"{"year": 2001}"#),
                ("filmsByYear", #"{"year": 2000, "reviewLimit": 1}"#),
                ("filmsByYear", #"{"year": 2002, "reviewLimit": 2, "reviewOffset": 1}"#),
                ("filmsByYear", #"{"year": 2000, "reviewOffset": 5}"#),
                ("filmsByYear", #"{"year": 2001, "minStars": 3, "reviewLimit": 0}"#),
                ("filmsByYear", #"{"year": null}"#),
                ("filmsByYear", #"{"year": 1900}"#),
                ("castingNotes", "{}"),
                ("castingNotes", #"{"limit": 1}"#),
                ("unorderedRelations", "{}"),
                ("unorderedRelations", #"{"reviewLimit": 2, "reviewOffset": 1, "minStars": 1, "role": "lead"}"#),
                ("unorderedRelations", #"{"reviewLimit": 1, "role": "extra"}"#),
                ("unorderedRelations", #"{"reviewOffset": 2, "minStars": 3}"#),
                ("unorderedRelations", #"{"reviewLimit": 0, "role": "nobody"}"#),
                ("film", #"{"id": "\#(Self.filmID(0))"}"#),
                ("film", #"{"id": "\#(Self.filmID(3))"}"#),
                ("film", #"{"id": "\#(Self.filmID(11))"}"#),
                ("film", #"{"id": "ffffffffffffffffffffffffffffffff"}"#),
                ("filmByKey", #"{"key": {"id": "\#(Self.filmID(2))"}}"#),
                ("filmByKey", #"{"key": {"id": "ffffffffffffffffffffffffffffffff"}}"#),
                ("firstLoud", "{}"),
                ("studios", "{}"),
                ("twoLists", #"{"limit": 3}"#),
                ("twoLists", "{}"),
                ("distinctYears", #"{"distinct": false}"#),
                ("merged", #"{"id": "\#(Self.filmID(4))"}"#),
            ]
            for (name, variables) in cases {
                let outcome = await Self.bothWays(engine, connector: "c", name: name, variables: try Self.json(variables))
                Self.expectSame(outcome, "\(name) \(variables)")
                #expect(outcome.planned.status == 200, "\(name) \(variables)")
                #expect(outcome.usedPlan, "not planned: \(name) \(variables)")
            }
            // Spot checks of the formats (the comparison above would pass if both paths broke alike).
            let all = String(decoding: await Self.bothWays(engine, connector: "c", name: "allFilms", variables: .object([])).planned.body, as: UTF8.self)
            #expect(all.contains(#""budget":"9007199254740993""#))
            #expect(all.contains(#""score":1e+21"#) && all.contains(#""score":8.0"#))
            #expect(all.contains(#""premiere":"2024-05-01T10:00:00.5Z""#))
            #expect(all.contains(#""counts":["1","9223372036854775807"]"#))
            #expect(all.contains(#""extra":{"a":[1,2.5,"x"],"b":null,"c":{"d":true}}"#))
            #expect(all.contains(#""title":"Film 0 \"quoted\" \\ é""#) && all.contains(#""tags":["t0","line\nbreak"]"#))
            #expect(all.contains(#""__typename":"Film""#) && all.contains(#""studio":null"#))
            let notes = String(decoding: await Self.bothWays(engine, connector: "c", name: "castingNotes", variables: .object([])).planned.body, as: UTF8.self)
            #expect(notes.contains(#"{"role":"lead","notes_on_casting":[{"text":"n0 f0 a2","casting":{"role":"lead"}},{"text":"n1 f0 a2","casting":{"role":"lead"}}]}"#), "\(notes)")
        }
    }

    @Test("Operations outside the plan's coverage have no plan and still answer")
    func uncoveredOperationsFallBack() async throws {
        try await Self.withEngine { engine in
            for name in ["allFilms", "filmsByYear", "film", "filmByKey", "firstLoud", "studios", "twoLists", "distinctYears", "dangling"] {
                #expect(engine.hasPlan(connector: "c", name: name), "\(name)")
            }
            let uncovered: [(String, String)] = [
                ("filmCount", "{}"), ("reviewCounts", "{}"), ("skipped", #"{"skip": false}"#), ("checked", "{}"),
                ("redacted", "{}"), ("literalDistinct", "{}"), ("schemaName", "{}"),
            ]
            for (name, variables) in uncovered {
                #expect(!engine.hasPlan(connector: "c", name: name), "\(name)")
                let outcome = await Self.bothWays(engine, connector: "c", name: name, variables: try Self.json(variables))
                Self.expectSame(outcome, name)
                #expect(!outcome.usedPlan, "\(name)")
                #expect(outcome.planned.status == 200, "\(name): \(String(decoding: outcome.planned.body, as: UTF8.self))")
            }
        }
    }

    @Test("Requests the plan cannot answer fall back: distinct at run time, bad variables, a null in a non-null field, refusals")
    func runtimeFallbacks() async throws {
        try await Self.withEngine { engine in
            let distinct = await Self.bothWays(engine, connector: "c", name: "distinctYears", variables: try Self.json(#"{"distinct": true}"#))
            Self.expectSame(distinct, "distinct")
            #expect(!distinct.usedPlan && distinct.planned.status == 200)
            // The plan gave up and the generic executor answered, from one prelude.
            let preludes = engine.preludes.load(ordering: .relaxed)
            _ = await engine.respond(connector: "c", name: "distinctYears", OperationRequest(variables: .json(try Self.json(#"{"distinct": true}"#)), caller: Caller()))
            #expect(engine.preludes.load(ordering: .relaxed) == preludes + 1)

            for (name, variables) in [("film", #"{"id": "not-a-uuid"}"#), ("film", "{}"), ("allFilms", #"{"limit": "x"}"#)] {
                let outcome = await Self.bothWays(engine, connector: "c", name: name, variables: try Self.json(variables))
                Self.expectSame(outcome, "\(name) \(variables)")
                #expect(!outcome.usedPlan && outcome.planned.status == 400, "\(name) \(variables)")
            }

            // A review whose film is gone: `film: Film!` reads null, an error the generic path reports.
            try await engine.databaseExecute(TestDatabase.isSQLite ? "PRAGMA foreign_keys=OFF" : #"ALTER TABLE "review" DROP CONSTRAINT "review_film_id_fkey""#)
            try await engine.databaseExecute("INSERT INTO review (id, film_id, stars) VALUES ('dddddddd000000000000000000000001', 'eeeeeeee000000000000000000000001', 9)")
            let dangling = await Self.bothWays(engine, connector: "c", name: "dangling", variables: .object([]))
            Self.expectSame(dangling, "dangling")
            #expect(!dangling.usedPlan)
            #expect(String(decoding: dangling.planned.body, as: UTF8.self).contains("Cannot return null for non-nullable field."))

            let missing = await Self.bothWays(engine, connector: "c", name: "nothing", variables: .object([]))
            Self.expectSame(missing, "unknown operation")
            #expect(missing.planned.status == 404)
        }
    }

    @Test("A relation without orderBy is joined to its parents; rows that do not come in rowid order send the request to the generic path", .enabled(if: TestDatabase.isSQLite, "SQLite's own plans and storage classes"))
    func joinedRelationChecksItsOrder() async throws {
        try await Self.withEngine { engine in
            let variables = try Self.json(#"{"id": "\#(Self.filmID(2))"}"#)
            let joined = await Self.bothWays(engine, connector: "c", name: "film", variables: variables)
            Self.expectSame(joined, "film with its relations")
            #expect(joined.usedPlan)
            let reviews = try Self.json(String(decoding: joined.generic.body, as: UTF8.self))["data", "film", "reviews_on_film"]?.arrayValue ?? []
            #expect(reviews.count > 1)

            // With only an index on (film_id, stars), SQLite reads each film's reviews by stars,
            // not in insertion order: the plan sees it and leaves the answer to the generic path.
            try await engine.databaseExecute("DROP INDEX IF EXISTS \"review_film_id_idx\"")
            try await engine.databaseExecute("CREATE INDEX \"review_film_stars\" ON \"review\" (\"film_id\", \"stars\" DESC)")
            let plan = try await engine.databaseQuery("EXPLAIN QUERY PLAN SELECT stars, body FROM (VALUES (?)) AS p CROSS JOIN review AS r WHERE r.film_id = p.column1", [.text(Self.filmID(2))])
            #expect(plan.contains { $0.contains(.text("SEARCH r USING INDEX review_film_stars (film_id=?)")) }, "\(plan)")
            var fellBack = 0
            for index in 0..<12 {
                let outcome = await Self.bothWays(engine, connector: "c", name: "film", variables: try Self.json(#"{"id": "\#(Self.filmID(index))"}"#))
                Self.expectSame(outcome, "film \(index) under the (film_id, stars) index")
                if !outcome.usedPlan { fellBack += 1 }
            }
            #expect(fellBack > 0)
        }
    }

    @Test("A joined relation numbers its rows' parents only while keys compare as bytes: a collation on the pointer column, or its type changed, sends it to the generic relation query", .enabled(if: TestDatabase.isSQLite, "SQLite's own plans and storage classes"))
    func joinedRelationNeedsKeysThatCompareAsBytes() async throws {
        try await Self.withEngine { engine in
            let variables = try Self.json(#"{"id": "\#(Self.filmID(2))"}"#)
            Self.expectSame(await Self.bothWays(engine, connector: "c", name: "film", variables: variables), "film 2 before")

            // The review table made again with a case-blind film_id, and a review pointing at
            // film 2's key in capitals: equal to it in SQL, a parent of no film by value (the
            // generic path drops it). Numbering rows by the joined VALUES row would give it to film 2.
            guard case .text(let definition)? = try await engine.databaseQuery("SELECT sql FROM sqlite_master WHERE name = 'review'").first?.first,
                  definition.contains(#""film_id" TEXT NOT NULL"#) else {
                Issue.record("unexpected review table")
                return
            }
            try await engine.databaseExecute("PRAGMA foreign_keys=OFF")
            try await engine.databaseExecute(definition.replacingOccurrences(of: #"CREATE TABLE "review""#, with: #"CREATE TABLE "review_new""#)
                .replacingOccurrences(of: #""film_id" TEXT NOT NULL"#, with: #""film_id" TEXT COLLATE NOCASE NOT NULL"#))
            try await engine.databaseExecute(#"INSERT INTO "review_new" SELECT * FROM "review"; DROP TABLE "review"; ALTER TABLE "review_new" RENAME TO "review""#)
            try await engine.databaseExecute(#"CREATE INDEX "review_film_id_idx" ON "review" ("film_id")"#)
            try await engine.databaseExecute("INSERT INTO review (id, film_id, stars) VALUES ('dddddddd000000000000000000000002', '\(Self.filmID(2).uppercased())', 9)")
            let outcome = await Self.bothWays(engine, connector: "c", name: "film", variables: variables)
            Self.expectSame(outcome, "film 2 with a case-blind pointer column")
            #expect(outcome.usedPlan)
            #expect(!String(decoding: outcome.planned.body, as: UTF8.self).contains(#""stars":9"#))

            // The same column declared INTEGER, and a film whose key is all digits: a pointer
            // with that text is stored as the integer 7, equal to the key in SQL and not by value.
            try await engine.databaseExecute(definition.replacingOccurrences(of: #"CREATE TABLE "review""#, with: #"CREATE TABLE "review_new""#)
                .replacingOccurrences(of: #""film_id" TEXT NOT NULL"#, with: #""film_id" INTEGER NOT NULL"#))
            try await engine.databaseExecute(#"INSERT INTO "review_new" SELECT * FROM "review" WHERE "stars" <> 9; DROP TABLE "review"; ALTER TABLE "review_new" RENAME TO "review""#)
            try await engine.databaseExecute(#"CREATE INDEX "review_film_id_idx" ON "review" ("film_id")"#)
            let digits = String(repeating: "0", count: 31) + "7"
            try await engine.databaseExecute("INSERT INTO film (id, title) VALUES ('\(digits)', 'Digits')")
            try await engine.databaseExecute("INSERT INTO review (id, film_id, stars) VALUES ('dddddddd000000000000000000000003', '\(digits)', 8)")
            #expect(try await engine.databaseQuery("SELECT typeof(film_id) FROM review WHERE stars = 8") == [[.text("integer")]])
            for id in [digits, Self.filmID(2), Self.filmID(3)] {
                let outcome = await Self.bothWays(engine, connector: "c", name: "film", variables: try Self.json(#"{"id": "\#(id)"}"#))
                Self.expectSame(outcome, "film \(id) with an INTEGER pointer column")
                #expect(outcome.usedPlan)
                #expect(!String(decoding: outcome.planned.body, as: UTF8.self).contains(#""stars":8"#))
            }
        }
    }

    @Test("Keys that are not ASCII are left to the generic path: String equality is canonical, byte equality is not", .enabled(if: TestDatabase.isSQLite, "SQLite's own plans and storage classes"))
    func nonASCIIKeysFallBack() async throws {
        try await Self.withEngine { engine in
            // Two films point at one studio through canonically equivalent spellings of its key.
            try await engine.databaseExecute("PRAGMA foreign_keys=OFF")
            try await engine.databaseExecute("INSERT INTO studio (id, name) VALUES ('caf\u{E9}', 'Precomposed')")
            try await engine.databaseExecute("""
                INSERT INTO film (id, title, studio_id) VALUES ('ffffffff000000000000000000000001', 'One', 'caf\u{E9}'),
                ('ffffffff000000000000000000000002', 'Two', 'cafe\u{301}')
                """)
            let outcome = await Self.bothWays(engine, connector: "c", name: "allFilms", variables: .object([]))
            Self.expectSame(outcome, "non-ASCII keys")
            #expect(outcome.planned.status == 200)
            #expect(!outcome.usedPlan)
            #expect(String(decoding: outcome.planned.body, as: UTF8.self).contains(#""title":"Two""#))
            // ASCII keys alone are still planned.
            try await engine.databaseExecute("DELETE FROM film WHERE id LIKE 'ffffffff%'")
            #expect(await Self.bothWays(engine, connector: "c", name: "allFilms", variables: .object([])).usedPlan)
        }
    }

    @Test("Queries persisted over HTTP are planned too, and keep their plans across a reload")
    func persistedQueriesArePlanned() async throws {
        try await Self.withEngine { engine in
            try await engine.persist(connector: "web", name: "recent", text: """
            query recent($limit: Int) @auth(level: PUBLIC) { films(orderBy: [{year: DESC}], limit: $limit) { title reviews_on_film(limit: 1) { stars } } }
            """)
            #expect(engine.hasPlan(connector: "web", name: "recent"))
            let before = await Self.bothWays(engine, connector: "web", name: "recent", variables: try Self.json(#"{"limit": 4}"#))
            Self.expectSame(before, "persisted")
            #expect(before.usedPlan)
            _ = try await engine.reload(schemaSources: [Source(Self.schema + "\ntype Extra @table { note: String }", name: "schema.gql")],
                                        operationSources: [Source(Self.operations, name: "operations.gql", id: SourceID(1))], allowReset: false)
            #expect(engine.hasPlan(connector: "web", name: "recent"))
            let after = await Self.bothWays(engine, connector: "web", name: "recent", variables: try Self.json(#"{"limit": 4}"#))
            Self.expectSame(after, "persisted, after a reload")
            #expect(after.usedPlan && after.planned.body == before.planned.body)
        }
    }

    // MARK: The example connectors

    struct Fixture: Sendable, CustomStringConvertible {
        var directory: String
        var connector: String
        var seeds: [String]
        var description: String { directory }
    }

    static let fixtures = [
        Fixture(directory: "friendlyflix", connector: "friendly-flix", seeds: ["data_seed.gql"]),
        Fixture(directory: "codelab", connector: "movies", seeds: ["moviedata_insert.gql", "moviedetails_insert.gql"]),
        Fixture(directory: "movies", connector: "movies", seeds: ["seed.gql"]),
        Fixture(directory: "bench", connector: "bench", seeds: []),
    ]

    /// Values per type name for generated variables: every stored value of that type (wire form),
    /// and a few that match nothing.
    static func valuePools(_ engine: EmulatorEngine) async throws -> [String: [JSONValue]] {
        var pools: [String: [JSONValue]] = [
            "String": [.string("no such value")], "UUID": [.string("ffffffffffffffffffffffffffffffff")],
            "Int": [.int(0), .int(1), .int(2), .int(5)], "Float": [.double(0.5), .int(8)], "Boolean": [.bool(true), .bool(false)],
            "Int64": [.string("3")], "Date": [.string("2020-01-01")], "Timestamp": [.string("2024-01-01T00:00:00Z")],
            "OrderDirection": [.string("ASC"), .string("DESC")],
        ]
        let model = await engine.model
        for table in model.tables.values where !table.isView {
            for column in table.columns where !column.isList {
                let rows = try await engine.databaseQuery("SELECT DISTINCT \(SQLiteDialect().quote(column.sqlName)) FROM \(SQLiteDialect().quote(table.sqlName)) LIMIT 6")
                for row in rows {
                    guard let value = row.first else { continue }
                    let wire = StorageCodec.wireValue(value, typeName: column.typeName, isList: false)
                    if !wire.isNull, !(pools[column.typeName] ?? []).contains(wire) { pools[column.typeName, default: []].append(wire) }
                }
            }
        }
        return pools
    }

    /// Variable set `index` for `definitions`: values drawn from the pools, nulls and omissions for nullable variables.
    static func variables(_ index: Int, _ definitions: [VariableDefinition], pools: [String: [JSONValue]], schema: Schema) -> JSONValue {
        var members: [JSONMember] = []
        for (position, definition) in definitions.enumerated() {
            let mix = index + position * 3
            var type = definition.type
            var nonNull = false
            if case .nonNull(let inner, _) = type {
                type = inner
                nonNull = true
            }
            if !nonNull, mix % 7 == 6 { continue }
            if !nonNull, mix % 5 == 4 {
                members.append(JSONMember(definition.variable.name.value, .null))
                continue
            }
            let name = type.namedType.name.value
            var pool = pools[name] ?? []
            if case .enumType(let enumType)? = schema.type(named: name) { pool = enumType.values.map { .string($0.name) } }
            guard !pool.isEmpty else {
                if nonNull { members.append(JSONMember(definition.variable.name.value, .object([]))) }
                continue
            }
            let value = pool[mix % pool.count]
            if case .list = type {
                members.append(JSONMember(definition.variable.name.value, .array([value, pool[(mix + 1) % pool.count]])))
            } else {
                members.append(JSONMember(definition.variable.name.value, value))
            }
        }
        return .object(members)
    }

    @Test("The example connectors' queries: byte-identical with many variable sets", arguments: fixtures)
    func fixtureQueries(_ fixture: Fixture) async throws {
        let harness = try await EmulatorHarness(fixture: fixture.directory, connector: fixture.connector)
        let engine = harness.engine
        for seed in fixture.seeds { _ = try await engine.runSeed(try EmulatorHarness.text(fixture.directory, seed), name: seed) }
        if fixture.directory == "bench" {
            let movies = (0..<60).map { "{ id: \"\(String(format: "%032d", $0))\", title: \"M\($0)\", genre: \"g\($0 % 3)\", rating: \(Double($0 % 4) / 2), releaseYear: \(1990 + $0 % 5) }" }
            let reviews = (0..<150).map { "{ movieId: \"\(String(format: "%032d", ($0 * 7) % 60))\", rating: \($0 % 5), text: \"t\($0)\" }" }
            _ = try await engine.runSeed("mutation { m: movie_insertMany(data: [\(movies.joined(separator: ","))]) r: review_insertMany(data: [\(reviews.joined(separator: ","))]) }", name: "bench seed")
        }
        let pools = try await Self.valuePools(engine)
        let schema = await engine.schema
        let document = try Parser.parse(Source(try EmulatorHarness.text(fixture.directory, "queries.gql"), name: "queries.gql"))
        let uid = (pools["String"] ?? []).compactMap(\.stringValue).first { $0 != "no such value" } ?? "user"
        let callers = [
            Caller(),
            Caller(uid: uid, claims: .object([JSONMember("email_verified", .bool(true)),
                                              JSONMember("firebase", .object([JSONMember("sign_in_provider", .string("password"))]))])),
        ]
        var planned = 0
        var requests = 0
        for case .operation(let operation) in document.definitions where operation.operation == .query {
            guard let name = operation.name?.value else { continue }
            for index in 0..<12 {
                let variables = Self.variables(index, operation.variableDefinitions, pools: pools, schema: schema)
                for caller in callers {
                    let outcome = await Self.bothWays(engine, connector: fixture.connector, name: name, variables: variables, caller: caller)
                    Self.expectSame(outcome, "\(fixture) \(name) \(variables.jsonText)")
                    requests += 1
                    if outcome.usedPlan { planned += 1 }
                }
            }
        }
        #expect(requests > 0)
        // Most of these queries are covered (lists, lookups, relations); refusals and bad variables are not.
        #expect(planned * 2 >= requests, "only \(planned) of \(requests) requests of \(fixture) were answered by a plan")
        await harness.shutdown()
    }

    @Test("The benchmark's list over HTTP: planned, same body and ETag as the generic path, 304 on revalidation")
    func benchmarkListThroughServer() async throws {
        let harness = try await EmulatorHarness(fixture: "bench", connector: "bench")
        let engine = harness.engine
        let movies = (0..<250).map { "{ id: \"\(String(format: "%032d", $0))\", title: \"M\($0)\", genre: \"g\($0 % 2)\", rating: \(Double($0 % 7) / 2) }" }
        let reviews = (0..<600).map { "{ movieId: \"\(String(format: "%032d", ($0 * 13) % 250))\", rating: \($0 % 5), text: \"review \($0)\" }" }
        _ = try await engine.runSeed("mutation { m: movie_insertMany(data: [\(movies.joined(separator: ","))]) r: review_insertMany(data: [\(reviews.joined(separator: ","))]) }", name: "seed")
        #expect(engine.hasPlan(connector: "bench", name: "listMovies") && engine.hasPlan(connector: "bench", name: "getMovie"))

        func get(_ path: String, headers: [String: String] = [:]) async throws -> (Int, [UInt8], String?) {
            let url = try #require(URL(string: "http://127.0.0.1:\(harness.port)/graphql/execute.json/bench/" + path))
            var request = URLRequest(url: url)
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await harness.session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            return (http.statusCode, Array(data), http.value(forHTTPHeaderField: "ETag"))
        }
        for path in ["listMovies;genre=g0", "listMovies;genre=g1", "listMovies;genre=none", "getMovie;id=\(String(format: "%032d", 5))"] {
            let before = engine.plannedAnswers.load(ordering: .relaxed)
            let planned = try await get(path)
            #expect(engine.plannedAnswers.load(ordering: .relaxed) > before, "\(path) was not planned")
            engine.planning.store(false, ordering: .relaxed)
            let generic = try await get(path)
            engine.planning.store(true, ordering: .relaxed)
            #expect(planned.0 == 200 && generic.0 == 200)
            #expect(planned.1 == generic.1, "\(path)")
            #expect(planned.2 != nil && planned.2 == generic.2, "\(path)")
            let revalidated = try await get(path, headers: ["If-None-Match": planned.2 ?? ""])
            #expect(revalidated.0 == 304)
        }
        let list = try await get("listMovies;genre=g0")
        let text = String(decoding: list.1, as: UTF8.self)
        // 100 movies (the limit), each with at most 3 reviews.
        #expect(text.components(separatedBy: "\"reviews_on_movie\"").count - 1 == 100)
        await harness.shutdown()
    }
}
