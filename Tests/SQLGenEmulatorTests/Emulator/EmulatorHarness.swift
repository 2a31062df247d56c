import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenEmulator
import SQLGenHTTP
import SQLGenJSON
import SQLGenLanguage

/// A running emulator on a loopback port with its database in a temporary folder.
final class EmulatorHarness: @unchecked Sendable {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    let directory: URL
    let connector: String
    /// The schema and operation files the engine was built from (a restart reads them again).
    let inputs: (schema: [Source], operations: [Source])
    private(set) var engine: EmulatorEngine
    private(set) var server: EmulatorServer
    private(set) var port = 0
    let session: URLSession

    var databasePath: String { directory.appendingPathComponent("emulator.sqlite").path }

    static func text(_ fixture: String, _ file: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(fixture).appendingPathComponent(file), encoding: .utf8)
    }

    /// `schema.gql`, `queries.gql` and `mutations.gql` of `Fixtures/<fixture>`, then its `seed` file.
    convenience init(fixture: String, connector: String, seed: String? = nil, persistedOnly: Bool = false, directory: URL? = nil,
                     limits: ExecutionLimits = ExecutionLimits(), requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
                     access: LocalAccessPolicy? = nil) async throws {
        let schema = [Source(try Self.text(fixture, "schema.gql"), name: "schema.gql")]
        let operations = [
            Source(try Self.text(fixture, "queries.gql"), name: "queries.gql", id: SourceID(1)),
            Source(try Self.text(fixture, "mutations.gql"), name: "mutations.gql", id: SourceID(2)),
        ]
        try await self.init(schema: schema, operations: operations, connector: connector, persistedOnly: persistedOnly, directory: directory,
                            limits: limits, requestTimeout: requestTimeout, access: access)
        if let seed {
            _ = try await engine.runSeed(try Self.text(fixture, seed), name: seed)
        }
    }

    /// An engine over `schema` and `operations` (sources with distinct ids), on a fresh database.
    init(schema: [Source], operations: [Source], connector: String, persistedOnly: Bool = false, directory: URL? = nil,
         limits: ExecutionLimits = ExecutionLimits(), requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
         access: LocalAccessPolicy? = nil) async throws {
        self.connector = connector
        inputs = (schema, operations)
        self.directory = directory ?? TestFolders.root.appendingPathComponent("sqlgen-emulator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
        do {
            (engine, server, port) = try await Self.launch(inputs, connector: connector, path: self.directory.appendingPathComponent("emulator.sqlite").path,
                                                           persistedOnly: persistedOnly, limits: limits, requestTimeout: requestTimeout,
                                                           access: access)
        } catch {
            TestDatabase.drop(path: self.directory.appendingPathComponent("emulator.sqlite").path)
            try? FileManager.default.removeItem(at: self.directory)
            throw error
        }
    }

    private static func launch(_ inputs: (schema: [Source], operations: [Source]), connector: String, path: String, persistedOnly: Bool,
                               limits: ExecutionLimits, requestTimeout: Duration? = EmulatorEngine.defaultRequestTimeout,
                               access: LocalAccessPolicy? = nil) async throws -> (EmulatorEngine, EmulatorServer, Int) {
        let engine = try TestDatabase.engine(schemaSources: inputs.schema, operationSources: inputs.operations, connectorId: connector, databasePath: path,
                                        limits: limits, requestTimeout: requestTimeout)
        let server = EmulatorServer(engine: engine, configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), persistedOnly: persistedOnly,
                                    access: access)
        let port = try server.start()
        return (engine, server, port)
    }

    /// Stops the server and opens a new engine and server on the same database file.
    func restart() async throws {
        await server.stop()
        (engine, server, port) = try await Self.launch(inputs, connector: connector, path: databasePath, persistedOnly: false, limits: ExecutionLimits())
    }

    func shutdown() async {
        await server.stop()
        TestDatabase.drop(path: databasePath)
        try? FileManager.default.removeItem(at: directory)
    }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: JSONValue? { try? JSONParser.parse([UInt8](body)) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) async throws -> Reply {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        var replyHeaders: [String: String] = [:]
        for (key, value) in http?.allHeaderFields ?? [:] { replyHeaders[String(describing: key).lowercased()] = String(describing: value) }
        return Reply(status: http?.statusCode ?? 0, headers: replyHeaders, body: data)
    }

    /// POSTs a hosted operation.
    func post(_ operation: String, _ variables: String = "{}", headers: [String: String] = [:]) async throws -> Reply {
        try await request("POST", "/graphql/execute.json/\(connector)/\(operation)", body: "{\"variables\": \(variables)}", headers: headers)
    }

    /// POSTs an ad-hoc GraphQL request.
    func graphQL(_ query: String, variables: String = "{}") async throws -> Reply {
        let escaped = JSONValue.string(query).jsonText
        return try await request("POST", "/graphql", body: "{\"query\": \(escaped), \"variables\": \(variables)}")
    }
}

extension JSONValue {
    /// Follows keys and indices: `value["data", "movies", 0, "title"]`.
    subscript(path: Any...) -> JSONValue? {
        var current: JSONValue? = self
        for step in path {
            if let key = step as? String {
                current = current?[key]
            } else if let index = step as? Int, case .array(let items)? = current, items.indices.contains(index) {
                current = items[index]
            } else {
                return nil
            }
        }
        return current
    }
}
