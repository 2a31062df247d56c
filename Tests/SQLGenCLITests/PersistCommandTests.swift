// `sqlgen persist` against a loopback HTTP server that plays AEM's persist endpoint and records
// every request.

import Foundation
import SQLGenHTTP
import Testing

/// A loopback server answering from a script of (status, body) replies, recording each request.
final class PersistRecorder: Sendable {
    struct Recorded: Sendable {
        let method: String
        let target: String
        let authorization: String?
        let contentType: String?
        let body: [UInt8]
        var query: String? {
            (try? JSONSerialization.jsonObject(with: Data(body))).flatMap { ($0 as? [String: Any])?["query"] as? String }
        }
    }

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Recorded] = []
        private var script: [(Int, String)]
        init(script: [(Int, String)]) { self.script = script }

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            lock.lock()
            defer { lock.unlock() }
            recorded.append(Recorded(method: request.method, target: request.target, authorization: request.headers["Authorization"],
                                     contentType: request.headers["Content-Type"], body: request.body))
            let (status, body) = script.isEmpty ? (500, #"{"message":"unscripted"}"#) : script.removeFirst()
            return .json(status: status, body)
        }

        var requests: [Recorded] {
            lock.lock()
            defer { lock.unlock() }
            return recorded
        }
    }

    private let state: State
    private let server: HTTPServer
    let port: Int

    init(script: [(Int, String)]) throws {
        let state = State(script: script)
        server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, shutdownGracePeriod: .milliseconds(200))) { request in
            state.handle(request)
        }
        port = try server.start()
        self.state = state
    }

    var requests: [Recorded] { state.requests }
    func stop() async { await server.stop() }
}

@Suite struct PersistCommandTests {
    static let connector = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/aem-persist/connector.yaml")

    /// `SQLGen.run` (off the cooperative pool) with the AEM variables of `environment` instead of the test's own.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> SQLGen.Result {
        let merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("AEM_") }.merging(environment) { $1 }
        return try await SQLGen.run(arguments, environment: merged)
    }

    static func text(_ query: String) throws -> String {
        try String(contentsOf: connector.deletingLastPathComponent().appendingPathComponent("queries/\(query).graphql"), encoding: .utf8)
    }

    @Test func createsNewQueriesAndUpdatesExistingOnes() async throws {
        let created = #"{"action":"create","configurationName":"wknd-shared","name":"adventure-by-slug","shortPath":"/wknd-shared/adventure-by-slug"}"#
        let server = try PersistRecorder(script: [(201, created), (409, #"{"message":"already exists"}"#), (200, #"{"action":"update"}"#)])
        let result = try await Self.run(["persist", "--aem", "http://127.0.0.1:\(server.port)/", "--auth", "basic", "--config", Self.connector.path],
                                        environment: ["AEM_USERNAME": "admin", "AEM_PASSWORD": "pässword"])
        let requests = server.requests
        await server.stop()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "created /wknd-shared/adventure-by-slug\nupdated /wknd-shared/adventures-all\nPersisted 2 queries to http://127.0.0.1:\(server.port) (configuration wknd-shared)\n")
        #expect(requests.map { "\($0.method) \($0.target)" } == [
            "PUT /graphql/persist.json/wknd-shared/adventure-by-slug",
            "PUT /graphql/persist.json/wknd-shared/adventures-all",
            "POST /graphql/persist.json/wknd-shared/adventures-all",
        ])
        // The file is stored unchanged (comments, anonymous operation and all).
        #expect(requests.first?.query == (try Self.text("adventure-by-slug")))
        #expect(requests.last?.query == (try Self.text("adventures-all")))
        #expect(requests.allSatisfy { $0.contentType == "application/json" })
        // Basic auth in ISO-8859-1, as Sling decodes it: "admin:p\u{E4}ssword".
        let expected = "Basic " + Data("admin:p".utf8 + [0xE4] + Data("ssword".utf8)).base64EncodedString()
        #expect(requests.allSatisfy { $0.authorization == expected })
    }

    @Test func tokenAuthAndFailureDiagnostics() async throws {
        let server = try PersistRecorder(script: [(201, "{}"), (500, "Internal Servlet Failure\nstack"), (500, #"{"errors":[{"message":"Persisted Query Validation Error"}]}"#)])
        let result = try await Self.run(["persist", "--aem", "http://127.0.0.1:\(server.port)", "--config", Self.connector.path],
                                        environment: ["AEM_AUTH_TYPE": "token", "AEM_TOKEN": "t0ken"])
        let requests = server.requests
        await server.stop()
        #expect(result.status == 1)
        #expect(requests.map(\.authorization) == ["Bearer t0ken", "Bearer t0ken", "Bearer t0ken"])
        #expect(result.stderr.contains("sqlgen: error: /wknd-shared/adventures-all: HTTP 500: PUT answered 500 (Internal Servlet Failure); POST answered 500 ({\"errors\":[{\"message\":\"Persisted Query Validation Error\"}]})"))
        #expect(result.stderr.contains("1 of 2 persisted queries failed"))
    }

    @Test func unauthorizedIsNotRetriedAsAnUpdate() async throws {
        let server = try PersistRecorder(script: [(401, ""), (401, "")])
        let result = try await Self.run(["persist", "--aem", "http://127.0.0.1:\(server.port)", "--config", Self.connector.path])
        let requests = server.requests
        await server.stop()
        #expect(result.status == 1)
        #expect(requests.map(\.method) == ["PUT", "PUT"])
        #expect(requests.allSatisfy { $0.authorization == nil })
        #expect(result.stderr.contains("/wknd-shared/adventure-by-slug: HTTP 401: empty body"))
    }

    @Test func argumentAndCredentialErrorsExitTwo() async throws {
        let missing = try await Self.run(["persist", "--config", Self.connector.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing --aem URL"))
        let badURL = try await Self.run(["persist", "--aem", "localhost:4502", "--config", Self.connector.path])
        #expect(badURL.status == 2)
        #expect(badURL.stderr.contains("--aem: expected an http or https URL"))
        let noPassword = try await Self.run(["persist", "--aem", "http://localhost:4502", "--auth", "basic", "--config", Self.connector.path], environment: ["AEM_USERNAME": "admin"])
        #expect(noPassword.status == 2)
        #expect(noPassword.stderr.contains("--auth basic needs AEM_USERNAME and AEM_PASSWORD"))
        let badMode = try await Self.run(["persist", "--aem", "http://localhost:4502", "--auth", "oauth", "--config", Self.connector.path])
        #expect(badMode.status == 2)
        #expect(badMode.stderr.contains("--auth: expected 'basic' or 'token', found 'oauth'"))
    }

    @Test func invalidQueriesAreNotUploaded() async throws {
        let folder = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = Self.connector.deletingLastPathComponent()
        for item in ["connector.yaml", "schema"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("queries"), withIntermediateDirectories: true)
        try "{ adventureList { items { adventureTitle } } }".write(to: folder.appendingPathComponent("queries/old.graphql"), atomically: true, encoding: .utf8)
        let server = try PersistRecorder(script: [])
        let result = try await Self.run(["persist", "--aem", "http://127.0.0.1:\(server.port)", "--config", folder.appendingPathComponent("connector.yaml").path])
        let requests = server.requests
        await server.stop()
        #expect(result.status == 1)
        #expect(requests.isEmpty)
        #expect(result.stderr.contains("Cannot query field \"adventureTitle\" on type \"AdventureModel\""))
        #expect(result.stderr.contains("nothing was persisted"))
    }

    @Test func aDataConnectConnectorIsRefused() async throws {
        let folder = try SQLGen.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "connectorId: movies\nsqlgen:\n  schema: schema\n".write(to: folder.appendingPathComponent("connector.yaml"), atomically: true, encoding: .utf8)
        let result = try await Self.run(["persist", "--aem", "http://localhost:4502", "--config", folder.appendingPathComponent("connector.yaml").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("persisting needs an AEM connector"))
    }
}
