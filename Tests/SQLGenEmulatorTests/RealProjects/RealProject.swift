import Foundation
@testable import SQLGenEmulator
import SQLGenJSON
import SQLGenLanguage
import SQLGenYAML

/// A Data Connect project as published in `Tests/RealProjects`, read the way Data Connect reads
/// it: `dataconnect.yaml` names the schema folder and the connector folders, and every `.gql`
/// file below a folder belongs to it.
struct RealProject {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealProjects")

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    let folder: URL
    let connectorId: String
    let schema: [Source]
    private(set) var operations: [Source]

    /// `path` is relative to `Tests/RealProjects` (`realworld/qs-flutter`); `connector` picks one
    /// of `connectorDirs` (the first by default).
    init(_ path: String, connector: Int = 0) throws {
        folder = Self.root.appendingPathComponent(path)
        let project = try Self.yaml(folder.appendingPathComponent("dataconnect.yaml"))
        let schemaFolder = project["schema"]?["source"]?.text ?? "./schema"
        guard let connectorDirs = project["connectorDirs"]?.items?.compactMap(\.text), connectorDirs.indices.contains(connector) else {
            throw LoadError(description: "\(path)/dataconnect.yaml: no connectorDirs entry \(connector)")
        }
        let connectorFolder = folder.appendingPathComponent(connectorDirs[connector])
        let connectorYAML = try Self.yaml(connectorFolder.appendingPathComponent("connector.yaml"))
        guard let id = connectorYAML["connectorId"]?.text else { throw LoadError(description: "\(connectorDirs[connector])/connector.yaml: no connectorId") }
        connectorId = id
        let schemaFiles = Self.gqlFiles(in: folder.appendingPathComponent(schemaFolder))
        let operationFiles = Self.gqlFiles(in: connectorFolder)
        schema = try Self.sources(schemaFiles, firstID: 1)
        operations = try Self.sources(operationFiles, firstID: UInt32(schemaFiles.count + 1))
    }

    /// The same project with its connector's files as one source: Data Connect reads a
    /// connector's files as one document (a fragment in one file serves operations in another).
    func operationsInOneSource() -> RealProject {
        var copy = self
        let text = operations.map(\.text).joined(separator: "\n")
        copy.operations = [Source(text, name: operations.map(\.name).joined(separator: "+"), id: operations.first?.id ?? SourceID(1))]
        return copy
    }

    /// A project file's text (`moviedata_insert.gql`).
    func text(_ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    /// The engine over a fresh SQLite file in a temporary folder, serving the connector over HTTP,
    /// after the `seeds` files ran in order (a failing seed stops it and removes the folder).
    func start(seeding seeds: String...) async throws -> EmulatorHarness {
        let emulator = try await EmulatorHarness(schema: schema, operations: operations, connector: connectorId)
        do {
            for file in seeds { try await seed(emulator, file) }
        } catch {
            await emulator.shutdown()
            throw error
        }
        return emulator
    }

    /// Runs a seed file of the project as `sqlgen emulator --seed` does; returns its operation count.
    @discardableResult
    func seed(_ emulator: EmulatorHarness, _ file: String) async throws -> Int {
        try await emulator.engine.runSeed(try text(file), name: file)
    }

    private static func yaml(_ url: URL) throws -> YAMLNode {
        try YAML.parse(try String(contentsOf: url, encoding: .utf8))
    }

    /// Every `.gql` file below `folder`, sorted by path (none when the folder does not exist).
    private static func gqlFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "gql" }.sorted { $0.path < $1.path }
    }

    private static func sources(_ files: [URL], firstID: UInt32) throws -> [Source] {
        try files.enumerated().map { offset, url in
            Source(try String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent, id: SourceID(firstID + UInt32(offset)))
        }
    }
}

extension EmulatorHarness {
    /// GETs a hosted query as an app does: `/graphql/execute.json/<connector>/<operation>;name=value...`.
    func get(_ operation: String, _ variables: KeyValuePairs<String, String> = [:], headers: [String: String] = [:]) async throws -> Reply {
        var path = "/graphql/execute.json/\(connector)/\(operation)"
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        for (name, value) in variables {
            path += ";\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }
        return try await request("GET", path, headers: headers)
    }

    /// The names of the database's tables.
    func storedTableNames() throws -> [String] {
        try TestDatabase.tableNames(path: databasePath)
    }

    /// The column names of `table`.
    func storedColumnNames(_ table: String) throws -> [String] {
        try TestDatabase.columnNames(path: databasePath, table: table)
    }

    /// The row count of each table, by the plural root field (`movies`), through `_count`.
    func count(_ plural: String) async throws -> Int64? {
        let reply = try await graphQL("query { \(plural) { _count } }")
        if case .int(let count)? = reply.json?["data", plural, 0, "_count"] { return count }
        return nil
    }
}

/// `Authorization: Bearer <unsigned JWT>` headers, as the Auth emulator issues them (no signature).
enum SignedIn {
    static func user(_ uid: String, emailVerified: Bool = false, provider: String = "password") -> [String: String] {
        let claims = #"{"sub":"\#(uid)","user_id":"\#(uid)","email_verified":\#(emailVerified),"firebase":{"sign_in_provider":"\#(provider)"}}"#
        let header = #"{"alg":"none","typ":"JWT"}"#
        return ["Authorization": "Bearer \(base64URL(header)).\(base64URL(claims))."]
    }

    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension JSONValue {
    /// `key` of every object in this array: `movies.values("title")`.
    func values(_ key: String) -> [JSONValue] {
        (arrayValue ?? []).map { $0[key] ?? .null }
    }

    /// An `Int` or `Float` result as a Double.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
