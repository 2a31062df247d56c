import Foundation
import Testing

/// Every command refuses an input that is not a regular file with a diagnostic: a FIFO would
/// block the read until a writer came, a device such as `/dev/zero` would never end.
@Suite struct NonRegularFileTests {
    /// A connector folder: `schema/schema.gql`, one operation file, and `connector.yaml` with `sqlgen` settings.
    static func connector(settings: String) throws -> URL {
        let folder = try SQLGen.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("schema"), withIntermediateDirectories: true)
        try Data("type Movie @table { title: String! }\n".utf8).write(to: folder.appendingPathComponent("schema/schema.gql"))
        try Data("query ListMovies { movies { title } }\n".utf8).write(to: folder.appendingPathComponent("queries.gql"))
        let yaml = "connectorId: movies\ngenerate:\n  swiftSdk:\n    outputDir: out\n    package: MoviesSDK\n" + settings
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("connector.yaml"))
        return folder
    }

    /// Runs `sqlgen arguments` in `folder` and expects it to end with `status` and `message` on standard error.
    static func expectRefusal(_ arguments: [String], in folder: URL, status: Int32, message: String) async throws {
        let result = try await SQLGen.run(arguments, in: folder)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    static func fifo(_ name: String, in folder: URL) throws {
        let path = folder.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
    }

    @Test(.timeLimit(.minutes(1))) func generateRefusesAFIFONamedAsOperationsOrSchema() async throws {
        let folder = try Self.connector(settings: "sqlgen:\n  operations: [ops.gql]\n")
        try Self.fifo("ops.gql", in: folder)
        try await Self.expectRefusal(["generate"], in: folder, status: 1, message: "ops.gql: error: cannot read")

        let schemaFolder = try Self.connector(settings: "sqlgen:\n  schema: pipe.gql\n")
        try Self.fifo("pipe.gql", in: schemaFolder)
        try await Self.expectRefusal(["generate"], in: schemaFolder, status: 1, message: "pipe.gql")
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOAsConnectorYAMLIsAnError() async throws {
        let folder = try Self.connector(settings: "")
        try Self.fifo("connector.yaml", in: folder)
        try await Self.expectRefusal(["generate"], in: folder, status: 1, message: "is not a regular file")
    }

    @Test(.timeLimit(.minutes(1))) func validateNamesADeviceAndAFIFO() async throws {
        let folder = try Self.connector(settings: "")
        try Self.fifo("pipe.gql", in: folder)
        try await Self.expectRefusal(["validate", "--schema", "/dev/zero", "queries.gql"], in: folder, status: 2, message: "'/dev/zero' is not a regular file")
        try await Self.expectRefusal(["validate", "--schema", "schema/schema.gql", "pipe.gql"], in: folder, status: 2, message: "'pipe.gql' is not a regular file")
    }

    @Test(.timeLimit(.minutes(1))) func theEmulatorRefusesAFIFOToImport() async throws {
        let folder = try Self.connector(settings: "")
        try Self.fifo("rows.json", in: folder)
        try await Self.expectRefusal(["emulator", "--data-dir", folder.appendingPathComponent("data").path, "--port", "0", "--import", "rows.json"],
                                     in: folder, status: 1, message: "cannot read rows.json")
    }
}
