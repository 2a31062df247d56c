import Foundation
import SQLGenEmulator
import SQLGenJSON
import Testing

/// What the console page reads and runs: the operations and their forms, runs with their SQL,
/// the tables' rows and the schema.
@Suite("Emulator console: its API")
struct ConsoleAPITests {
    static func emulator() async throws -> (EmulatorHarness, ConsoleClient) {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        return (emulator, try await ConsoleClient.open(port: emulator.port))
    }

    @Test("The overview lists each operation with a form for its variables, and each table with its rows")
    func overview() async throws {
        let (emulator, client) = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let overview = try await client.json("overview")
        let operations = overview["operations"]?.arrayValue ?? []
        #expect(operations.compactMap { $0["name"]?.stringValue } == ["getMovieByKey", "listMoviesByGenre", "listMovies", "createMovie"])
        let create = try #require(operations.first { $0["name"] == .string("createMovie") })
        #expect(create["kind"] == .string("mutation") && create["access"] == .string("PUBLIC"))
        #expect(create["text"]?.stringValue?.contains("movie_insert") == true)
        let variables = create["variables"]?.arrayValue ?? []
        #expect(variables.map { "\($0["name"]?.stringValue ?? ""):\($0["type"]?.stringValue ?? ""):\($0["input"]?.stringValue ?? "")" }
            == ["title:String!:text", "releaseYear:Int!:int", "genre:String!:text", "rating:Float!:float", "aspectRatio:AspectRatio:choice"])
        #expect(variables.last?["required"] == .bool(false) && variables.first?["required"] == .bool(true))
        #expect(variables.last?["choices"] == .array([.string("ACADEMY"), .string("WIDESCREEN"), .string("ANAMORPHIC")]))
        let key = operations.first { $0["name"] == .string("getMovieByKey") }?["variables"]?[0]
        #expect(key?["input"] == .string("json") && key?["fields"] == .array([.string("id: UUID"), .string("id_expr: UUID_Expr")]))
        let table = overview["collections"]?[0]
        #expect(table?["name"] == .string("Movie") && table?["rows"] == .int(5) && table?["view"] == .bool(false))
        #expect(table?["columns"]?.arrayValue?.first == .string("id"))
    }

    @Test("A run answers as the endpoint would, with its time and every SQL statement, its parameters and rows")
    func runShowsSQL() async throws {
        let (emulator, client) = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let query = try await client.run("movies", "listMoviesByGenre", variables: #"{"genre": "Sci-Fi", "limit": 1}"#)
        #expect(query.status == 200)
        #expect(query.json["status"] == .int(200))
        #expect(query.json["response", "data", "movies"]?.arrayValue?.count == 1)
        #expect(query.json["response", "data", "movies", 0, "title"] == .string("Blade Runner"))
        guard case .double(let milliseconds)? = query.json["milliseconds"] else { Issue.record("no time: \(query.json)"); return }
        #expect(milliseconds > 0)
        let statement = query.json["statements", 0]
        #expect(statement?["sql"]?.stringValue?.contains("FROM \"movie\"") == true)
        #expect(statement?["parameters"]?.arrayValue?.first == .string("Sci-Fi"))
        #expect(statement?["rows"] == .int(1))
        let insert = try await client.run("movies", "createMovie", variables: #"{"title": "Metropolis", "releaseYear": 1927, "genre": "Sci-Fi", "rating": 4.3}"#,
                                          caller: #"{"kind": "signedOut"}"#)
        #expect(insert.json["status"] == .int(200))
        let sql = insert.json["statements"]?.arrayValue?.compactMap { $0["sql"]?.stringValue } ?? []
        #expect(sql.contains { $0.hasPrefix("INSERT INTO \"movie\"") }, "\(sql)")
        let rows = try await client.json("rows?collection=Movie")
        #expect(rows["total"] == .int(6))
        // The endpoint sees what the console wrote.
        let listed = try await emulator.request("GET", "/graphql/execute.json/movies/listMoviesByGenre;genre=Sci-Fi")
        #expect(listed.text.contains("Metropolis"))
    }

    @Test("Runs take the request path's refusals: bad variables, unknown operations")
    func runRefusals() async throws {
        let (emulator, client) = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let missing = try await client.run("movies", "listMoviesByGenre", variables: "{}")
        #expect(missing.json["status"] == .int(400))
        #expect(missing.json["response", "errors", 0, "message"]?.stringValue?.contains("genre") == true)
        #expect(missing.json["statements"] == .array([]))
        let unknown = try await client.run("movies", "nope")
        #expect(unknown.json["status"] == .int(404))
        let badCaller = try await client.send("POST", "run", body: #"{"connector": "movies", "name": "listMovies", "caller": {"kind": "root"}}"#)
        #expect(badCaller.status == 400)
        #expect(try await client.send("POST", "run", body: "{").status == 400)
    }

    @Test("Rows come a page at a time, sorted by a column either way; unknown tables and columns are refused")
    func rows() async throws {
        let (emulator, client) = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        func titles(_ query: String) async throws -> [String] {
            let page = try await client.json("rows?collection=Movie&" + query)
            return page["rows"]?.arrayValue?.compactMap { $0[1]?.stringValue } ?? []
        }
        #expect(try await titles("sort=title&limit=2") == ["A New Hope", "Blade Runner"])
        #expect(try await titles("sort=title&limit=2&offset=2") == ["Casablanca", "Spirited Away"])
        #expect(try await titles("sort=releaseYear&descending=1&limit=1") == ["Spirited Away"])
        #expect(try await titles("limit=100").count == 5)
        let page = try await client.json("rows?collection=Movie&limit=1")
        #expect(page["total"] == .int(5) && page["columns"]?.arrayValue?.count == 7)
        #expect(try await client.send("GET", "rows?collection=Movie&sort=nope").status == 400)
        #expect(try await client.send("GET", "rows?collection=Nope").status == 400)
        #expect(try await client.send("GET", "rows").status == 400)
    }

    @Test("The schema is the expanded SDL, with descriptions")
    func schema() async throws {
        let (emulator, client) = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let schema = try await client.send("GET", "schema")
        #expect(schema.status == 200)
        #expect(schema.body.contains("type Movie") && schema.body.contains("movies(") && schema.body.contains("How a film is framed on screen."))
    }

    @Test("A run acts as the chosen caller: admin, signed out, a user with claims, or a bearer token")
    func callers() async throws {
        let emulator = try await EmulatorHarness(fixture: "rules", connector: "rules")
        defer { Task { await emulator.shutdown() } }
        _ = try await emulator.graphQL(#"mutation { a: movie_insert(data: {title: "Up", ownerId: "ann"}) b: movie_insert(data: {title: "Heat", ownerId: "bob"}) }"#)
        let client = try await ConsoleClient.open(port: emulator.port)
        let signedOut = try await client.run("rules", "MyMovies", caller: #"{"kind": "signedOut"}"#)
        #expect(signedOut.json["status"] == .int(401) && signedOut.json["statements"] == .array([]))
        let ann = try await client.run("rules", "MyMovies", caller: #"{"kind": "user", "uid": "ann"}"#)
        #expect(ann.json["response", "data", "movies"] == .array([.object([JSONMember("title", .string("Up"))])]))
        let anonymous = try await client.run("rules", "NamedUserMovies", caller: #"{"kind": "user", "uid": "x", "claims": {"firebase": {"sign_in_provider": "anonymous"}}}"#)
        #expect(anonymous.json["status"] == .int(403))
        let admin = try await client.run("rules", "MyMovies")
        #expect(admin.json["status"] == .int(200))
        let bearer = try await client.run("rules", "MyMovies", caller: #"{"kind": "bearer", "token": "bob"}"#)
        #expect(bearer.json["response", "data", "movies", 0, "title"] == .string("Heat"))
        let claims = try await client.run("rules", "AdminMovies", caller: #"{"kind": "user", "uid": "x", "claims": {"isAdmin": true}}"#)
        #expect(claims.json["status"] == .int(200))
    }
}
