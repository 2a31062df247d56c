import Foundation
import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import Testing

/// `@auth(expr:)`, access levels with token claims, `_expr` server values, `@check` and `@redact`,
/// through a real server on a loopback port with its SQLite file in a temporary folder.
@Suite("Emulator: access rules and CEL expressions")
struct AccessRulesTests {
    static let alpha = "11111111111111111111111111111111"
    static let hidden = "22222222222222222222222222222222"

    /// An unsigned JWT (`header.payload.`) carrying `claims`, as the Firebase Auth emulator issues them.
    static func jwt(_ claims: String) -> String {
        func encode(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        return encode(#"{"alg":"none","typ":"JWT"}"#) + "." + encode(claims) + "."
    }

    static func bearer(_ token: String) -> [String: String] { ["Authorization": "Bearer " + token] }

    static func emulator() async throws -> EmulatorHarness {
        let emulator = try await EmulatorHarness(fixture: "rules", connector: "rules")
        let seed = try await emulator.graphQL("""
        mutation {
          ann: user_insert(data: {id: "ann", username: "ann"})
          bob: user_insert(data: {id: "bob", username: "bob"})
          alpha: movie_insert(data: {id: "\(alpha)", title: "Alpha", genre: "drama", ownerId: "ann"})
          hidden: movie_insert(data: {id: "\(hidden)", title: "Hidden", genre: "secret", ownerId: "bob"})
          editor: moviePermission_insert(data: {movieId: "\(alpha)", userId: "ann", role: "editor"})
          viewer: moviePermission_insert(data: {movieId: "\(alpha)", userId: "bob", role: "viewer"})
        }
        """)
        #expect(seed.status == 200 && seed.json?["errors"] == nil, "\(seed.text)")
        return emulator
    }

    @Test("@auth(expr:) reads token claims and variables; a false condition is 403 PERMISSION_DENIED")
    func authExpressions() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let admin = Self.jwt(#"{"sub": "ann", "isAdmin": true}"#)

        let signedOut = try await emulator.post("AdminMovies")
        #expect(signedOut.status == 403)
        #expect(signedOut.json?["errors", 0, "extensions", "code"] == .string("PERMISSION_DENIED"))
        // A plain token has no isAdmin claim: the comparison is false, not an error.
        #expect(try await emulator.post("AdminMovies", headers: Self.bearer("bob")).status == 403)
        let allowed = try await emulator.post("AdminMovies", headers: Self.bearer(admin))
        #expect(allowed.status == 200, "\(allowed.text)")
        #expect(allowed.json?["data", "movies"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Alpha", "Hidden"])
        // `isAdmin: false` and a different claim type stay refused.
        #expect(try await emulator.post("AdminMovies", headers: Self.bearer(Self.jwt(#"{"sub": "x", "isAdmin": false}"#))).status == 403)
        #expect(try await emulator.post("AdminMovies", headers: Self.bearer(Self.jwt(#"{"sub": "x", "isAdmin": "true"}"#))).status == 403)

        // vars: drama is open to anyone; other genres need the editor role claim.
        #expect(try await emulator.post("GenreMovies", #"{"genre": "drama"}"#).status == 200)
        #expect(try await emulator.post("GenreMovies", #"{"genre": "secret"}"#, headers: Self.bearer("bob")).status == 403)
        let editor = try await emulator.post("GenreMovies", #"{"genre": "secret"}"#, headers: Self.bearer(Self.jwt(#"{"sub": "e", "roles": ["editor"]}"#)))
        #expect(editor.status == 200, "\(editor.text)")
        #expect(editor.json?["data", "movies", 0, "title"] == .string("Hidden"))
    }

    @Test("USER_EMAIL_VERIFIED, USER and USER_ANON use the email_verified and firebase.sign_in_provider claims")
    func accessLevels() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let verified = Self.jwt(#"{"sub": "ann", "email": "ann@example.com", "email_verified": true, "firebase": {"sign_in_provider": "password"}}"#)
        let unverified = Self.jwt(#"{"sub": "ann", "email_verified": false, "firebase": {"sign_in_provider": "password"}}"#)
        let anonymous = Self.jwt(#"{"sub": "guest", "firebase": {"sign_in_provider": "anonymous"}}"#)

        #expect(try await emulator.post("VerifiedMovies").status == 401)
        #expect(try await emulator.post("VerifiedMovies", headers: Self.bearer("bob")).status == 403)
        #expect(try await emulator.post("VerifiedMovies", headers: Self.bearer(unverified)).status == 403)
        #expect(try await emulator.post("VerifiedMovies", headers: Self.bearer(verified)).status == 200)

        #expect(try await emulator.post("NamedUserMovies", headers: Self.bearer(anonymous)).status == 403)
        #expect(try await emulator.post("NamedUserMovies", headers: Self.bearer("bob")).status == 200)
        #expect(try await emulator.post("AnyUserMovies", headers: Self.bearer(anonymous)).status == 200)
        #expect(try await emulator.post("AnyUserMovies").status == 401)
        // Data Connect's own header works too.
        #expect(try await emulator.post("VerifiedMovies", headers: ["X-Firebase-Auth-Token": verified]).status == 200)
    }

    @Test("_expr server values read auth.uid, auth.token.*, vars.* and request.time")
    func serverValues() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let ann = Self.jwt(#"{"sub": "ann", "name": "Ann", "email": "ann@example.com"}"#)
        let audit = try await emulator.post("Audit", #"{"note": "hello"}"#, headers: Self.bearer(ann))
        #expect(audit.status == 200, "\(audit.text)")
        let logs = try await emulator.graphQL("query { auditLogs { note actor email createdAt } }")
        #expect(logs.json?["data", "auditLogs", 0, "note"] == .string("hello"))
        #expect(logs.json?["data", "auditLogs", 0, "actor"] == .string("Ann (ann, 5 chars)"))
        #expect(logs.json?["data", "auditLogs", 0, "email"] == .string("ann@example.com"))
        let createdAt = try #require(logs.json?["data", "auditLogs", 0, "createdAt"]?.stringValue)
        #expect(createdAt.hasPrefix("20") && createdAt.hasSuffix("Z"))

        // A missing claim makes the string concatenation fail: a clear field error, nothing written.
        let missing = try await emulator.post("Audit", #"{"note": "x"}"#, headers: Self.bearer("bob"))
        #expect(missing.json?["data"] == .null)
        let message = try #require(missing.json?["errors", 0, "message"]?.stringValue)
        #expect(message.contains("auth.token.name + ' ('") && message.contains("column"), "\(message)")
        #expect(try await emulator.graphQL("query { auditLogs { note } }").json?["data", "auditLogs"]?.arrayValue?.count == 1)

        // eq_expr in a filter and ownerId_expr in data agree on the caller.
        #expect(try await emulator.post("CreateMovie", #"{"title": "Bob's film"}"#, headers: Self.bearer("bob")).status == 200)
        let mine = try await emulator.post("MyMovies", headers: Self.bearer("bob"))
        #expect(mine.json?["data", "movies"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Bob's film", "Hidden"])
        let theirs = try await emulator.post("MyMovies", headers: Self.bearer(ann))
        #expect(theirs.json?["data", "movies"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Alpha"])
    }

    @Test("@check on query fields: the checked field becomes null with the check's message; @redact hides a field")
    func queryChecksAndRedact() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let found = try await emulator.post("CheckedMovie", #"{"id": "\#(Self.alpha)"}"#)
        #expect(found.json?["data", "movie", "title"] == .string("Alpha"))
        #expect(found.json?["errors"] == nil)

        let missing = try await emulator.post("CheckedMovie", #"{"id": "33333333333333333333333333333333"}"#)
        #expect(missing.json?["data", "movie"] == .null)
        #expect(missing.json?["errors", 0, "message"] == .string("Movie not found"))
        #expect(missing.json?["errors", 0, "extensions", "code"] == .string("PERMISSION_DENIED"))

        // A failed check is a field error: the nullable genre alone becomes null.
        let secret = try await emulator.post("CheckedMovie", #"{"id": "\#(Self.hidden)"}"#)
        #expect(secret.json?["data", "movie"] == .object([JSONMember("title", .string("Hidden")), JSONMember("genre", .null)]))
        #expect(secret.json?["errors", 0, "message"] == .string("This genre is secret"))
        #expect(secret.json?["errors", 0, "path"] == .array([.string("movie"), .string("genre")]))

        let redacted = try await emulator.post("RedactedMovie", #"{"id": "\#(Self.alpha)"}"#)
        #expect(redacted.json?["data", "movie"] == .object([JSONMember("title", .string("Alpha"))]))
        #expect(redacted.json?["errors"] == nil)
        let notAnns = try await emulator.post("RedactedMovie", #"{"id": "\#(Self.hidden)"}"#)
        #expect(notAnns.json?["errors", 0, "message"] == .string("Not one of Ann's movies"))
        let fragment = try await emulator.post("RedactedFragment", #"{"id": "\#(Self.alpha)"}"#)
        #expect(fragment.json?["data", "movie"] == .object([JSONMember("title", .string("Alpha")), JSONMember("genre", .string("drama"))]), "\(fragment.text)")
    }

    @Test("with @transaction a failed @check rolls back the earlier steps: each has an error and data is null")
    func failedCheckRollsBackTransactions() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let first = try await emulator.post("AddMovieOncePerGenre", #"{"title": "One", "genre": "horror"}"#, headers: Self.bearer("bob"))
        #expect(first.status == 200 && first.json?["errors"] == nil, "\(first.text)")
        #expect(first.json?["data", "query", "movies", 0, "title"] == .string("One"))

        let second = try await emulator.post("AddMovieOncePerGenre", #"{"title": "Two", "genre": "horror"}"#, headers: Self.bearer("bob"))
        // The steps are non-null: their nulls reach data.
        #expect(second.json?["data"] == .null)
        let errors = try #require(second.json?["errors"]?.arrayValue)
        #expect(errors.map { $0["message"] } == [.string("Only one movie per genre"), .string("(rolled back)"), .string("(rolled back)")])
        #expect(errors.map { $0["path"] } == [.array([.string("query"), .string("movies")]), .array([.string("movie_insert")]),
                                              .array([.string("auditLog_insert")])])

        let state = try await emulator.graphQL(#"query { movies(where: {genre: {eq: "horror"}}) { title } auditLogs { note } }"#)
        #expect(state.json?["data", "movies"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["One"])
        #expect(state.json?["data", "auditLogs"]?.arrayValue?.count == 1)
    }

    @Test("without @transaction a failed @check keeps the earlier steps and aborts the later ones")
    func failedCheckAbortsLaterSteps() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let ok = try await emulator.post("GuardedAudit", #"{"id": "\#(Self.alpha)"}"#, headers: Self.bearer("bob"))
        #expect(ok.json?["errors"] == nil, "\(ok.text)")
        #expect(ok.json?["data", "query", "movie", "title"] == .string("Alpha"))

        let missing = try await emulator.post("GuardedAudit", #"{"id": "33333333333333333333333333333333"}"#, headers: Self.bearer("bob"))
        let errors = try #require(missing.json?["errors"]?.arrayValue)
        #expect(errors.map { $0["message"] } == [.string("Movie not found"), .string("(aborted)")])
        #expect(errors.map { $0["path"] } == [.array([.string("query"), .string("movie")]), .array([.string("after")])])
        #expect(errors.map { $0["extensions", "code"] } == [.string("PERMISSION_DENIED"), .string("ABORTED")])
        // The aborted `after` is non-null, so its error nulls data; `before` was still written.
        #expect(missing.json?["data"] == .null)
        let notes = try await emulator.graphQL("query { auditLogs(orderBy: [{note: ASC}]) { note } }")
        #expect(notes.json?["data", "auditLogs"]?.arrayValue?.compactMap { $0["note"]?.stringValue } == ["after", "before", "before"])
    }

    @Test("a @check whose field is never reached fails, unless optional")
    func unreachedChecks() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let drama = try await emulator.post("GenreTitles", #"{"genre": "drama"}"#)
        #expect(drama.json?["data", "movies", 0, "title"] == .string("Alpha"))
        #expect(drama.json?["errors"] == nil)
        let none = try await emulator.post("GenreTitles", #"{"genre": "western"}"#)
        #expect(none.json?["errors", 0, "message"] == .string("No movie in this genre"))
        #expect(none.json?["errors", 0, "path"] == .array([.string("movies")]))
        let optional = try await emulator.post("OptionalGenreTitles", #"{"genre": "western"}"#)
        #expect(optional.json?["errors"] == nil)
        #expect(optional.json?["data", "movies"] == .array([]))
    }

    @Test("multi-step mutations: a redacted lookup guards the update; response.* feeds later steps")
    func multiStepMutations() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let variables = #"{"id": "\#(Self.alpha)", "title": "Alpha Prime"}"#

        let stranger = try await emulator.post("RenameMovie", variables, headers: Self.bearer("carol"))
        #expect(stranger.json?["errors", 0, "message"] == .string("You do not have access to this movie"))
        let viewer = try await emulator.post("RenameMovie", variables, headers: Self.bearer("bob"))
        #expect(viewer.json?["errors", 0, "message"] == .string("You must be an editor of this movie"))
        #expect(viewer.json?["errors", 0, "path"] == .array([.string("query"), .string("moviePermission"), .string("role")]))
        var title = try await emulator.graphQL(#"query { movie(id: "\#(Self.alpha)") { title } }"#)
        #expect(title.json?["data", "movie", "title"] == .string("Alpha"))

        let editor = try await emulator.post("RenameMovie", variables, headers: Self.bearer("ann"))
        #expect(editor.status == 200 && editor.json?["errors"] == nil, "\(editor.text)")
        #expect(editor.json?["data"] == .object([JSONMember("movie_update", .object([JSONMember("id", .string(Self.alpha))]))]))
        title = try await emulator.graphQL(#"query { movie(id: "\#(Self.alpha)") { title } }"#)
        #expect(title.json?["data", "movie", "title"] == .string("Alpha Prime"))

        let created = try await emulator.post("CreateMovieWithLog", #"{"title": "Gamma"}"#, headers: Self.bearer("ann"))
        #expect(created.json?["errors"] == nil, "\(created.text)")
        let id = try #require(created.json?["data", "movie_insert", "id"]?.stringValue)
        #expect(created.json?["data", "query"] == nil)
        let logs = try await emulator.graphQL("query { auditLogs { note } }")
        #expect(logs.json?["data", "auditLogs", 0, "note"] == .string("created Gamma as \(id)"))
    }

    @Test("expressions that fail while running: @check gives FAILED_PRECONDITION, @auth(expr:) refuses")
    func runtimeExpressionErrors() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let check = try await emulator.post("BrokenCheck", #"{"id": "\#(Self.alpha)"}"#)
        #expect(check.json?["data", "movie"] == .null)
        #expect(check.json?["errors", 0, "extensions", "code"] == .string("FAILED_PRECONDITION"))
        #expect(check.json?["errors", 0, "message"] == .string("@check(expr: \"this.title > 1\") could not be evaluated: Cannot compare string > int (column 12)."))
        let auth = try await emulator.post("BrokenAuth", #"{"genre": "drama"}"#)
        #expect(auth.status == 403)
        #expect(auth.json?["errors", 0, "message"] == .string("\"BrokenAuth\" is not allowed: @auth(expr: \"vars.genre > 1\") could not be evaluated: Cannot compare string > int (column 12)."))
    }

    @Test("a malformed expression in an operation stops the load with its file, line and column")
    func badExpressionsFailAtLoad() throws {
        let schema = Source(try EmulatorHarness.text("rules", "schema.gql"), name: "schema.gql")
        let operations = Source("query Q @auth(expr: \"auth.uid ==\") { movies { title } }", name: "bad.gql", id: SourceID(7))
        do {
            _ = try TestDatabase.engine(schemaSources: [schema], operationSources: [operations], connectorId: "rules", databasePath: ":memory:")
            Issue.record("the load should fail")
        } catch {
            #expect(error.message == "bad.gql (1:21): Invalid CEL expression in @auth(expr:) \"auth.uid ==\": Unexpected end of expression (column 12).")
        }
        let badDefault = Source("type Note @table { id: UUID! @default(expr: \"uuidV4(\") text: String }", name: "schema.gql")
        do {
            _ = try TestDatabase.engine(schemaSources: [badDefault], operationSources: [], connectorId: "rules", databasePath: ":memory:")
            Issue.record("the load should fail")
        } catch {
            #expect(error.message == "schema: Invalid CEL expression in @default(expr: \"uuidV4(\") of Note.id: Unexpected end of expression (column 8).")
        }
    }
}

extension AccessRulesTests {
    @Test("CEL time accessors through the server: request.time in @auth(expr:), stored timestamps in @check")
    func timeAccessors() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let recent = try await emulator.post("RecentMovies")
        #expect(recent.status == 200, "\(recent.text)")
        #expect(recent.json?["data", "movies"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["Alpha", "Hidden"])
        let ancient = try await emulator.post("AncientMovies")
        #expect(ancient.status == 403)
        #expect(ancient.json?["errors", 0, "extensions", "code"] == .string("PERMISSION_DENIED"))

        let ann = Self.jwt(#"{"sub": "ann", "name": "Ann", "email": "ann@example.com"}"#)
        #expect(try await emulator.post("Audit", #"{"note": "now"}"#, headers: Self.bearer(ann)).status == 200)
        let zoned = try await emulator.post("ZonedAuditLogs", #"{"zone": "America/Los_Angeles"}"#)
        #expect(zoned.json?["errors"] == nil, "\(zoned.text)")
        #expect(zoned.json?["data", "auditLogs", 0, "note"] == .string("now"))
        let unknown = try await emulator.post("ZonedAuditLogs", #"{"zone": "Mars/Olympus"}"#)
        #expect(unknown.json?["errors", 0, "extensions", "code"] == .string("FAILED_PRECONDITION"))
        let message = try #require(unknown.json?["errors", 0, "message"]?.stringValue)
        #expect(message.contains("Unknown time zone \"Mars/Olympus\""), "\(message)")
    }
}
