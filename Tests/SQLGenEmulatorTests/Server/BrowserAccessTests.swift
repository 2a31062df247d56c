import Foundation
import SQLGenEmulator
import SQLGenHTTP
import Testing

/// A web page open in the developer's browser must not drive the emulator (`LocalAccessPolicy`).
@Suite("Emulator: what a web page may do")
struct BrowserAccessTests {
    static let deleteAll = #"{"query": "mutation { movie_deleteMany(all: true) }"}"#
    static let listMovies = "/graphql/execute.json/movies/listMovies"

    static func movieCount(_ emulator: EmulatorHarness) async throws -> Int {
        let reply = try await emulator.graphQL("query { movies { id } }")
        return reply.json?["data", "movies"]?.arrayValue?.count ?? -1
    }

    @Test("A text/plain POST (which a page sends without a preflight) runs nothing: 415")
    func simplePostIsRefused() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let before = try await Self.movieCount(emulator)
        let plain = try await RawHTTP.send(port: emulator.port, "POST", "/graphql", headers: ["Content-Type: text/plain"], body: Self.deleteAll)
        #expect(plain.status == 415, "\(plain.body)")
        #expect(plain.body.contains("application/json"))
        let none = try await RawHTTP.send(port: emulator.port, "POST", "/graphql/execute.json/movies/createMovie", body: "{}")
        #expect(none.status == 415)
        #expect(try await Self.movieCount(emulator) == before)
        #expect(before > 0)
    }

    @Test("Requests from another origin that change data or run ad-hoc operations get 403")
    func foreignOriginIsRefused() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let before = try await Self.movieCount(emulator)
        let json = "Content-Type: application/json"
        let post = try await RawHTTP.send(port: emulator.port, "POST", "/graphql", headers: [json, "Origin: https://attacker.example"], body: Self.deleteAll)
        #expect(post.status == 403)
        #expect(post.body.contains("--allow-origin https://attacker.example"), "\(post.body)")
        // An image or a form GET carries no Origin, but browsers say where it comes from.
        let get = try await RawHTTP.send(port: emulator.port, "GET", "/graphql?query=%7Bmovies%7Bid%7D%7D", headers: ["Sec-Fetch-Site: cross-site"])
        #expect(get.status == 403)
        #expect(try await Self.movieCount(emulator) == before)
        // A persisted query stays a plain GET: answered, but without CORS headers the page cannot read it.
        let hosted = try await RawHTTP.send(port: emulator.port, "GET", Self.listMovies, headers: ["Origin: https://attacker.example"])
        #expect(hosted.status == 200)
        #expect(hosted.header("Access-Control-Allow-Origin") == nil)
        // No Origin at all: curl, apps and SQLConnect.
        #expect(try await RawHTTP.send(port: emulator.port, "POST", Self.listMovies, headers: [json], body: "{}").status == 200)
    }

    @Test("Host must name the emulator: DNS rebinding gets 403, on the event loop's inline path too")
    func foreignHostIsRefused() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql")
        defer { Task { await emulator.shutdown() } }
        let port = emulator.port
        let rebound = try await RawHTTP.send(port: port, "GET", Self.listMovies, host: "attacker.example:\(port)")
        #expect(rebound.status == 403)
        #expect(rebound.body.contains("--allow-host attacker.example"), "\(rebound.body)")
        let key = "/graphql/execute.json/movies/getMovieByKey;key=%7B%22id%22%3A%2200000000000000000000000000000000%22%7D"
        #expect(try await RawHTTP.send(port: port, "GET", key, host: "attacker.example").status == 403)
        #expect(try await RawHTTP.send(port: port, "GET", key, host: "localhost:\(port)").status == 200)
        for host in ["127.0.0.1:\(port)", "localhost", "LOCALHOST.:\(port)", "app.localhost", "[::1]:\(port)"] {
            #expect(try await RawHTTP.send(port: port, "GET", "/healthz", host: host).status == 200, "\(host)")
        }
    }

    @Test("An allowed origin gets CORS answers and preflights; others do not")
    func allowedOriginGetsCORS() async throws {
        let access = LocalAccessPolicy(allowedOrigins: ["http://localhost:5173/"])
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql", access: access)
        defer { Task { await emulator.shutdown() } }
        let port = emulator.port
        let preflight = try await RawHTTP.send(port: port, "OPTIONS", "/graphql", headers: [
            "Origin: http://localhost:5173", "Access-Control-Request-Method: POST", "Access-Control-Request-Headers: content-type, authorization",
        ])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
        #expect(preflight.header("Access-Control-Allow-Headers") == "content-type, authorization")
        let refused = try await RawHTTP.send(port: port, "OPTIONS", "/graphql", headers: ["Origin: http://evil.example", "Access-Control-Request-Method: POST"])
        #expect(refused.status == 403)
        #expect(refused.header("Access-Control-Allow-Origin") == nil)
        let post = try await RawHTTP.send(port: port, "POST", "/graphql", headers: ["Origin: http://localhost:5173", "Content-Type: application/json"],
                                          body: #"{"query": "{ movies { id } }"}"#)
        #expect(post.status == 200)
        #expect(post.header("Access-Control-Allow-Origin") == "http://localhost:5173")
        #expect(post.header("Vary") == "Origin")
        let plain = try await RawHTTP.send(port: port, "OPTIONS", "*")
        #expect(plain.status == 204)
        #expect(plain.header("Allow")?.contains("POST") == true)
    }

    @Test("Unknown and lower-case methods get 501; a known method a path does not take gets 405 with Allow")
    func methodsAreAnsweredProperly() async throws {
        let emulator = try await EmulatorHarness(fixture: "movies", connector: "movies")
        defer { Task { await emulator.shutdown() } }
        let port = emulator.port
        #expect(try await RawHTTP.send(port: port, "get", "/healthz").status == 501)
        #expect(try await RawHTTP.send(port: port, "BREW", "/graphql").status == 501)
        let delete = try await RawHTTP.send(port: port, "DELETE", "/healthz")
        #expect(delete.status == 405)
        #expect(delete.header("Allow") == "GET, HEAD")
        #expect(try await RawHTTP.send(port: port, "PUT", "/graphql", headers: ["Content-Type: application/json"], body: "{}").status == 405)
        #expect(try await RawHTTP.send(port: port, "GET", "/nowhere").status == 404)
    }
}
