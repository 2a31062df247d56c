import Foundation
@testable import SQLGenEmulator
import SQLGenHTTP
import Testing

/// The console's API runs operations as any caller and reads every row: only the console page
/// itself may use it (same origin, its token), never another origin's page, and `Host` must
/// name the server.
@Suite("Emulator console: who may use it")
struct ConsoleAccessTests {
    static func emulator(access: LocalAccessPolicy? = nil) async throws -> EmulatorHarness {
        try await EmulatorHarness(fixture: "movies", connector: "movies", seed: "seed.gql", access: access)
    }

    @Test("The page holds a fresh token and forbids framing, caching, inline scripts and CORS")
    func pageHeaders() async throws {
        let emulator = try await Self.emulator(access: LocalAccessPolicy(allowedOrigins: ["http://localhost:5173"]))
        defer { Task { await emulator.shutdown() } }
        let page = try await RawHTTP.send(port: emulator.port, "GET", "/", headers: ["Origin: http://localhost:5173"])
        #expect(page.status == 403, "an allowed origin may drive the API endpoints, not read the console page")
        let own = try await RawHTTP.send(port: emulator.port, "GET", "/")
        #expect(own.status == 200)
        #expect(own.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        #expect(own.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        #expect(own.header("X-Frame-Options") == "DENY")
        #expect(own.header("Cache-Control") == "no-store")
        #expect(own.header("Access-Control-Allow-Origin") == nil)
        #expect(!own.body.contains("<script>"), "no inline script: the policy would refuse it")
        let client = try await ConsoleClient.open(port: emulator.port)
        #expect(client.token.count == 64 && client.token.allSatisfy(\.isHexDigit))
        let again = try await ConsoleClient.open(port: emulator.port)
        #expect(again.token == client.token, "one token per process")
        let script = try await RawHTTP.send(port: emulator.port, "GET", "/console/app.js")
        #expect(script.status == 200 && script.header("Content-Type")?.hasPrefix("text/javascript") == true)
        #expect(!script.body.contains(client.token), "the script, which any page may include, holds no token")
    }

    @Test("The API refuses requests without the page's token, with a wrong one, and from a form or image of another site")
    func tokenIsRequired() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let port = emulator.port
        let missing = try await RawHTTP.send(port: port, "GET", "/console/api/rows?collection=Movie")
        #expect(missing.status == 403)
        #expect(missing.body.contains("X-SQLGen-Console-Token"), "\(missing.body)")
        let wrong = try await RawHTTP.send(port: port, "GET", "/console/api/log", headers: ["X-SQLGen-Console-Token: " + String(repeating: "0", count: 64)])
        #expect(wrong.status == 403)
        let client = try await ConsoleClient.open(port: port)
        #expect(try await client.send("GET", "rows?collection=Movie").status == 200)
        // Browsers say where a request comes from even when a form or an image hides its origin.
        for site in ["cross-site", "same-site", "none"] {
            #expect(try await client.send("GET", "log", headers: ["Sec-Fetch-Site: \(site)"]).status == 403, "\(site)")
        }
        #expect(try await client.send("GET", "log", headers: ["Sec-Fetch-Site: same-origin"]).status == 200)
        // A cross-site form can post text/plain only.
        let form = try await RawHTTP.send(port: port, "POST", "/console/api/run", headers: ["\(ConsoleClient.tokenHeader): \(client.token)", "Content-Type: text/plain"],
                                          body: #"{"connector": "movies", "name": "listMovies"}"#)
        #expect(form.status == 415)
    }

    @Test("Another origin is refused even with the token, --allow-origin ones included, and gets no CORS headers or preflight")
    func otherOriginsAreRefused() async throws {
        let emulator = try await Self.emulator(access: LocalAccessPolicy(allowedOrigins: ["http://localhost:5173"]))
        defer { Task { await emulator.shutdown() } }
        let client = try await ConsoleClient.open(port: emulator.port)
        for origin in ["https://attacker.example", "http://localhost:5173", "null"] {
            let reply = try await client.send("GET", "rows?collection=Movie", headers: ["Origin: \(origin)"])
            #expect(reply.status == 403, "\(origin)")
            #expect(reply.header("Access-Control-Allow-Origin") == nil)
            #expect(!reply.body.contains("Casablanca"))
        }
        let preflight = try await RawHTTP.send(port: emulator.port, "OPTIONS", "/console/api/log", headers: [
            "Origin: http://localhost:5173", "Access-Control-Request-Method: GET", "Access-Control-Request-Headers: x-sqlgen-console-token",
        ])
        #expect(preflight.status == 403)
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        let own = try await client.send("POST", "run", body: #"{"connector": "movies", "name": "listMovies"}"#,
                                        headers: ["Origin: http://127.0.0.1:\(emulator.port)"], host: "127.0.0.1:\(emulator.port)")
        #expect(own.status == 200, "the page's own origin: \(own.body)")
    }

    @Test("Host must name the server (DNS rebinding), for the page and the API")
    func foreignHostIsRefused() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let port = emulator.port
        let page = try await RawHTTP.send(port: port, "GET", "/", host: "attacker.example:\(port)")
        #expect(page.status == 403)
        #expect(!page.body.contains("sqlgen-console-token"))
        let client = try await ConsoleClient.open(port: port)
        #expect(try await client.send("GET", "log", host: "attacker.example:\(port)").status == 403)
        #expect(try await client.send("GET", "log", host: "localhost:\(port)").status == 200)
    }

    @Test("Methods: the page and the reads take GET and HEAD, run takes POST; unknown paths are 404")
    func methods() async throws {
        let emulator = try await Self.emulator()
        defer { Task { await emulator.shutdown() } }
        let client = try await ConsoleClient.open(port: emulator.port)
        #expect(try await RawHTTP.send(port: emulator.port, "HEAD", "/").status == 200)
        let post = try await RawHTTP.send(port: emulator.port, "POST", "/", headers: ["Content-Type: application/json"], body: "{}")
        #expect(post.status == 405 && post.header("Allow") == "GET, HEAD")
        let getRun = try await client.send("GET", "run")
        #expect(getRun.status == 405 && getRun.header("Allow") == "POST")
        #expect(try await client.send("GET", "nothing").status == 404)
        #expect(try await RawHTTP.send(port: emulator.port, "GET", "/console/other.js").status == 404)
    }

    @Test("Tokens are compared whole")
    func tokenComparison() {
        #expect(ConsoleGate.equalInConstantTime("abc", "abc"))
        #expect(!ConsoleGate.equalInConstantTime("abc", "abd"))
        #expect(!ConsoleGate.equalInConstantTime("abc", "abcd"))
        #expect(!ConsoleGate.equalInConstantTime("", "abc"))
    }
}
