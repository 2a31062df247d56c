import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLGenEmulator
import SQLGenHTTP
import SQLGenJSON
import SQLGenLanguage

/// An AEM emulator with the WKND content on a loopback port, its database in a temporary folder.
final class AEMHarness: @unchecked Sendable {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("aem")

    let directory: URL
    let engine: EmulatorEngine
    let server: EmulatorServer
    let port: Int
    let session: URLSession

    static func files(_ folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: fixtures.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "graphql" }.sorted { $0.path < $1.path }
    }

    static func content() throws -> JSONValue {
        try JSONParser.parse([UInt8](Data(contentsOf: fixtures.appendingPathComponent("content-fragments.json"))))
    }

    static func schemaSources() throws -> [Source] {
        try files("schema").enumerated().map { Source(try String(contentsOf: $1, encoding: .utf8), name: $1.lastPathComponent, id: SourceID(UInt32($0 + 1))) }
    }

    init(author: Bool = false, assetsDirectory: String? = nil, persistedOnly: Bool = false) async throws {
        directory = TestFolders.root.appendingPathComponent("sqlgen-aem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let operations = try Self.files("queries").enumerated().map { offset, url in
            (name: url.deletingPathExtension().lastPathComponent,
             source: Source(try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent, id: SourceID(UInt32(100 + offset))))
        }
        engine = try EmulatorEngine(aemSchemaSources: try Self.schemaSources(), operations: operations, configuration: "wknd-shared", content: try Self.content(),
                                    databasePath: directory.appendingPathComponent("emulator.sqlite").path, isAuthor: author)
        server = EmulatorServer(engine: engine, configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), persistedOnly: persistedOnly,
                                assetsDirectory: assetsDirectory)
        port = try server.start()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    func shutdown() async {
        await server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: JSONValue? { try? JSONParser.parse([UInt8](body)) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `path` as written (no re-encoding), so the URL encodings under test reach the server intact.
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

    /// GET `/graphql/execute.json/wknd-shared/<name><suffix>`.
    func run(_ name: String, _ suffix: String = "", headers: [String: String] = [:]) async throws -> Reply {
        try await request("GET", "/graphql/execute.json/wknd-shared/\(name)\(suffix)", headers: headers)
    }
}

extension JSONValue {
    /// The string members of `items` at `key`.
    func strings(_ key: String) -> [String] { (arrayValue ?? []).compactMap { $0[key]?.stringValue } }
}
